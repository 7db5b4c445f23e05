import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { BRAND } from "#domain/constants.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { errorPageMessages } from "#web/pages/error/error-page-messages.ts";
import { usePageMeta } from "#web/shell/use-page-meta.ts";

/**
 * When a page fails to render or its code cannot be loaded (for example after a new version
 * was deployed while the tab was open). Rendered without the header, so it depends on nothing.
 */
export function RootErrorPage() {
  const error = useRouteError();
  const t = useT(errorPageMessages);
  usePageMeta(t("errorTitle"));
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : undefined;

  return (
    <main className="grid min-h-dvh place-items-center bg-slate-50 px-4">
      <div className="max-w-lg text-center">
        <p className="text-2xl font-extrabold text-brand-900">{BRAND}</p>
        <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-slate-950">{t("errorTitle")}</h1>
        <p className="mt-3 text-lg text-slate-700">{t("errorText")}</p>
        {detail ? <p className="mt-3 text-sm text-slate-600">{t("errorDetails", { detail })}</p> : null}
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <button
            type="button"
            onClick={() => window.location.reload()}
            className="inline-flex items-center gap-2 rounded-xl bg-brand-800 px-5 py-3 font-semibold text-white hover:bg-brand-900"
          >
            {t("reload")}
          </button>
          <Link
            to="/"
            reloadDocument
            className="inline-flex items-center rounded-xl border border-slate-300 bg-white px-5 py-3 font-semibold text-slate-900 hover:border-brand-700"
          >
            {t("homePage")}
          </Link>
        </div>
      </div>
    </main>
  );
}
