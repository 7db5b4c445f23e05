import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { useState } from "react";
import type { Booking } from "#domain/booking.ts";
import { formatRupees } from "#domain/catalogue.ts";
import { formatPaise, refundOnCancel } from "#domain/payments.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { useCancelBooking } from "./booking-api.ts";
import { type BookingT, bookingMessages } from "./booking-messages.ts";

/** What cancelling this booking now costs, in words the confirmation quotes. */
export function cancelCostText(booking: Pick<Booking, "cancelChargeRupees" | "payment">, t: BookingT): string {
  const cost =
    booking.cancelChargeRupees === 0
      ? t("cancelFree")
      : t("cancelCharge", { charge: formatRupees(booking.cancelChargeRupees) });
  const paid = booking.payment.paidPaise;
  if (paid === 0) return cost;
  const back = refundOnCancel(paid, booking.cancelChargeRupees);
  const refund =
    back === paid
      ? t("refundAll", { paid: formatPaise(paid) })
      : t("refundPart", { back: formatPaise(back), paid: formatPaise(paid) });
  return `${cost} ${refund}`;
}

/**
 * "Cancel booking", confirmed first: the dialog says what it costs, and the request carries that
 * cost so the server refuses if it changed meanwhile (the mate set off while the dialog was open).
 * The booking is live, so the text follows such a change too.
 */
export function CancelBooking({ booking }: { booking: Booking }) {
  const t = useT(bookingMessages);
  const cancel = useCancelBooking();
  const [open, setOpen] = useState(false);
  const confirm = () =>
    cancel.mutate({ id: booking.id, chargeRupees: booking.cancelChargeRupees }, { onSettled: () => setOpen(false) });
  return (
    <>
      <AlertDialog.Root open={open} onOpenChange={(next) => (cancel.isPending ? undefined : setOpen(next))}>
        <AlertDialog.Trigger
          onClick={() => cancel.reset()}
          className="mt-3 rounded-xl border border-red-300 px-4 py-2 font-semibold text-red-800 hover:bg-red-50"
        >
          {t("cancelBooking")}
        </AlertDialog.Trigger>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
          <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100vw-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl">
            <AlertDialog.Title className="text-lg font-bold text-slate-900">{t("cancelTitle")}</AlertDialog.Title>
            <AlertDialog.Description className="mt-2 text-slate-700">
              {cancelCostText(booking, t)}
            </AlertDialog.Description>
            <p className="mt-2 text-sm text-slate-600">{t("cannotRestore")}</p>
            <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <AlertDialog.Cancel
                disabled={cancel.isPending}
                className="rounded-xl border border-slate-300 px-4 py-2.5 font-semibold text-slate-900 hover:bg-slate-50"
              >
                {t("keepBooking")}
              </AlertDialog.Cancel>
              <button
                type="button"
                onClick={confirm}
                disabled={cancel.isPending}
                className="rounded-xl bg-red-800 px-4 py-2.5 font-semibold text-white hover:bg-red-900"
              >
                {cancel.isPending
                  ? t("processing")
                  : booking.cancelChargeRupees === 0
                    ? t("yesCancel")
                    : booking.payment.paidPaise > 0
                      ? t("cancelRefund", {
                          amount: formatPaise(refundOnCancel(booking.payment.paidPaise, booking.cancelChargeRupees)),
                        })
                      : t("cancelAndPay", { amount: formatRupees(booking.cancelChargeRupees) })}
              </button>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
      {cancel.isError ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-900">
          {cancel.error.message}
        </p>
      ) : null}
    </>
  );
}
