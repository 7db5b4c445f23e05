import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { sessions, users } from "#server/auth/schema.ts";

/**
 * A browser's push subscription (issue 19, record 036): one per device a person signed in on and
 * allowed notifications. It belongs to that sign-in (session): signing out of the device, or the
 * session ending, deletes it, so a shared device never shows the last person's notices.
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sessionId: text("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    userAgent: text("user_agent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The last push the push service accepted for it. */
    lastPushAt: timestamp("last_push_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("push_subscriptions_endpoint_key").on(table.endpoint),
    index("push_subscriptions_user_idx").on(table.userId),
    uniqueIndex("push_subscriptions_session_key").on(table.sessionId),
  ],
);

/**
 * One notice sent (or to send) on one channel: a mail to an address, or a push to one subscription.
 * The unique (event, target) pair is what makes a notice go out at most once per event, however
 * often the queue runs the job that plans it. `content` is the rendered mail or push message.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: text("id").primaryKey(),
    /** The event and its recipient, e.g. `on_the_way:<job id>:<user id>`. */
    eventKey: text("event_key").notNull(),
    /** "mail", or the push subscription's id. */
    target: text("target").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    content: jsonb("content").$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /**
     * sending while an attempt is out; then sent, gone (the subscription ended), skipped (turned off
     * meanwhile) or interrupted (an attempt cut off by a crash: never repeated).
     */
    outcome: text("outcome"),
  },
  (table) => [
    uniqueIndex("notifications_event_target_key").on(table.eventKey, table.target),
    index("notifications_user_idx").on(table.userId, table.createdAt),
  ],
);

/** The notices a person turned off (a row only once they changed something: the default is all on). */
export const notificationSettings = pgTable("notification_settings", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  ratingPrompts: boolean("rating_prompts").notNull().default(true),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
