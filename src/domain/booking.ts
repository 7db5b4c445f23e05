import { z } from "zod";
import { addressSchema } from "./address.ts";
import { historyEntrySchema } from "./booking-history.ts";
import { BOOKING_DAYS } from "./booking-window.ts";
import { SERVICE_HOURS } from "./constants.ts";
import { businessRecordSchema, businessSchema } from "./gstin.ts";
import { bookingHelpSchema } from "./help-api.ts";
import { extraSchema, JOB_STATUSES } from "./job.ts";
import { kolkataDay, kolkataInstant } from "./kolkata-time.ts";
import { bookingPaymentSchema } from "./payments.ts";
import { bookingRatingSchema } from "./rating.ts";
import { bookingReworkSchema } from "./rework.ts";
import { NO_NUL } from "./text.ts";

/**
 * Booking rules (issue 6; the spec shows the screens' routes, not their contents): time slots,
 * cancellation, prices with GST, and the API's payloads.
 */
export const BOOKING_RULES = {
  /** Starts every 30 minutes. */
  slotStepMinutes: 30,
  /** Nothing in the past or within 2 hours from now. */
  leadMinutes: 120,
  /** Today and the next 6 days. */
  days: BOOKING_DAYS,
  /** Free cancellation until 3 hours before the start. */
  cancelCutoffMinutes: 180,
  /** A job longer than one working day books the whole first day from its start (6:00 AM). */
  workingDayMinutes: SERVICE_HOURS.closesMinute - SERVICE_HOURS.opensMinute,
  /** GST on home services in India; prices are shown with it included. */
  gstPercent: 18,
} as const;

const MINUTE = 60_000;
const DAY_MINUTES = 24 * 60;

/** "6:30 AM" for a minute of the day. */
export function formatMinuteOfDay(minute: number): string {
  const hours = Math.floor(minute / 60);
  const rest = minute % 60;
  const suffix = hours >= 12 ? "PM" : "AM";
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return `${twelve}:${String(rest).padStart(2, "0")} ${suffix}`;
}

/** The booking days: today in Kolkata and the next six. */
export function bookingDays(now: Date): string[] {
  const today = Date.parse(`${kolkataDay(now)}T00:00:00Z`);
  return Array.from({ length: BOOKING_RULES.days }, (_, i) =>
    new Date(today + i * DAY_MINUTES * MINUTE).toISOString().slice(0, 10),
  );
}

/** How long the mate is needed: a job over a working day holds the whole day from its start. */
export function visitMinutes(jobMinutes: number): number {
  return Math.min(jobMinutes, BOOKING_RULES.workingDayMinutes);
}

export type SlotTime = { start: Date; end: Date; minuteOfDay: number };

/**
 * Every start of a day for a job: 30-minute steps from 6:00 AM to the last start that still ends
 * by 9:00 PM, none in the past or within 2 hours from now. Days outside the booking window give none.
 */
export function slotTimes(day: string, jobMinutes: number, now: Date): SlotTime[] {
  if (!bookingDays(now).includes(day) || jobMinutes <= 0) return [];
  const length = visitMinutes(jobMinutes);
  const earliest = now.getTime() + BOOKING_RULES.leadMinutes * MINUTE;
  const times: SlotTime[] = [];
  for (
    let minute = SERVICE_HOURS.opensMinute;
    minute + length <= SERVICE_HOURS.closesMinute;
    minute += BOOKING_RULES.slotStepMinutes
  ) {
    const start = kolkataInstant(day, minute);
    if (start.getTime() < earliest) continue;
    times.push({ start, end: new Date(start.getTime() + length * MINUTE), minuteOfDay: minute });
  }
  return times;
}

/** The 30-minute cells [start, end) covers, numbered from the epoch: a mate is busy in each. */
export function busyCells(start: Date, end: Date): number[] {
  const step = BOOKING_RULES.slotStepMinutes * MINUTE;
  const first = Math.floor(start.getTime() / step);
  const last = Math.ceil(end.getTime() / step);
  return Array.from({ length: last - first }, (_, i) => first + i);
}

/**
 * Whether a booking starting then may still be cancelled online, what it costs, and if not, why.
 * Free until 3 hours before the start; once a mate is on the way (or at the door) the visiting
 * charge is due (a setting, ₹99 by default); once the work has started it cannot be cancelled.
 */
export function cancellation(
  start: Date,
  status: BookingStatus,
  now: Date,
  visitingChargeRupees = 0,
): { cancellable: boolean; reason?: string; chargeRupees: number } {
  const refused = (reason: string) => ({ cancellable: false, reason, chargeRupees: 0 });
  if (status === "cancelled") return refused("This booking is already cancelled.");
  if (status === "completed") return refused("This booking is completed.");
  if (status === "in_progress") return refused("Your mate is already on the job. Please call us to change it.");
  if (status === "on_the_way" || status === "arrived") return { cancellable: true, chargeRupees: visitingChargeRupees };
  if (start.getTime() - now.getTime() < BOOKING_RULES.cancelCutoffMinutes * MINUTE) {
    return refused(
      "Bookings can be cancelled online until 3 hours before the start, while the mate can still take other work. Please call us to change it.",
    );
  }
  return { cancellable: true, chargeRupees: 0 };
}

/** Whether a booking may be moved to another time now: with no mate free, or assigned and still free to cancel. */
export function canReschedule(start: Date, status: BookingStatus, now: Date): boolean {
  return status === "unassigned" || (status === "assigned" && cancellation(start, status, now).cancellable);
}

/** The GST part of a price that includes it (18 %), in whole rupees. */
export function gstIncluded(totalRupees: number): number {
  return Math.round((totalRupees * BOOKING_RULES.gstPercent) / (100 + BOOKING_RULES.gstPercent));
}

export const BOOKING_STATUSES = [
  "finding",
  "assigned",
  "unassigned",
  "on_the_way",
  "arrived",
  "in_progress",
  "completed",
  "cancelled",
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** Pay after service (cash or UPI to the mate), or online through Razorpay when it is set up (issue 17). */
export const PAYMENT_METHODS = ["pay_after_service", "online"] as const;

export const placeBookingSchema = z
  .object({
    addressId: z.uuid("Choose an address."),
    start: z.iso.datetime({ offset: true, error: "Choose a time slot." }),
    paymentMethod: z.enum(PAYMENT_METHODS, { error: "Choose how to pay." }),
    /** One per attempt, kept across retries: the same key never makes a second booking. */
    idempotencyKey: z.string().min(8).max(100).regex(NO_NUL, "The idempotency key may not contain NUL characters."),
    /** Booked for a business: its GSTIN and legal name go on the tax invoice (issue 36). */
    business: businessSchema.optional(),
  })
  .strict();
export type PlaceBooking = z.output<typeof placeBookingSchema>;

export const mateSummarySchema = z.object({
  name: z.string(),
  initials: z.string(),
  /** None until a customer has rated a job of theirs. */
  rating: z.number().nullable(),
  jobsDone: z.number().int(),
  verifiedAt: z.string(),
  homeLocality: z.string(),
  service: z.string(),
  /** Only while the job is active (assigned until completed). */
  phone: z.string().optional(),
  photoUrl: z.string().optional(),
});
export type MateSummary = z.infer<typeof mateSummarySchema>;

export const bookingItemSchema = z.object({
  service: z.string(),
  group: z.string(),
  durationMinutes: z.number().int(),
  option: z.string(),
  serviceTitle: z.string(),
  optionLabel: z.string(),
  quantity: z.number().int(),
  unitPriceRupees: z.number().int(),
  lineTotalRupees: z.number().int(),
});

export const bookingSchema = z.object({
  id: z.string(),
  status: z.enum(BOOKING_STATUSES),
  createdAt: z.string(),
  start: z.string(),
  end: z.string(),
  address: addressSchema.omit({ id: true, served: true }),
  items: z.array(bookingItemSchema),
  totalRupees: z.number().int(),
  gstRupees: z.number().int(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  /** The business it was booked for, printed on its invoices. */
  business: businessRecordSchema.optional(),
  /** The mates of the jobs that have one (kept for the screens that list them). */
  mates: z.array(mateSummarySchema),
  /** One per service: its mate, step, extras and bill. */
  jobs: z.array(
    z.object({
      id: z.string(),
      service: z.string(),
      serviceTitle: z.string(),
      status: z.enum(JOB_STATUSES),
      mate: mateSummarySchema.optional(),
      /** While the mate is on the way: minutes to the door, estimated from the distance. */
      arrivalMinutes: z.number().int().optional(),
      extras: z.array(extraSchema),
      billRupees: z.number().int(),
      collectedMethod: z.string().optional(),
      /** The tip the customer added with their rating, on this job's bill (0 = none). */
      tipRupees: z.number().int(),
      /** The part of the booking's Mates credit that pays this job's booked lines (record 058). */
      creditRupees: z.number().int(),
    }),
  ),
  /** The four digits the customer reads out to let a mate start; only until every job has started. */
  startCode: z.string().optional(),
  /** Five wrong codes lock it until an operator unlocks it. */
  startCodeLocked: z.boolean(),
  /** Booked lines and approved extras, in rupees (GST included). */
  billRupees: z.number().int(),
  /** What cancelling cost (after a mate was on the way). */
  cancellationChargeRupees: z.number().int(),
  /** Mates credit paying for it (record 058), taken off what is due; 0 once given back on cancelling. */
  creditRupees: z.number().int(),
  history: z.array(historyEntrySchema),
  cancellable: z.boolean(),
  cancelReason: z.string().optional(),
  /** What cancelling now would cost, in rupees (0 = free). */
  cancelChargeRupees: z.number().int(),
  /** Paid online, due online, refunds and invoices. */
  payment: bookingPaymentSchema,
  /** Whether it can be moved to another time now, free (no mate free, or assigned until 3 hours before). */
  reschedulable: z.boolean(),
  /** Chat messages from the mate the customer has not read yet. */
  unreadMessages: z.number().int(),
  /** The customer's rating, and whether it can be given or changed now. */
  rating: bookingRatingSchema,
  /** Free re-work: whether it can be asked for, the one asked, or what this re-work redoes. */
  rework: bookingReworkSchema,
  /** Help: the problems the booking offers now, and its cases. */
  help: bookingHelpSchema,
  /** No mate arrived in time: "Find another mate now" and "Cancel, free" are open (domain/no-show.ts). */
  noShowRescue: z.boolean(),
});
export type Booking = z.infer<typeof bookingSchema>;

export const STATUS_TEXT: Record<BookingStatus, string> = {
  finding: "Finding your mate",
  assigned: "Mate assigned",
  unassigned: "No mate free",
  on_the_way: "On the way",
  arrived: "Mate arrived",
  in_progress: "In progress",
  completed: "Completed",
  cancelled: "Cancelled",
};

/** The heading of the customer's booking page (/mate-assigning) until the booking is known. */
export const BOOKING_PAGE_HEADING = "Assigning your mate";

/**
 * The heading of the customer's booking page as the booking goes through its life (issue 36): from
 * finding a mate, right after booking, to completed or cancelled.
 */
export function bookingHeading(booking: Pick<Booking, "status" | "jobs">): string {
  const one = booking.jobs.filter((job) => job.status !== "cancelled").length <= 1;
  switch (booking.status) {
    case "finding":
      return one ? "Finding your mate" : "Finding your mates";
    case "unassigned":
      return "No mate free yet";
    case "assigned":
      return one ? "Your mate is assigned" : "Your mates are assigned";
    case "on_the_way":
      return "On the way";
    case "arrived":
      return "Arrived";
    case "in_progress":
      return "In progress";
    case "completed":
      return "Completed";
    case "cancelled":
      return "Cancelled";
  }
}

/** Upcoming (soonest first), past: completed or ended (latest first), cancelled (latest first). */
export const bookingListSchema = z.object({
  upcoming: z.array(bookingSchema),
  past: z.array(bookingSchema),
  cancelled: z.array(bookingSchema),
});
export type BookingList = z.infer<typeof bookingListSchema>;

/**
 * Cancelling, with what the customer was told it costs: if the cost changed meanwhile (the mate set
 * off while the confirmation was open), nothing is cancelled and they are told the new cost.
 */
export const cancelBookingSchema = z.object({ chargeRupees: z.number().int().min(0).optional() }).strict();

export const rescheduleSchema = z
  .object({ start: z.iso.datetime({ offset: true, error: "Choose a time slot." }) })
  .strict();

/** Nearkart items are deliveries from a local shop: one trip brings them all. */
export function isDelivery(item: { group: string }): boolean {
  return item.group === "Nearkart";
}

/**
 * The work a booking needs, by service: minutes of each service's items. Each service gets a mate
 * of its own at the same start; shop deliveries are one trip, so the longest delivery window
 * counts, not their sum.
 */
export function jobsByService(
  items: readonly { service: string; group: string; durationMinutes: number; quantity: number }[],
): Map<string, number> {
  const jobs = new Map<string, number>();
  for (const item of items) {
    const held = jobs.get(item.service) ?? 0;
    jobs.set(
      item.service,
      isDelivery(item) ? Math.max(held, item.durationMinutes) : held + item.durationMinutes * item.quantity,
    );
  }
  return jobs;
}

/** How long a booking holds its start: its longest service. */
export function jobMinutes(jobs: ReadonlyMap<string, number>): number {
  return Math.max(0, ...jobs.values());
}

export const bookingResponseSchema = z.object({ booking: bookingSchema });
