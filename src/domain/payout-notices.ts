import type { Notice, NoticeWords } from "./notice-texts.ts";
import { formatPaise } from "./payments.ts";

/**
 * What a mate is told when a payout ended without the money arriving (record 064): the amount is
 * theirs again and waits for the next payout, or an operator's retry. In the mate's language
 * (record 069); the bank's reason stays as the bank gave it.
 */
export function payoutReturnedNotice(
  w: NoticeWords,
  facts: {
    amountPaise: number;
    status: "failed" | "reversed" | "cancelled" | "rejected";
    reason: string | null;
  },
): Notice {
  const amount = formatPaise(facts.amountPaise);
  const what = w.t(facts.status === "reversed" ? "payoutReversed" : "payoutFailed", { amount });
  return {
    kind: "payout_returned",
    subject: what,
    paragraphs: [
      facts.reason ? w.t("payoutWhy", { what, reason: facts.reason }) : w.t("payoutPlain", { what }),
      w.t("payoutBack"),
    ],
    rows: [[w.t("rowAmount"), amount]],
    action: { label: w.t("seeEarnings"), path: "/mate/earnings" },
    push: { title: w.t("payoutPushTitle", { status: facts.status }), body: w.t("payoutPushBody", { amount }) },
    essential: true,
  };
}
