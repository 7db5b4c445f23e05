import type { StartUpFiles } from "#domain/start-up.ts";

/**
 * Asks for the app's start-up files once the splash is on screen (decision 044). The splash is
 * plain HTML and CSS in index.html: nothing the app loads helps it paint, so nothing the app loads
 * is fetched, parsed or run before it has. On a slow link that costs the app a frame or two of
 * its 3.2 s under the splash; on a fast or cached load it keeps the app's code from running before
 * the splash's first frame. The moment is the browser's own report of the first contentful paint.
 * A tab opened in the background paints nothing until it is shown, so there the files are asked
 * for at once (or as soon as it is put away before its first paint), as they are in a browser
 * without paint timing. If no report has come after a second, they are asked for anyway. A page
 * that shows no splash (the mate app and the console, decision 050) asks for them at once too.
 *
 * vite.config.ts writes this function into the built index.html as an inline script (its text, by
 * `toString`), called with the id of the JSON block that lists the files: it must use nothing from
 * outside its own body. Under `vite dev` there is no list, and index.html loads main.tsx itself.
 */
export function startAfterFirstPaint(listId: string): void {
  const list = document.getElementById(listId)?.textContent;
  if (!list) return;
  const files = JSON.parse(list) as StartUpFiles;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const add = (tag: "link" | "script", attributes: Record<string, string>) => {
      const element = document.createElement(tag);
      for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
      document.head.append(element);
    };
    add("link", { rel: "preload", as: "style", crossorigin: "", href: files.stylesheet, "data-app-stylesheet": "" });
    for (const file of files.modules) add("link", { rel: "modulepreload", crossorigin: "", href: file });
    add("script", { type: "module", crossorigin: "", src: files.entry });
  };
  const paintTiming =
    typeof PerformanceObserver === "function" && PerformanceObserver.supportedEntryTypes?.includes("paint");
  // Under /mate and /ops there is no splash (index.html marks the page, decision 050): the app's own
  // screen is the first paint there, so waiting for a paint would only wait for the second's timeout.
  const noSplash = document.documentElement.dataset.splash === "off";
  if (noSplash || !paintTiming || document.visibilityState !== "visible") {
    start();
    return;
  }
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName("first-contentful-paint").length === 0) return;
    observer.disconnect();
    start();
  });
  observer.observe({ type: "paint", buffered: true });
  document.addEventListener("visibilitychange", start, { once: true });
  // At most a second's wait: the splash needs a few milliseconds to paint, even on a slow phone.
  window.setTimeout(start, 1000);
}
