import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { BRAND, TAGLINE, TIMINGS } from "./src/domain/constants.ts";
import { APP_ICONS, APP_MANIFEST, BRAND_COLOUR, SERVICE_WORKER } from "./src/domain/installable-app.ts";
import { SITE_DESCRIPTION } from "./src/domain/page-meta.ts";
import { customerFiles } from "./src/domain/start-up.ts";
import { compileHint, firstPaintAndPrefetch, SHARED_CHUNK, sharedChunkGroup } from "./vite-chunks.ts";
import { compiledMessages } from "./vite-messages.ts";
import { reactRouterWithoutFrameworkMode } from "./vite-react-router.ts";

/**
 * index.html holds the splash as plain HTML and CSS (painted before any script runs). Its
 * texts and timings come from the spec constants: `%MATES_…%` placeholders in the markup and
 * `var(--MATES_…)` placeholders in the CSS (valid CSS, so linters can read the file) are
 * filled here, so nothing is re-typed.
 */
function specConstantsInHtml(): Plugin {
  const values: Record<string, string> = {
    MATES_BRAND: BRAND,
    MATES_TAGLINE: TAGLINE,
    MATES_SITE_DESCRIPTION: SITE_DESCRIPTION,
    MATES_BRAND_COLOUR: BRAND_COLOUR,
    MATES_SPLASH_MS: `${TIMINGS.splashMs}ms`,
    MATES_SPLASH_FADE_MS: `${TIMINGS.splashFadeMs}ms`,
  };
  return {
    name: "mates-spec-constants-in-html",
    transformIndexHtml(html) {
      return html.replace(/%(MATES_[A-Z_]+)%|var\(--(MATES_[A-Z_]+)\)/g, (match, markupKey, cssKey) => {
        const key = String(markupKey ?? cssKey);
        const value = values[key];
        if (value === undefined) throw new Error(`index.html: unknown placeholder ${match}`);
        return value;
      });
    },
  };
}

/**
 * sonner inserts its stylesheet as a <style> element when it loads, without a nonce, which the
 * Content-Security-Policy refuses (docs/decisions/014-security-headers.md). This gives that element
 * the nonce that Radix's scroll lock also reads (`__webpack_nonce__`, set by src/web/lib/csp.ts).
 * If sonner changes that code, the build stops here rather than the toasts losing their styles.
 */
function sonnerStyleNonce(): Plugin {
  const insertion = "let style = document.createElement('style')";
  return {
    name: "mates-sonner-style-nonce",
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]sonner[\\/]dist[\\/]index\.mjs$/.test(id.split("?")[0] ?? id)) return null;
      if (!code.includes(insertion)) {
        this.error("sonner no longer creates its <style> as expected: update sonnerStyleNonce in vite.config.ts");
      }
      return code.replace(
        insertion,
        `${insertion}\n  if (typeof __webpack_nonce__ !== 'undefined') style.setAttribute('nonce', __webpack_nonce__)`,
      );
    },
  };
}

const sharedChunk = sharedChunkGroup();

const outDir = fileURLToPath(new URL("./dist/web", import.meta.url));

/**
 * What the service worker precaches (decision 037): the app shell, answered at `/` (index.html as
 * the server serves it: `/index.html` itself is no page of the app and answers 404), and exactly
 * the built files a customer's page loads at start or fetches during the splash: the built
 * index.html's start-up list and its prefetch list. Installing the worker then costs no download of its own
 * (those files are in the browser's cache by then), and the mate app's and the console's chunks,
 * which a customer never opens, stay out (the worker caches them once someone uses them).
 */
function customerPrecache(entries: { url: string; revision: string | null; size: number }[]) {
  const customer = customerFiles(readFileSync(`${outDir}/index.html`, "utf8"));
  const manifest = entries
    .filter((entry) => !entry.url.startsWith("assets/") || customer.has(entry.url))
    .map((entry) => (entry.url === "index.html" ? { ...entry, url: "/" } : entry));
  return { manifest, warnings: [] };
}

export default defineConfig({
  root: fileURLToPath(new URL("./src/web", import.meta.url)),
  resolve: {
    // @lingui/react reads React's store hook through this package's shim for React 17; React 19 has
    // it (decision 071).
    alias: [
      {
        find: /^use-sync-external-store\/shim$/,
        replacement: fileURLToPath(new URL("./src/web/lib/use-sync-external-store.ts", import.meta.url)),
      },
    ],
  },
  publicDir: fileURLToPath(new URL("./src/web/public", import.meta.url)),
  plugins: [
    compiledMessages(),
    react(),
    tailwindcss(),
    specConstantsInHtml(),
    sonnerStyleNonce(),
    reactRouterWithoutFrameworkMode(),
    sharedChunk.plugin,
    firstPaintAndPrefetch(),
    // The web app manifest (written to /manifest.webmanifest and linked from index.html) and the
    // service worker (src/web/service-worker/sw.ts, built to /sw.js), decision 037. The page
    // registers the worker itself (src/web/features/app-worker/), lazily, after the first paint.
    VitePWA({
      strategies: "injectManifest",
      srcDir: "service-worker",
      filename: "sw.ts",
      injectRegister: false,
      scope: SERVICE_WORKER.scope,
      manifest: {
        name: BRAND,
        short_name: BRAND,
        ...APP_MANIFEST,
        description: SITE_DESCRIPTION,
        icons: [
          { src: APP_ICONS.any192, sizes: "192x192", type: "image/png", purpose: "any" },
          { src: APP_ICONS.any512, sizes: "512x512", type: "image/png", purpose: "any" },
          { src: APP_ICONS.maskable512, sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      },
      injectManifest: {
        // A classic script: every browser with service workers runs it (module workers are newer).
        rollupFormat: "iife",
        globPatterns: ["**/*.{js,css,html,svg,woff2}"],
        // The build manifest, the Google sign-in window's page, and the worker itself.
        globIgnores: [".vite/**", "auth/**", "sw.js"],
        manifestTransforms: [customerPrecache],
      },
    }),
  ],
  build: {
    outDir,
    emptyOutDir: true,
    assetsDir: "assets",
    target: "es2022",
    // BUILD_SOURCEMAPS=1 writes maps for scripts/bench/long-tasks-bench.ts, "hidden": the files do not
    // point to them, so their sizes (and the budgets) are the same as without. A build for measuring
    // only: the server would hand the maps to anyone who asked, so never deploy one.
    sourcemap: process.env.BUILD_SOURCEMAPS === "1" ? "hidden" : false,
    // scripts/bundle-size.ts reads the manifest to measure what the home page loads.
    manifest: true,
    rolldownOptions: {
      output: {
        postBanner: compileHint(sharedChunk.isCustomer),
        // Decision 043: the small modules customers' pages share, in one chunk; the rest as the
        // bundler splits it. The group takes exactly what sharedChunkGroup chose, not what those
        // modules import, which is start-up code or chosen too.
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            { name: "start-up", tags: ["$initial"], priority: 2 },
            { name: SHARED_CHUNK, test: sharedChunk.test, minShareCount: 2 },
          ],
        },
      },
    },
    // index.html preloads the start-up chunks. Lazy chunks get no dependency lists: those lists
    // would sit in the start-up bundle, and index.html prefetches every chunk during the splash
    // anyway (firstPaintAndPrefetch). Every supported browser has modulepreload: no polyfill.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, dependencies, { hostType }) => (hostType === "html" ? dependencies : []),
    },
  },
  server: {
    port: 5173,
    proxy: {
      "/api": { target: "http://localhost:3000", changeOrigin: false },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      "/api": { target: "http://localhost:3000", changeOrigin: false },
    },
  },
});
