import type { ReactNode } from "react";
import { Link } from "react-router";
import { useT } from "#web/i18n/use-t.tsx";
import { shellMessages } from "#web/shell/shell-messages.ts";
import { usePageMeta } from "#web/shell/use-page-meta.ts";

/**
 * A simple page: title (h1, also the tab title), an optional lead paragraph, content, and a
 * link back home. Used by the screens whose full contents later issues build.
 */
export function PageShell({
  title,
  lead,
  icon,
  children,
  homeLink = true,
}: {
  title: string;
  lead?: ReactNode;
  icon?: ReactNode;
  children?: ReactNode;
  homeLink?: boolean;
}) {
  const t = useT(shellMessages);
  usePageMeta(title);
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 lg:px-6 lg:py-14">
      {icon ? (
        <span
          className="mb-5 grid size-14 place-items-center rounded-2xl bg-brand-50 text-brand-800"
          aria-hidden="true"
        >
          {icon}
        </span>
      ) : null}
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-950 sm:text-4xl">{title}</h1>
      {lead ? <p className="mt-3 text-lg text-slate-700">{lead}</p> : null}
      {children ? <div className="mt-8 space-y-6">{children}</div> : null}
      {homeLink ? (
        <p className="mt-10">
          <Link to="/" className="font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-950">
            {t("backHome")}
          </Link>
        </p>
      ) : null}
    </div>
  );
}

/** A primary call to action styled as a button. */
export const primaryActionClass =
  "inline-flex items-center justify-center gap-2 rounded-xl bg-brand-800 px-5 py-3 font-semibold text-white shadow-sm hover:bg-brand-900";

/** A secondary action styled as an outlined button. */
export const secondaryActionClass =
  "inline-flex items-center justify-center gap-2 rounded-xl border border-slate-300 bg-white px-5 py-3 font-semibold text-slate-900 hover:border-brand-700 hover:text-brand-900";
