import { CalendarClock, MapPin } from "lucide-react";
import { type Address, formatAddress } from "#domain/address.ts";
import { formatSlot } from "./booking-format.ts";

type Place = Pick<Address, "flat" | "building" | "street" | "locality" | "pincode" | "label">;

/** Where and when a booking is: the address and the start, side by side. */
export function WhereWhen({ address, start }: { address: Place; start: string }) {
  const card = "flex gap-2 rounded-2xl border border-slate-200 bg-white p-4 text-slate-800";
  return (
    <section aria-label="Address and time" className="grid gap-3 sm:grid-cols-2">
      <p className={card}>
        <MapPin className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
        <span>
          <span className="block font-semibold">{address.label}</span>
          {formatAddress(address)}
        </span>
      </p>
      <p className={card}>
        <CalendarClock className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
        <span>
          <span className="block font-semibold">Start</span>
          {formatSlot(start)}
        </span>
      </p>
    </section>
  );
}
