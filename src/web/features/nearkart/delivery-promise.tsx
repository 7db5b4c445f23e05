import { Truck } from "lucide-react";
import { useT } from "#web/i18n/use-t.tsx";
import { nearkartMessages } from "./nearkart-messages.ts";

/** Nearkart's promise: same day, in a slot, within service hours, free delivery at MRP. */
export function DeliveryPromise() {
  const t = useT(nearkartMessages);
  return (
    <section aria-labelledby="delivery-heading" className="rounded-2xl bg-brand-50 p-5">
      <h2 id="delivery-heading" className="flex items-center gap-2 font-bold text-brand-950">
        <Truck className="size-5" aria-hidden="true" />
        {t("heading")}
      </h2>
      <ul className="mt-2 space-y-1 text-slate-800">
        <li>{t("slot")}</li>
        <li>{t("free")}</li>
        <li>{t("outOfStock")}</li>
      </ul>
    </section>
  );
}
