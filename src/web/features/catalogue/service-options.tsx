import { Check, Clock, X } from "lucide-react";
import { formatDuration, formatRupees, type Service } from "#domain/catalogue.ts";

/** The options of a service, each with its price and how long it takes. */
export function ServiceOptions({ service }: { service: Service }) {
  return (
    <section aria-labelledby="options-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="options-heading" className="text-lg font-bold text-slate-900">
        Options and prices
      </h2>
      <ul className="mt-3 divide-y divide-slate-200">
        {service.options.map((option) => (
          <li key={option.key} className="flex items-start justify-between gap-4 py-3">
            <div>
              <p className="font-medium text-slate-900">{option.label}</p>
              <p className="mt-0.5 flex items-center gap-1 text-sm text-slate-600">
                <Clock className="size-4" aria-hidden="true" />
                <span>
                  <span className="sr-only">Takes about </span>
                  {formatDuration(option.durationMinutes)}
                </span>
              </p>
            </div>
            <p className="shrink-0 text-lg font-bold text-brand-900">{formatRupees(option.priceRupees)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What the price covers and what it does not. */
export function ServiceScope({ service }: { service: Service }) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <section
        aria-labelledby="includes-heading"
        className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <h2 id="includes-heading" className="text-lg font-bold text-slate-900">
          What's included
        </h2>
        {service.includes.length === 0 ? (
          <p className="mt-3 text-slate-700">The option you choose describes the work.</p>
        ) : (
          <ul className="mt-3 space-y-2">
            {service.includes.map((item) => (
              <li key={item} className="flex items-start gap-2 text-slate-800">
                <Check className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
                {item}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section
        aria-labelledby="excludes-heading"
        className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <h2 id="excludes-heading" className="text-lg font-bold text-slate-900">
          Not included
        </h2>
        {service.excludes.length === 0 ? (
          <p className="mt-3 text-slate-700">Nothing is left out of the options listed.</p>
        ) : (
          <ul className="mt-3 space-y-2">
            {service.excludes.map((item) => (
              <li key={item} className="flex items-start gap-2 text-slate-800">
                <X className="mt-0.5 size-5 shrink-0 text-slate-500" aria-hidden="true" />
                {item}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
