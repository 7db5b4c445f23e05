import { Truck } from "lucide-react";
import { BOOKING_WINDOW_TEXT } from "#domain/booking-window.ts";
import { SERVICE_HOURS } from "#domain/constants.ts";

/** Nearkart's promise: same day, in a slot, within service hours, free delivery at MRP. */
export function DeliveryPromise() {
  return (
    <section aria-labelledby="delivery-heading" className="rounded-2xl bg-brand-50 p-5">
      <h2 id="delivery-heading" className="flex items-center gap-2 font-bold text-brand-950">
        <Truck className="size-5" aria-hidden="true" />
        Same-day delivery
      </h2>
      <ul className="mt-2 space-y-1 text-slate-800">
        <li>
          Choose a 30-minute slot between {SERVICE_HOURS.opens} and {SERVICE_HOURS.closes}, {BOOKING_WINDOW_TEXT}.
        </li>
        <li>Free delivery to your door; items at the shop's printed MRP.</li>
        <li>The mate calls before replacing anything out of stock.</li>
      </ul>
    </section>
  );
}
