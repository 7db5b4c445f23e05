import type { Booking } from "#domain/booking.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { primaryActionClass } from "#web/shell/page-shell.tsx";
import { useNoShowRescue } from "./booking-api.ts";
import { bookingMessages } from "./booking-messages.ts";

/**
 * "Mate hasn't arrived?" (record 059): once the server offers the rescue on the booking, two taps,
 * each done at once: another mate free now, or a free cancellation with Mates credit. When nobody is
 * free the server says so and nothing changes; the message shows and "Cancel, free" stays.
 */
export function NoShowRescue({ booking }: { booking: Booking }) {
  const t = useT(bookingMessages);
  const rescue = useNoShowRescue();
  if (!booking.noShowRescue) return null;
  const paid = booking.payment.paidPaise > 0;
  const choose = (choice: "another-mate" | "cancel") => rescue.mutate({ id: booking.id, choice });
  const pending = (choice: "another-mate" | "cancel") => rescue.isPending && rescue.variables?.choice === choice;
  return (
    <section aria-labelledby="no-show-heading" className="rounded-2xl border border-amber-300 bg-amber-50 p-5">
      <h2 id="no-show-heading" className="text-lg font-bold text-amber-950">
        {t("noShowTitle")}
      </h2>
      <p className="mt-1 mb-4 text-amber-950">{t(paid ? "noShowTextPaid" : "noShowText")}</p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row">
        <button
          type="button"
          onClick={() => choose("cancel")}
          disabled={rescue.isPending}
          className="rounded-xl border border-red-300 px-4 py-2 font-semibold text-red-800 hover:bg-red-50 disabled:opacity-60"
        >
          {pending("cancel") ? t("processing") : t("cancelFreeButton")}
        </button>
        <button
          type="button"
          onClick={() => choose("another-mate")}
          disabled={rescue.isPending}
          className={primaryActionClass}
        >
          {pending("another-mate") ? t("processing") : t("findAnotherMate")}
        </button>
      </div>
      {rescue.isError ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-900">
          {rescue.error.message}
        </p>
      ) : null}
    </section>
  );
}
