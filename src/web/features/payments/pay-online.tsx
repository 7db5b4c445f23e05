import { CreditCard } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import type { Booking } from "#domain/booking.ts";
import { lazyDateFormats } from "#domain/date-format.ts";
import { formatPaise } from "#domain/payments.ts";
import { activeLocale } from "#web/i18n/i18n.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { errorMessage } from "#web/lib/error-message.ts";
import { primaryActionClass } from "#web/shell/page-shell.tsx";
import { openCheckout } from "./checkout.ts";
import { confirmCheckout, startCheckout, usePaymentOptions } from "./payment-api.ts";
import { paymentsMessages } from "./payments-messages.ts";

const keptUntil = lazyDateFormats({ hour: "numeric", minute: "2-digit", timeZone: "Asia/Kolkata" });

const holdValues = (payBy: string) => ({ time: keptUntil(activeLocale()).format(new Date(payBy)) });

/** How long a held booking is kept, in the customer's words and language (a component's hook). */
export function useHoldText(): (payBy: string) => string {
  const t = useT(paymentsMessages);
  return (payBy) => t("holdUntil", holdValues(payBy));
}

/**
 * Pays what a booking owes online (the held booking, or the bill after the job) through Razorpay
 * Checkout. A failure or a closed window leaves the booking as it was, says so and offers "Try
 * again"; a payment is confirmed by the server before the page says it is paid.
 */
export function PayOnline({
  booking,
  label,
  onPaid,
  startAtOnce = false,
}: {
  booking: Booking;
  label?: string;
  onPaid: (booking: Booking) => void;
  /** Opens Checkout as soon as it can (right after "Confirm and pay"). */
  startAtOnce?: boolean;
}) {
  const t = useT(paymentsMessages);
  const hold = useHoldText();
  const options = usePaymentOptions();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const started = useRef(false);
  const due = booking.payment.duePaise;
  const checkoutUrl = options.data?.online && due > 0 ? options.data.checkoutUrl : undefined;

  const pay = async () => {
    if (busy || !checkoutUrl) return;
    setBusy(true);
    setProblem(undefined);
    try {
      const order = await startCheckout(booking.id);
      const outcome = await openCheckout(checkoutUrl, order);
      if (outcome.kind === "paid") {
        onPaid(await confirmCheckout(booking.id, outcome.result));
      } else if (outcome.kind === "failed") {
        setProblem(t("paymentFailed", { reason: outcome.reason }));
      } else {
        const payBy = booking.payment.payBy;
        setProblem(payBy ? t("notCompletedHold", { hold: hold(payBy) }) : t("notCompleted"));
      }
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  useEffect(() => {
    if (!startAtOnce || started.current || !checkoutUrl) return;
    started.current = true;
    void pay();
  });

  if (!checkoutUrl) return null;
  return (
    <div className="space-y-3">
      {problem ? (
        <p role="alert" className="rounded-xl bg-red-50 p-4 font-medium text-red-900">
          {problem}
        </p>
      ) : null}
      <button
        type="button"
        className={`${primaryActionClass} w-full sm:w-auto`}
        onClick={() => void pay()}
        disabled={busy}
        aria-busy={busy}
      >
        <CreditCard className="size-5" aria-hidden="true" />
        {problem ? t("tryAgain") : (label ?? t("payOnline", { amount: formatPaise(due) }))}
      </button>
    </div>
  );
}
