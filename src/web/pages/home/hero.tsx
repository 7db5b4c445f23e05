import { Link } from "react-router";
import { SERVED_AREAS, SERVICE_GROUPS } from "#domain/constants.ts";
import { GROUP_SUMMARY } from "#web/features/catalogue/group-info.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { homeMessages } from "#web/pages/home/home-messages.ts";
import { ArrowRightIcon, MapPinIcon } from "#web/shell/shell-icons.tsx";
import { shellMessages } from "#web/shell/shell-messages.ts";

/** The top of the home page: the tagline (the page's h1), the main action and the groups. */
export function Hero() {
  const t = useT(homeMessages);
  const shell = useT(shellMessages);
  return (
    <section
      aria-labelledby="hero-heading"
      className="on-dark bg-gradient-to-br from-brand-950 via-brand-900 to-brand-800 text-white"
    >
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 lg:grid-cols-[1.2fr_1fr] lg:items-center lg:px-6 lg:py-20">
        <div>
          <p className="text-sm font-semibold uppercase tracking-widest text-brand-200">{t("heroEyebrow")}</p>
          <h1 id="hero-heading" className="mt-3 text-4xl font-extrabold tracking-tight sm:text-5xl lg:text-6xl">
            {shell("tagline")}
          </h1>
          <p className="mt-5 max-w-xl text-lg text-brand-50">{t("heroLead")}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link
              to="/#services"
              className="inline-flex items-center gap-2 rounded-xl bg-accent-400 px-6 py-3.5 text-base font-bold text-brand-950 shadow-lg hover:bg-accent-300"
            >
              {t("bookMate")}
              <ArrowRightIcon className="size-5" />
            </Link>
            <Link
              to="/#how-it-works"
              className="inline-flex items-center rounded-xl border border-brand-300/60 px-6 py-3.5 text-base font-semibold text-white hover:bg-white/10"
            >
              {t("howItWorks")}
            </Link>
          </div>
          <div className="mt-8">
            <p className="flex items-center gap-2 text-sm font-semibold text-brand-100">
              <MapPinIcon className="size-4" />
              {t("areasWeServe")}
            </p>
            <ul className="mt-2 flex flex-wrap gap-2">
              {SERVED_AREAS.map((area) => (
                <li key={area} className="rounded-full bg-white/10 px-3 py-1 text-sm text-white">
                  {area}
                </li>
              ))}
            </ul>
          </div>
        </div>
        <ul className="grid gap-3">
          {SERVICE_GROUPS.map((group) => (
            <li key={group}>
              <Link
                to={`/?tab=${group}#services`}
                className="group block rounded-2xl bg-white p-5 text-slate-900 shadow-lg transition hover:-translate-y-0.5"
              >
                <span className="flex items-center justify-between gap-3">
                  <span className="text-xl font-bold text-brand-900">{group}</span>
                  <ArrowRightIcon className="size-5 text-brand-700 transition group-hover:translate-x-1" />
                </span>
                <span className="mt-1 block text-slate-700">{shell(GROUP_SUMMARY[group])}</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
