import type { Plugin } from "vite";

/**
 * React Router's start-up code without its framework mode (decision 071). The app is a single-page
 * app on a data router (`createBrowserRouter`, `RouterProvider`); two pieces of React Router that
 * only its framework mode or an unstable option use are referenced from code the app runs, so the
 * bundler cannot drop them, and they cost the home page 2.5 KB gzip:
 * - `<Link>`'s page prefetching renders `<PrefetchPageLinks>`, which reads the framework's manifest
 *   (`useFrameworkContext`, which throws outside `<HydratedRouter>`): with a data router it can
 *   only fail. Taking it out drops `dom/ssr/components.js`'s link machinery, `links.js` and the
 *   single-fetch helpers (1.4 KB).
 * - `createRouter`'s `unstable_instrumentations` hooks, which the app does not pass (1.1 KB). Passing
 *   them now fails at once, naming this plugin, rather than being ignored.
 * Each replacement must find its text exactly: if React Router changes that code, the build stops
 * here (as `sonnerStyleNonce` does in vite.config.ts), rather than the bundle quietly changing.
 */
const PATCHES: { file: RegExp; replacements: [from: string, to: string][] }[] = [
  {
    file: /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/]lib[\\/]dom[\\/]lib\.js$/,
    replacements: [
      [
        "return shouldPrefetch && !isAbsolute ? /* @__PURE__ */ React$1.createElement(React$1.Fragment, null, link, /* @__PURE__ */ React$1.createElement(PrefetchPageLinks, { page: href })) : link;",
        "return link;",
      ],
    ],
  },
  {
    file: /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/]lib[\\/]router[\\/]router\.js$/,
    replacements: [
      [
        "if (init.instrumentations) router = instrumentClientSideRouter(router, init.instrumentations.map((i) => i.router).filter(Boolean));",
        "",
      ],
      ["if (init.instrumentations) {", `if (init.instrumentations) { ${refuse()}`],
      ["if (opts?.instrumentations) {", `if (opts?.instrumentations) { ${refuse()}`],
    ],
  },
];

function refuse(): string {
  return `throw new Error("React Router's instrumentations are left out of the build (vite-react-router.ts)");`;
}

export function reactRouterWithoutFrameworkMode(): Plugin {
  return {
    name: "mates-react-router-without-framework-mode",
    apply: "build",
    transform(code, id) {
      const path = id.split("?")[0] ?? id;
      const patch = PATCHES.find((candidate) => candidate.file.test(path));
      if (!patch) return null;
      let patched = code;
      for (const [from, to] of patch.replacements) {
        if (!patched.includes(from)) {
          this.error(
            `React Router's code changed (${path}): update reactRouterWithoutFrameworkMode in vite-react-router.ts`,
          );
        }
        patched = patched.replaceAll(from, to);
      }
      return { code: patched, map: null };
    },
  };
}
