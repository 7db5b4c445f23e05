import { ChevronRight, Clock, Phone, ShieldCheck } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { averageText, formatRupees, type Service, startingPrice } from "#domain/catalogue.ts";
import { CONTACT } from "#domain/contact.ts";
import { isWithinServiceHours } from "#domain/service-hours.ts";
import { ServiceReviews } from "#web/features/ratings/public.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { telHref } from "#web/shell/contact-links.ts";
import { shellMessages } from "#web/shell/shell-messages.ts";
import { catalogueMessages } from "./catalogue-messages.ts";
import { serviceDetailsMessages } from "./details/details-messages.ts";
import { ServiceFaqs } from "./service-faqs.tsx";
import { ServiceIcon } from "./service-icon.tsx";
import { ServiceOptions, ServiceScope } from "./service-options.tsx";

const bookingLine = CONTACT.phones[0];

/**
 * A service's page content: title (the page's h1), description, options with price and
 * duration, what is and is not included, and service hours. `intro` adds a line above the
 * title (the Renova and Nearkart pages use it).
 */
export function ServiceDetails({
  service,
  intro,
  extra,
  aside,
}: {
  service: Service;
  intro?: ReactNode;
  /** More of the page below the options (Renova's price guide and gallery). */
  extra?: ReactNode;
  /** More of the side column (Nearkart's delivery promise, Renova's site visit). */
  aside?: ReactNode;
}) {
  const t = useT(serviceDetailsMessages);
  const listing = useT(catalogueMessages);
  const shell = useT(shellMessages);
  const open = isWithinServiceHours(new Date());
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 lg:px-6">
      <nav aria-label={t("breadcrumb")} className="text-sm text-slate-600">
        <ol className="flex flex-wrap items-center gap-1">
          <li>
            <Link to="/" className="rounded hover:text-brand-800 hover:underline">
              {shell("navHome")}
            </Link>
          </li>
          <li aria-hidden="true">
            <ChevronRight className="size-4" />
          </li>
          <li>
            <Link to={`/?tab=${service.group}#services`} className="rounded hover:text-brand-800 hover:underline">
              {service.group}
            </Link>
          </li>
          <li aria-hidden="true">
            <ChevronRight className="size-4" />
          </li>
          <li aria-current="page" className="font-medium text-slate-900">
            {service.title}
          </li>
        </ol>
      </nav>

      <div className="mt-6 flex flex-col gap-5 sm:flex-row sm:items-start">
        <span className="grid size-16 shrink-0 place-items-center rounded-2xl bg-brand-800 text-white">
          <ServiceIcon name={service.icon} className="size-8" />
        </span>
        <div className="min-w-0">
          {intro}
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-950 sm:text-4xl">{service.title}</h1>
          <p className="mt-1 font-semibold text-brand-800">
            {startingPrice(service) === 0
              ? shell("free")
              : listing("fromPrice", { price: formatRupees(startingPrice(service)) })}
            {averageText(service)}
          </p>
          <p className="mt-3 max-w-3xl text-slate-700">{service.description}</p>
        </div>
      </div>

      <div className="mt-8 grid gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="space-y-6">
          <ServiceOptions service={service} />
          {extra}
          <ServiceScope service={service} />
          <ServiceFaqs service={service} />
          <ServiceReviews service={service.name} />
        </div>
        <aside aria-label={t("bookingInfo")} className="space-y-4">
          {aside}
          <section aria-labelledby="hours-heading" className="rounded-2xl bg-brand-50 p-5">
            <h2 id="hours-heading" className="flex items-center gap-2 font-bold text-brand-950">
              <Clock className="size-5" aria-hidden="true" />
              {shell("serviceHoursHeading")}
            </h2>
            <p className="mt-2 text-slate-800">{shell("serviceHours")}</p>
            <p className="mt-1 text-sm font-semibold text-brand-900">{t(open ? "workingNow" : "closedNow")}</p>
          </section>
          {bookingLine ? (
            <section aria-labelledby="phone-heading" className="rounded-2xl border border-slate-200 bg-white p-5">
              <h2 id="phone-heading" className="flex items-center gap-2 font-bold text-slate-900">
                <Phone className="size-5 text-brand-700" aria-hidden="true" />
                {t("bookByPhone")}
              </h2>
              <p className="mt-2 text-slate-700">{t("bookByPhoneText")}</p>
              <a
                href={telHref(bookingLine.number)}
                className="mt-3 inline-block rounded-xl bg-brand-800 px-4 py-2.5 font-semibold text-white hover:bg-brand-900"
              >
                {t("callNumber", { number: bookingLine.number })}
              </a>
            </section>
          ) : null}
          <section aria-labelledby="verified-heading" className="rounded-2xl border border-slate-200 bg-white p-5">
            <h2 id="verified-heading" className="flex items-center gap-2 font-bold text-slate-900">
              <ShieldCheck className="size-5 text-brand-700" aria-hidden="true" />
              {t("verifiedMates")}
            </h2>
            <p className="mt-2 text-slate-700">{t("verifiedText")}</p>
          </section>
        </aside>
      </div>
    </div>
  );
}
