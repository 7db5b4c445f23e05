import type { NotificationDeps } from "#server/notifications/notification-deps.ts";
import type { Handler } from "#server/queue/queue.ts";
import { PAYOUT_NOTICE } from "./news.ts";
import { payoutReturnedNotices } from "./notices.ts";
import { reconcilePayouts } from "./reconcile.ts";
import { sendPayout } from "./send.ts";
import { PAYOUT_WORK } from "./work-names.ts";

/** The queue's handlers of sending payouts, their notices and the nightly reconciliation (compose.ts). */
export function payoutHandlers(deps: NotificationDeps): Record<string, Handler> {
  return {
    [PAYOUT_WORK.send]: (payload) => sendPayout(deps, payload),
    [PAYOUT_WORK.reconcile]: async () => {
      const result = await reconcilePayouts(deps);
      deps.logger.info(result, "payouts reconciled with RazorpayX");
    },
    [PAYOUT_NOTICE]: (payload) => payoutReturnedNotices(deps, payload),
  };
}
