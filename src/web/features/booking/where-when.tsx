import { CalendarClock, MapPin } from "lucide-react";
import { type Address, formatAddress } from "#domain/address.ts";
import { activeLocale } from "#web/i18n/i18n.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { formatSlot } from "./booking-format.ts";
import { bookingMessages } from "./booking-messages.ts";
import { addressLabelText } from "./booking-texts.ts";

type Place = Pick<Address, "flat" | "building" | "street" | "locality" | "pincode" | "label">;

/** Where and when a booking is: the address and the start, side by side. */
export function WhereWhen({ address, start }: { address: Place; start: string }) {
  const t = useT(bookingMessages);
  const card = "flex gap-2 rounded-2xl border border-slate-200 bg-white p-4 text-slate-800";
  return (
    <section aria-label={t("addressAndTime")} className="grid gap-3 sm:grid-cols-2">
      <p className={card}>
        <MapPin className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
        <span>
          <span className="block font-semibold">{addressLabelText(address.label, t)}</span>
          {formatAddress(address)}
        </span>
      </p>
      <p className={card}>
        <CalendarClock className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
        <span>
          <span className="block font-semibold">{t("start")}</span>
          {formatSlot(start, activeLocale())}
        </span>
      </p>
    </section>
  );
}
