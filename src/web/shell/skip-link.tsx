import { useT } from "#web/i18n/use-t.tsx";
import { shellMessages } from "#web/shell/shell-messages.ts";

/**
 * The first thing a keyboard reaches: moves focus to the page's <main id="main">. Every frame has
 * one: the customers' (pages/app-layout.tsx) and the mate app's and the console's (pages/role-shell.tsx).
 */
export function SkipLink() {
  const t = useT(shellMessages);
  return (
    // biome-ignore lint/a11y/useValidAnchor: a skip link is a link by convention; the click only moves focus, keeping the router's URL as it is
    <a
      href="#main"
      onClick={(event) => {
        event.preventDefault();
        const main = document.getElementById("main");
        main?.focus();
        main?.scrollIntoView();
      }}
      className="sr-only z-50 rounded-lg bg-brand-800 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:left-3 focus:top-3"
    >
      {t("skipToContent")}
    </a>
  );
}
