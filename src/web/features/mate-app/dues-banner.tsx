import { CreditCard } from "lucide-react";
import { useState } from "react";
import { formatPaise } from "#domain/payments.ts";
import { openCheckout, usePaymentOptions } from "#web/features/payments/public.ts";
import { errorMessage } from "#web/lib/error-message.ts";
import { primaryActionClass } from "#web/shell/page-shell.tsx";
import { refreshMate, useMateProfile } from "./mate-api.ts";
import { confirmDuesPayment, startDuesPayment } from "./mate-money-api.ts";

/** Pays what the mate owes through Razorpay Checkout, the loader the customers' payments use. */
function PayDues({ duesPaise }: { duesPaise: number }) {
  const options = usePaymentOptions();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [paid, setPaid] = useState(false);
  const checkoutUrl = options.data?.online ? options.data.checkoutUrl : undefined;
  if (!checkoutUrl) return null;
  const pay = async () => {
    if (busy) return;
    setBusy(true);
    setProblem(undefined);
    try {
      const outcome = await openCheckout(checkoutUrl, await startDuesPayment());
      if (outcome.kind === "paid") {
        await confirmDuesPayment(outcome.result);
        setPaid(true);
        refreshMate();
      } else if (outcome.kind === "failed") setProblem(`Payment failed: ${outcome.reason} Nothing was charged.`);
      else setProblem("Payment not completed.");
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  if (paid) return <p className="font-medium text-brand-900">Thank you: your payment is received.</p>;
  return (
    <div className="mt-3 space-y-2">
      {problem ? (
        <p role="alert" className="font-medium text-red-900">
          {problem}
        </p>
      ) : null}
      <button type="button" className={primaryActionClass} onClick={() => void pay()} disabled={busy} aria-busy={busy}>
        <CreditCard className="size-5" aria-hidden="true" />
        {problem ? "Try again" : `Pay ${formatPaise(duesPaise)} now`}
      </button>
    </div>
  );
}

/**
 * What the mate owes Mates (the commission and TDS of jobs paid to them in cash or by UPI), on
 * every screen of their app while they owe anything; past the limit their new jobs are paused.
 */
export function DuesBanner() {
  const profile = useMateProfile();
  const me = profile.data;
  if (!me || me.duesPaise <= 0) return null;
  const owed = formatPaise(me.duesPaise);
  return (
    <section
      aria-label="What you owe Mates"
      className={`mb-4 rounded-2xl border p-4 ${me.paused ? "border-red-200 bg-red-50 text-red-900" : "border-amber-300 bg-amber-50 text-amber-950"}`}
    >
      <p role="status" className="font-medium">
        {me.paused
          ? `Your new jobs are paused: you owe Mates ${owed}. Pay it to get new jobs again; jobs you already have stay yours.`
          : `You owe Mates ${owed} (commission and TDS on jobs paid to you). Past ${formatPaise(me.duesLimitPaise)}, new jobs pause until it is paid.`}
      </p>
      <PayDues duesPaise={me.duesPaise} />
    </section>
  );
}
