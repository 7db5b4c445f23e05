import { CreditCard } from "lucide-react";
import { useState } from "react";
import { formatPaise } from "#domain/payments.ts";
import { openCheckout, usePaymentOptions } from "#web/features/payments/public.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { errorMessage } from "#web/lib/error-message.ts";
import { primaryActionClass } from "#web/shell/page-shell.tsx";
import { refreshMate, useMateProfile } from "./mate-api.ts";
import { confirmDuesPayment, startDuesPayment } from "./mate-money-api.ts";
import { mateMoneyMessages } from "./money-messages.ts";

/** Pays what the mate owes through Razorpay Checkout, the loader the customers' payments use. */
function PayDues({ duesPaise }: { duesPaise: number }) {
  const t = useT(mateMoneyMessages);
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
      } else if (outcome.kind === "failed") setProblem(t("payFailed", { reason: outcome.reason }));
      else setProblem(t("payNotDone"));
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  if (paid) return <p className="font-medium text-brand-900">{t("thanks")}</p>;
  return (
    <div className="mt-3 space-y-2">
      {problem ? (
        <p role="alert" className="font-medium text-red-900">
          {problem}
        </p>
      ) : null}
      <button type="button" className={primaryActionClass} onClick={() => void pay()} disabled={busy} aria-busy={busy}>
        <CreditCard className="size-5" aria-hidden="true" />
        {problem ? t("tryAgain") : t("payNow", { amount: formatPaise(duesPaise) })}
      </button>
    </div>
  );
}

/**
 * What the mate owes Mates (the commission and TDS of jobs paid to them in cash or by UPI), on
 * every screen of their app while they owe anything; past the limit their new jobs are paused.
 */
export function DuesBanner() {
  const t = useT(mateMoneyMessages);
  const profile = useMateProfile();
  const me = profile.data;
  if (!me || me.duesPaise <= 0) return null;
  const owed = formatPaise(me.duesPaise);
  return (
    <section
      aria-label={t("oweRegion")}
      className={`mb-4 rounded-2xl border p-4 ${me.paused ? "border-red-200 bg-red-50 text-red-900" : "border-amber-300 bg-amber-50 text-amber-950"}`}
    >
      <p role="status" className="font-medium">
        {me.paused ? t("paused", { amount: owed }) : t("owe", { amount: owed, limit: formatPaise(me.duesLimitPaise) })}
      </p>
      <PayDues duesPaise={me.duesPaise} />
    </section>
  );
}
