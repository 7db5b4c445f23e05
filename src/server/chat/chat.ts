import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, gte, inArray, isNull, ne, sql } from "drizzle-orm";
import { historyDetails, mateNamedIn } from "#domain/booking-history.ts";
import { CHAT_RULES, chatOpen, type Message, maskContacts, type Thread } from "#domain/chat.ts";
import { users } from "#server/auth/schema.ts";
import type { BookingRow } from "#server/bookings/schema.ts";
import { bookingHistory, bookings, jobs } from "#server/bookings/schema.ts";
import { completedAtOf } from "#server/bookings/transitions.ts";
import { nowOf } from "#server/context.ts";
import type { Database } from "#server/db/client.ts";
import type { EventBus } from "#server/events/bus.ts";
import { AppError, notFound } from "#server/http/errors.ts";
import { mates } from "#server/mates/schema.ts";
import { recordAudit } from "#server/ops/audit.ts";
import { messages } from "./schema.ts";

/**
 * The chat of a booking (issue 18): the customer and the booking's mates, one thread. A mate reads
 * it from the moment they were assigned (a mate who takes over a job does not read what was said
 * before); the other side's phone numbers and e-mail addresses are hidden; operators read it whole
 * for a dispute, and that reading is audited. Every change is announced as a `message` event that
 * carries only the booking id: each app reads the thread back through its own route.
 */
export type ChatDeps = {
  db: Database;
  events: EventBus;
  now?: () => Date;
  /** One point per message sent; false when the sender is over CHAT_RULES.perMinute. */
  takeMessage: (userId: string) => Promise<boolean>;
};

/** Who reads: the booking's customer, or one of its mates (since their assignment). */
type Reader =
  | { side: "customer"; userId: string; booking: BookingRow }
  | { side: "mate"; userId: string; mateId: string; booking: BookingRow; since: Date };

export async function customerReader(db: Database, userId: string, bookingId: string): Promise<Reader> {
  const [booking] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), eq(bookings.userId, userId)));
  if (!booking) throw notFound("There is no such booking among yours.");
  return { side: "customer", userId, booking };
}

/** A mate's view of the thread of one of their jobs; another mate's job is a 404. */
export async function mateReader(db: Database, userId: string, jobId: string): Promise<Reader> {
  const [found] = await db
    .select({ job: jobs, booking: bookings, mateId: mates.id })
    .from(jobs)
    .innerJoin(bookings, eq(bookings.id, jobs.bookingId))
    .innerJoin(mates, eq(mates.id, jobs.mateId))
    .where(and(eq(jobs.id, jobId), eq(mates.userId, userId)));
  if (!found) throw notFound("There is no such job among yours.");
  // The latest assignment of the job to this mate.
  const assigned = (
    await db
      .select({ at: bookingHistory.at, action: bookingHistory.action, details: bookingHistory.details })
      .from(bookingHistory)
      .where(and(eq(bookingHistory.jobId, jobId), eq(bookingHistory.action, "assign")))
      .orderBy(desc(bookingHistory.at))
  ).find((row) => mateNamedIn(historyDetails(row.action, row.details)) === found.mateId);
  return {
    side: "mate",
    userId,
    mateId: found.mateId,
    booking: found.booking,
    since: assigned?.at ?? found.job.updatedAt,
  };
}

/** The booking's jobs with their mates' user ids and first names, and when it was completed. */
async function participants(db: Database, booking: BookingRow) {
  const rows = await db
    .select({ status: jobs.status, mateId: jobs.mateId, userId: mates.userId, name: mates.name })
    .from(jobs)
    .leftJoin(mates, eq(mates.id, jobs.mateId))
    .where(eq(jobs.bookingId, booking.id));
  const completedAt = await completedAtOf(db, booking.id);
  const [customer] = await db.select({ name: users.name }).from(users).where(eq(users.id, booking.userId));
  return { rows, completedAt, customerName: customer?.name ?? "" };
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

function ownMessages(reader: Reader) {
  return and(
    eq(messages.bookingId, reader.booking.id),
    ...(reader.side === "mate" ? [gte(messages.createdAt, reader.since)] : []),
  );
}

export async function readThread(deps: ChatDeps, reader: Reader): Promise<Thread> {
  const { rows, completedAt, customerName } = await participants(deps.db, reader.booking);
  const state = chatOpen(
    {
      status: reader.booking.status,
      jobs: rows.map((row) => ({ status: row.status, hasMate: row.mateId !== null })),
      completedAt,
    },
    nowOf(deps),
  );
  const list = await deps.db.select().from(messages).where(ownMessages(reader)).orderBy(asc(messages.createdAt));
  const mateNames = [
    ...new Set(rows.flatMap((row) => (row.name && row.status !== "cancelled" ? [firstName(row.name)] : []))),
  ];
  return {
    open: state.open,
    ...(state.reason ? { closedReason: state.reason } : {}),
    with: reader.side === "customer" ? mateNames.join(" and ") || "your mate" : firstName(customerName),
    messages: list.map((row): Message => {
      const mine = row.senderSide === reader.side && row.senderUserId === reader.userId;
      return {
        id: row.id,
        from: row.senderSide as Message["from"],
        mine,
        body: mine ? row.body : maskContacts(row.body),
        at: row.createdAt.toISOString(),
        read: mine && row.readAt !== null,
      };
    }),
  };
}

/** Tells everyone in the thread (the customer and the booking's mates, on every instance) to read it again. */
async function announce(deps: ChatDeps, booking: BookingRow) {
  const { rows } = await participants(deps.db, booking);
  const userIds = new Set([booking.userId, ...rows.flatMap((row) => (row.userId ? [row.userId] : []))]);
  await Promise.all(
    [...userIds].map((userId) => deps.events.publish(userId, { type: "message", data: { bookingId: booking.id } })),
  );
}

export async function sendMessage(deps: ChatDeps, reader: Reader, body: string): Promise<Thread> {
  const thread = await readThread(deps, reader);
  if (!thread.open) throw new AppError(409, "chat_closed", thread.closedReason ?? "This chat is closed.");
  if (!(await deps.takeMessage(reader.userId))) {
    throw new AppError(
      429,
      "too_many_messages",
      `You can send ${CHAT_RULES.perMinute} messages a minute. Please wait a moment.`,
    );
  }
  await deps.db.insert(messages).values({
    id: randomUUID(),
    bookingId: reader.booking.id,
    senderUserId: reader.userId,
    senderSide: reader.side,
    body,
    createdAt: nowOf(deps),
  });
  await announce(deps, reader.booking);
  return readThread(deps, reader);
}

/** Marks the other side's messages read; their sender's app hears of it. */
export async function markRead(deps: ChatDeps, reader: Reader): Promise<Thread> {
  const read = await deps.db
    .update(messages)
    .set({ readAt: nowOf(deps) })
    .where(and(ownMessages(reader), ne(messages.senderSide, reader.side), isNull(messages.readAt)))
    .returning({ id: messages.id });
  if (read.length > 0) await announce(deps, reader.booking);
  return readThread(deps, reader);
}

/** Unread messages from the mates, per booking, for the customer's list: one query for a page. */
export async function unreadForCustomer(db: Pick<Database, "select">, bookingIds: string[]) {
  if (bookingIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ bookingId: messages.bookingId, count: sql<number>`count(*)::int` })
    .from(messages)
    .where(and(inArray(messages.bookingId, bookingIds), eq(messages.senderSide, "mate"), isNull(messages.readAt)))
    .groupBy(messages.bookingId);
  return new Map(rows.map((row) => [row.bookingId, Number(row.count)]));
}

/** The whole thread, unmasked, for an operator settling a dispute; the reading is audited. */
export async function operatorReadsThread(deps: ChatDeps, operatorId: string, bookingId: string, reason: string) {
  const [booking] = await deps.db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!booking) throw notFound("There is no such booking.");
  const now = nowOf(deps);
  return deps.db.transaction(async (tx) => {
    const list = await tx
      .select({ row: messages, name: users.name })
      .from(messages)
      .innerJoin(users, eq(users.id, messages.senderUserId))
      .where(eq(messages.bookingId, bookingId))
      .orderBy(asc(messages.createdAt));
    await recordAudit(tx, {
      actorId: operatorId,
      action: "booking.chat.read",
      subjectType: "booking",
      subjectId: bookingId,
      before: null,
      after: { messages: list.length },
      reason,
      at: now,
    });
    return list.map(({ row, name }) => ({
      id: row.id,
      from: row.senderSide as Message["from"],
      sender: name,
      body: row.body,
      at: row.createdAt.toISOString(),
      readAt: row.readAt?.toISOString() ?? null,
    }));
  });
}
