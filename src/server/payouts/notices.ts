import { and, eq, isNull } from "drizzle-orm";
import { formatPaise } from "#domain/payments.ts";
import { payoutReturnedNotice } from "#domain/payout-notices.ts";
import { users } from "#server/auth/schema.ts";
import { nowOf } from "#server/context.ts";
import type { Tx } from "#server/db/client.ts";
import { layoutMail } from "#server/mail/layout.ts";
import { mates } from "#server/mates/schema.ts";
import { deliver, queueMail } from "#server/notifications/deliver.ts";
import type { NotificationDeps } from "#server/notifications/notification-deps.ts";
import { payouts } from "./schema.ts";

/*
 * Telling people about payouts (record 064): a payout that ended without the money arriving is told
 * to its mate (mail and push, through the notices' machinery) and mailed to every operator; a
 * reconciliation difference is mailed to the operators. Each once, by its key.
 */

/** PAYOUT_NOTICE: the payout failed, was reversed, rejected or cancelled. */
export async function payoutReturnedNotices(deps: NotificationDeps, payload: Record<string, unknown>): Promise<void> {
  const payoutId = typeof payload.payoutId === "string" ? payload.payoutId : undefined;
  if (!payoutId) return;
  const [row] = await deps.db
    .select({ payout: payouts, userId: mates.userId, mateName: mates.name })
    .from(payouts)
    .innerJoin(mates, eq(mates.id, payouts.mateId))
    .where(eq(payouts.id, payoutId));
  if (!row) return;
  const { payout } = row;
  const status = payout.status;
  if (status !== "failed" && status !== "reversed" && status !== "cancelled" && status !== "rejected") return;
  if (row.userId) {
    await deliver(deps, {
      key: `payout-returned:${payout.id}:${row.userId}`,
      userId: row.userId,
      notice: (w) => payoutReturnedNotice(w, { amountPaise: payout.amountPaise, status, reason: payout.failureReason }),
      tag: `payout:${payout.id}`,
    });
  }
  await mailOperators(deps, `payout-returned:${payout.id}`, "payout_returned", {
    subject: `A payout ${status}: ${formatPaise(payout.amountPaise)} to ${row.mateName}`,
    parts: [
      `The payout of ${formatPaise(payout.amountPaise)} to ${row.mateName} (attempt ${payout.attempt}) is ${status}${payout.failureReason ? `: ${payout.failureReason}` : ""}.`,
      "The amount is back in the mate's balance. Once the mate's payout details are right, retry it from the payout run in the console.",
      `Payout ${payout.id}${payout.razorpayPayoutId ? `, RazorpayX ${payout.razorpayPayoutId}` : ""}.`,
    ],
  });
}

/** Mails every operator once for `key`, in `tx` when given (with the change it reports), else on its own. */
export async function mailOperators(
  deps: Pick<NotificationDeps, "db" | "queue" | "now">,
  key: string,
  kind: string,
  mail: { subject: string; parts: string[] },
  tx?: Tx,
): Promise<void> {
  const now = nowOf(deps);
  const run = async (db: Tx) => {
    const operators = await db
      .select({ id: users.id, email: users.email, name: users.name })
      .from(users)
      .where(and(eq(users.role, "operator"), isNull(users.disabledAt)));
    for (const operator of operators) {
      await queueMail(
        db,
        `${key}:${operator.id}`,
        kind,
        {
          to: operator.email,
          subject: mail.subject,
          ...layoutMail(mail.subject, {
            greeting: `Hi ${operator.name.trim() || "there"},`,
            parts: mail.parts.map((paragraph) => ({ paragraph })),
          }),
        },
        now,
      );
    }
  };
  if (tx) await run(tx);
  else await deps.db.transaction(run);
  deps.queue?.poke();
}
