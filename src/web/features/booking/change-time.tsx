import { useState } from "react";
import type { Booking } from "#domain/booking.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { primaryActionClass } from "#web/shell/page-shell.tsx";
import { useReschedule } from "./booking-api.ts";
import { bookingMessages } from "./booking-messages.ts";
import { SlotPicker } from "./slot-picker.tsx";

/**
 * Moving a booking to another time, free: the day's open starts for its services, then "Book this
 * time instead". The mate it has keeps it if they are free then; otherwise the next best free mate
 * is assigned, live on the page.
 */
export function ChangeTime({ booking, onDone }: { booking: Booking; onDone?: () => void }) {
  const t = useT(bookingMessages);
  const [start, setStart] = useState<string>();
  const reschedule = useReschedule();
  return (
    <div className="space-y-3">
      <div className="rounded-xl bg-white p-3">
        <SlotPicker value={start} onChange={setStart} booking={booking.id} />
      </div>
      {reschedule.isError ? (
        <p role="alert" className="font-medium text-red-900">
          {reschedule.error.message}
        </p>
      ) : null}
      <button
        type="button"
        className={primaryActionClass}
        disabled={!start || reschedule.isPending}
        onClick={() => start && reschedule.mutate({ id: booking.id, start }, { onSuccess: () => onDone?.() })}
      >
        {t("bookThisTime")}
      </button>
    </div>
  );
}

/** "Change time" on a booking that may still be moved: opens the times in place. */
export function ChangeTimeToggle({ booking }: { booking: Booking }) {
  const t = useT(bookingMessages);
  const [open, setOpen] = useState(false);
  if (!booking.reschedulable) return null;
  return open ? (
    <section
      aria-label={t("changeTime")}
      className="mt-3 space-y-2 rounded-2xl border border-slate-200 bg-slate-50 p-3"
    >
      <p className="text-sm text-slate-700">{t("changeTimeHint")}</p>
      <ChangeTime booking={booking} onDone={() => setOpen(false)} />
      <button type="button" className="text-sm font-semibold text-slate-700 underline" onClick={() => setOpen(false)}>
        {t("keepTime")}
      </button>
    </section>
  ) : (
    <button
      type="button"
      onClick={() => setOpen(true)}
      className="mt-3 mr-2 rounded-xl border border-slate-300 px-4 py-2 font-semibold text-slate-900 hover:bg-slate-50"
    >
      {t("changeTime")}
    </button>
  );
}
