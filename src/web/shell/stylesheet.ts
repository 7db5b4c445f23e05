/**
 * The app's stylesheet. The built index.html preloads it instead of linking it (vite.config.ts,
 * decision 028): a linked stylesheet would hold back the splash's first paint, which needs only the
 * inline CSS. This applies it and resolves once it has loaded, so the app never renders unstyled.
 * Under `vite dev` styles come through the module graph and there is nothing to apply. If the file
 * cannot be had, the app still starts (unstyled beats blank).
 */
export function applyStylesheet(): Promise<void> {
  const preload = document.querySelector<HTMLLinkElement>("link[data-app-stylesheet]");
  if (!preload) return Promise.resolve();
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = preload.href;
  if (preload.crossOrigin !== null) link.crossOrigin = preload.crossOrigin;
  return new Promise((resolve) => {
    link.addEventListener("load", () => resolve(), { once: true });
    link.addEventListener("error", () => resolve(), { once: true });
    document.head.append(link);
  });
}
