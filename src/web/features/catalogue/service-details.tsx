import { ChevronRight, Clock, Phone, ShieldCheck } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { averageText, formatRupees, type Service, startingPrice } from "#domain/catalogue.ts";
import { SERVICE_HOURS } from "#domain/constants.ts";
import { CONTACT } from "#domain/contact.ts";
import { formatServiceHours, isWithinServiceHours } from "#domain/service-hours.ts";
import { ServiceReviews } from "#web/features/ratings/public.ts";
import { telHref } from "#web/shell/contact-links.ts";
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
  const open = isWithinServiceHours(new Date());
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 lg:px-6">
      <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
        <ol className="flex flex-wrap items-center gap-1">
          <li>
            <Link to="/" className="rounded hover:text-brand-800 hover:underline">
              Home
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
            {startingPrice(service) === 0 ? "Free" : `from ${formatRupees(startingPrice(service))}`}
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
        <aside aria-label="Booking information" className="space-y-4">
          {aside}
          <section aria-labelledby="hours-heading" className="rounded-2xl bg-brand-50 p-5">
            <h2 id="hours-heading" className="flex items-center gap-2 font-bold text-brand-950">
              <Clock className="size-5" aria-hidden="true" />
              Service hours
            </h2>
            <p className="mt-2 text-slate-800">{formatServiceHours()}</p>
            <p className="mt-1 text-sm font-semibold text-brand-900">
              {open ? "Mates are working now." : `Closed now. Mates start again at ${SERVICE_HOURS.opens}.`}
            </p>
          </section>
          {bookingLine ? (
            <section aria-labelledby="phone-heading" className="rounded-2xl border border-slate-200 bg-white p-5">
              <h2 id="phone-heading" className="flex items-center gap-2 font-bold text-slate-900">
                <Phone className="size-5 text-brand-700" aria-hidden="true" />
                Book by phone
              </h2>
              <p className="mt-2 text-slate-700">Call our bookings line and tell us which option you want.</p>
              <a
                href={telHref(bookingLine.number)}
                className="mt-3 inline-block rounded-xl bg-brand-800 px-4 py-2.5 font-semibold text-white hover:bg-brand-900"
              >
                Call {bookingLine.number}
              </a>
            </section>
          ) : null}
          <section aria-labelledby="verified-heading" className="rounded-2xl border border-slate-200 bg-white p-5">
            <h2 id="verified-heading" className="flex items-center gap-2 font-bold text-slate-900">
              <ShieldCheck className="size-5 text-brand-700" aria-hidden="true" />
              Verified mates
            </h2>
            <p className="mt-2 text-slate-700">
              Every mate's identity and background are checked before their first job, and each job is rated by the
              customer.
            </p>
          </section>
        </aside>
      </div>
    </div>
  );
}
