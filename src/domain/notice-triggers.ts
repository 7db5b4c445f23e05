/**
 * Which steps of a booking's life set notices off (issue 19, record 036), and when: the queue's job
 * that plans them from the booking's history, the history actions that may be news, and the delay of
 * the rating prompt. What the notices say is notice-texts.ts.
 */

/** The queue's job that turns one entry of a booking's history into notices, and its key. */
export const NOTIFY = "notifications.notify";
export const notifyKey = (historyId: string) => `${NOTIFY}:${historyId}`;

/** History actions that may be news to somebody; every other entry is only the timeline's. */
export const NOTIFIABLE_ACTIONS: ReadonlySet<string> = new Set([
  "place",
  "assign",
  "withdraw",
  "release",
  "reschedule",
  "no_show",
  "no_show_offered",
  "on_the_way",
  "complete",
  "cancel",
  "expire",
  "payment_received",
  "refund_processed",
]);

/** The rating prompt goes out this long after the booking is completed, while it is still unrated. */
export const RATING_PROMPT_DELAY_MS = 2 * 60 * 60 * 1000;
