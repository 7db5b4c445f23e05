import { useId, useState } from "react";
import { ADJUSTMENT_RULES } from "#domain/adjustments.ts";
import { useAdjustMate } from "./ops-api.ts";
import { buttonClass, inputClass, Outcome } from "./ops-ui.tsx";

/**
 * An operator's adjustment of a mate's balance (issue 39, record 062): signed whole rupees (a
 * minus for what the mate owes) and the reason the mate reads on their earnings; the server
 * refuses one without a reason and audits the rest.
 */
export function AdjustmentForm({ mateId }: { mateId: string }) {
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const adjust = useAdjustMate(mateId);
  const ids = { amount: useId(), reason: useId() };
  const done = adjust.data
    ? `Adjusted by ₹${adjust.data.adjustment.amountRupees}. Balance now ₹${(adjust.data.adjustment.balancePaise / 100).toFixed(2)}.`
    : undefined;
  return (
    <form
      aria-label="Adjust the balance"
      onSubmit={(event) => {
        event.preventDefault();
        adjust.mutate(
          { amountRupees: Number(amount), reason },
          {
            onSuccess: () => {
              setAmount("");
              setReason("");
            },
          },
        );
      }}
    >
      <p className="text-sm text-slate-700">
        A plus pays the mate more; a minus is what they owe Mates. Both need a reason the mate reads.
      </p>
      <div className="mt-2 flex flex-wrap gap-3">
        <label htmlFor={ids.amount} className="text-sm font-semibold text-slate-800">
          Amount (₹, − for a charge)
          <input
            id={ids.amount}
            type="number"
            step={1}
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            className={`${inputClass} mt-1 block w-32`}
          />
        </label>
        <label htmlFor={ids.reason} className="text-sm font-semibold text-slate-800">
          Reason
          <input
            id={ids.reason}
            value={reason}
            maxLength={ADJUSTMENT_RULES.reasonMax}
            onChange={(event) => setReason(event.target.value)}
            className={`${inputClass} mt-1 block`}
          />
        </label>
      </div>
      <button
        type="submit"
        className={`${buttonClass} mt-2`}
        disabled={adjust.isPending || amount.trim() === "" || reason.trim().length < ADJUSTMENT_RULES.reasonMin}
      >
        Adjust
      </button>
      <Outcome error={adjust.error} done={done} />
    </form>
  );
}
