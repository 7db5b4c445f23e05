import type { Notice } from "./notice-texts.ts";
import { formatPaise } from "./payments.ts";

/**
 * What a mate is told when a payout ended without the money arriving (record 064): the amount is
 * theirs again and waits for the next payout, or an operator's retry.
 */
export function payoutReturnedNotice(facts: {
  amountPaise: number;
  status: "failed" | "reversed" | "cancelled" | "rejected";
  reason: string | null;
}): Notice {
  const amount = formatPaise(facts.amountPaise);
  const what = facts.status === "reversed" ? "came back from your bank" : "did not go through";
  return {
    kind: "payout_returned",
    subject: `Your payout of ${amount} ${what}`,
    paragraphs: [
      `Your payout of ${amount} ${what}${facts.reason ? `: ${facts.reason}` : ""}.`,
      "The amount is in your balance again. We will send it again; check that your payout details are right.",
    ],
    rows: [["Amount", amount]],
    action: { label: "See your earnings", path: "/mate/earnings" },
    push: { title: `Payout ${facts.status}`, body: `${amount} is back in your balance.` },
    essential: true,
  };
}
