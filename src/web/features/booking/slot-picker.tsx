import { useEffect, useState } from "react";
import { bookingDays } from "#domain/booking.ts";
import { SERVICE_HOURS } from "#domain/constants.ts";
import { lazyDateFormats } from "#domain/date-format.ts";
import { kolkataDay } from "#domain/kolkata-time.ts";
import { activeLocale } from "#web/i18n/i18n.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { ErrorState } from "#web/shell/error-state.tsx";
import { LoadingState } from "#web/shell/loading-state.tsx";
import { useSlots } from "./booking-api.ts";
import { type BookingT, bookingMessages } from "./booking-messages.ts";

const dayFormat = lazyDateFormats({
  weekday: "short",
  day: "numeric",
  month: "short",
  timeZone: "UTC",
});

function dayLabel(day: string, today: string, t: BookingT): string {
  const formatted = dayFormat(activeLocale()).format(new Date(`${day}T00:00:00Z`));
  return day === today ? t("today", { date: formatted }) : formatted;
}

/**
 * The next 7 days and their 30-minute starts (Asia/Kolkata). A start is offered only when a verified
 * mate with the right skill is free for the whole job. A start when such mates work but all are
 * booked shows as "Booked"; one when none works at all is left out (it was never to be had).
 */
export function SlotPicker({
  value,
  onChange,
  booking,
}: {
  value: string | undefined;
  onChange: (start: string) => void;
  /** Times for an existing booking (rescheduling) instead of the cart. */
  booking?: string;
}) {
  const t = useT(bookingMessages);
  const today = kolkataDay(new Date());
  const days = bookingDays(new Date());
  const [day, setDay] = useState(() => (value ? kolkataDay(new Date(value)) : today));
  const slots = useSlots(day, booking);
  const shown = slots.data?.slots.filter((slot) => slot.unavailable !== "off_duty") ?? [];
  const open = shown.filter((slot) => slot.available);

  // Today often has nothing left: move on to the first day that has.
  useEffect(() => {
    if (day === today && slots.data && open.length === 0 && !value && days[1]) setDay(days[1]);
  }, [day, today, slots.data, open.length, value, days]);

  return (
    <div>
      <fieldset className="flex min-w-0 gap-2 overflow-x-auto pb-2">
        <legend className="sr-only">{t("day")}</legend>
        {days.map((candidate) => (
          <button
            key={candidate}
            type="button"
            aria-pressed={candidate === day}
            onClick={() => setDay(candidate)}
            className={`shrink-0 rounded-xl border px-3 py-2 text-sm font-semibold ${
              candidate === day
                ? "border-brand-800 bg-brand-800 text-white"
                : "border-slate-300 bg-white text-slate-800 hover:border-brand-700"
            }`}
          >
            {dayLabel(candidate, today, t)}
          </button>
        ))}
      </fieldset>
      {slots.isPending ? <LoadingState /> : null}
      {slots.isError ? (
        <ErrorState title={t("timesLoadError")} message={slots.error.message} onRetry={() => void slots.refetch()} />
      ) : null}
      {slots.data ? (
        slots.data.slots.length === 0 ? (
          <p className="py-4 text-slate-700">
            {t("noMoreTimes", { opens: SERVICE_HOURS.opens, closes: SERVICE_HOURS.closes })}
          </p>
        ) : shown.length === 0 ? (
          <p className="py-4 text-slate-700">{t("noMateOnDuty")}</p>
        ) : (
          <fieldset className="mt-2 grid min-w-0 grid-cols-3 gap-2 sm:grid-cols-5">
            <legend className="sr-only">{t("startTime")}</legend>
            {shown.map((slot) => (
              <button
                key={slot.start}
                type="button"
                disabled={!slot.available}
                aria-pressed={value === slot.start}
                aria-label={slot.available ? slot.label : t("bookedOut", { time: slot.label })}
                onClick={() => onChange(slot.start)}
                className={`rounded-lg border px-2 py-1.5 text-sm font-semibold ${
                  value === slot.start
                    ? "border-brand-800 bg-brand-800 text-white"
                    : slot.available
                      ? "border-slate-300 bg-white text-slate-900 hover:border-brand-700"
                      : "cursor-not-allowed border-slate-200 bg-slate-100 text-slate-500"
                }`}
              >
                {slot.label}
                {slot.available ? null : <span className="block text-xs font-normal">{t("booked")}</span>}
              </button>
            ))}
          </fieldset>
        )
      ) : null}
    </div>
  );
}
