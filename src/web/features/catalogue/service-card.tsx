import { ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { averageText, formatRupees, type Service, servicePath, startingPrice } from "#domain/catalogue.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { catalogueMessages } from "./catalogue-messages.ts";
import { ServiceIcon } from "./service-icon.tsx";

/** A service in a listing: icon, title and its lowest price, linking to its page. */
export function ServiceCard({ service }: { service: Service }) {
  const t = useT(catalogueMessages);
  return (
    <Link
      to={servicePath(service)}
      className="group flex h-full items-center gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition hover:-translate-y-0.5 hover:border-brand-300 hover:shadow-md"
    >
      <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-800 group-hover:bg-brand-100">
        <ServiceIcon name={service.icon} />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-semibold leading-snug text-slate-900">{service.title}</span>
        <span className="mt-0.5 block text-sm text-slate-600">
          {t("fromPrice", { price: formatRupees(startingPrice(service)) })}
          {averageText(service)}
        </span>
      </span>
      <ChevronRight className="size-5 shrink-0 text-slate-400 group-hover:text-brand-700" aria-hidden="true" />
    </Link>
  );
}
