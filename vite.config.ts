import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { BRAND, TAGLINE, TIMINGS } from "./src/domain/constants.ts";

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

export default defineConfig({
  root: fileURLToPath(new URL("./src/web", import.meta.url)),
  publicDir: fileURLToPath(new URL("./src/web/public", import.meta.url)),
  plugins: [react(), tailwindcss(), specConstantsInHtml(), sonnerStyleNonce()],
  build: {
    outDir: fileURLToPath(new URL("./dist/web", import.meta.url)),
    emptyOutDir: true,
    assetsDir: "assets",
    target: "es2022",
    sourcemap: false,
    // scripts/bundle-size.ts reads the manifest to measure what the home page loads.
    manifest: true,
    // index.html preloads the start-up chunks. Lazy chunks get no dependency lists: those lists
    // would sit in the start-up bundle, and every chunk is fetched during the splash anyway
    // (src/web/prefetch.ts). Every supported browser has modulepreload: no polyfill.
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
