/**
 * The app's stylesheet. The built index.html preloads it instead of linking it, once the splash is
 * on screen (vite.config.ts, decisions 028 and 044): a linked stylesheet would hold back every paint
 * until it arrived, and the splash needs only the inline CSS. This applies it and resolves once it has loaded, so the app never renders unstyled.
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
