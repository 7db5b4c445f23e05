import { z } from "zod";
import { availabilitySchema } from "./availability.ts";
import { BOOKING_STATUSES, bookingSchema } from "./booking.ts";
import { JOB_STATUSES } from "./job.ts";
import { mateProfileSchema } from "./mate-app.ts";
import { NO_NUL } from "./text.ts";

/**
 * The operator console's API (`/api/ops/*`, issue 16): mates, bookings, customers, operators and the
 * audit log. Applications are in applications.ts. Every change an operator makes carries a reason
 * where the issue asks for one and is written to the audit log with the change.
 */

const reason = z
  .string()
  .regex(NO_NUL, "A reason may not contain NUL characters.")
  .trim()
  .min(5, "Give a reason of at least 5 characters.")
  .max(500, "A reason can be at most 500 characters.");

export const reasonSchema = z.object({ reason }).strict();

/** Searches: free text (name, e-mail, mobile, id) of at most 100 characters. */
export const searchQuerySchema = z.string().regex(NO_NUL).trim().max(100).optional();

// Mates -----------------------------------------------------------------------------------------

/** A mate as operators list them: what the mate's own app shows, and how to reach them. */
export const opsMateSummarySchema = mateProfileSchema.omit({ availability: true }).extend({
  /** The mate's sign-in, once invited. */
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
export type OpsMateSummary = z.infer<typeof opsMateSummarySchema>;

export const opsMateJobSchema = z.object({
  jobId: z.string(),
  bookingId: z.string(),
  service: z.string(),
  status: z.enum(JOB_STATUSES),
  start: z.string(),
  locality: z.string(),
});

/** A job the mate did not come to: the customer took it from them (the no-show rescue, record 059). */
export const opsNoShowSchema = z.object({
  bookingId: z.string(),
  jobId: z.string(),
  service: z.string(),
  at: z.string(),
});

export const opsMateDetailSchema = opsMateSummarySchema.extend({
  availability: availabilitySchema,
  /** Upcoming and recent jobs, soonest upcoming first. */
  jobs: z.array(opsMateJobSchema),
  /** Every no-show, latest first (their count is the list's length). */
  noShows: z.array(opsNoShowSchema),
  applicationId: z.string().nullable(),
  /** The number the mate signs in with (10 digits), once invited by SMS or set by an operator. */
  signInNumber: z.string().nullable(),
  /** The number an SMS invitation goes to by default (record 073), if one is known. */
  invitationNumber: z.string().nullable(),
});
export type OpsMateDetail = z.infer<typeof opsMateDetailSchema>;

export const opsMateListSchema = z.object({ mates: z.array(opsMateSummarySchema) });
export const opsMateResponseSchema = z.object({ mate: opsMateDetailSchema });

/** `PATCH /api/ops/mates/:id`: skills (catalogue service names) and/or the weekly hours and days off. */
export const editMateSchema = z
  .object({
    skills: z.array(z.string().min(1).max(100)).min(1, "A mate needs at least one skill.").max(20).optional(),
    availability: availabilitySchema.optional(),
  })
  .strict()
  .refine((edit) => edit.skills !== undefined || edit.availability !== undefined, "Send skills or availability.");

// Bookings --------------------------------------------------------------------------------------

export const opsBookingQuerySchema = z
  .object({
    /** A booking id, a customer's e-mail or mobile. */
    q: searchQuerySchema,
    mateId: z.string().max(100).optional(),
    status: z.enum(BOOKING_STATUSES).optional(),
    /** A Kolkata date, YYYY-MM-DD: bookings starting that day. */
    date: z.iso.date("A date is YYYY-MM-DD.").optional(),
  })
  .strict();
export type OpsBookingQuery = z.infer<typeof opsBookingQuerySchema>;

export const opsBookingRowSchema = z.object({
  id: z.string(),
  status: z.enum(BOOKING_STATUSES),
  start: z.string(),
  locality: z.string(),
  customer: z.object({ id: z.string(), name: z.string(), email: z.string(), mobile: z.string().nullable() }),
  services: z.array(z.string()),
  /** Names of the jobs' mates. */
  mates: z.array(z.object({ id: z.string(), name: z.string() })),
  atRisk: z.boolean(),
  startCodeLocked: z.boolean(),
  totalRupees: z.number().int(),
  /** A free re-work of an earlier booking (issue 18). */
  rework: z.boolean(),
});
export type OpsBookingRow = z.infer<typeof opsBookingRowSchema>;

/** The queues at the top of the bookings page, then what the search found (at most 50). */
export const opsBookingListSchema = z.object({
  atRisk: z.array(opsBookingRowSchema),
  finding: z.array(opsBookingRowSchema),
  results: z.array(opsBookingRowSchema),
});

export const opsBookingResponseSchema = z.object({
  booking: bookingSchema,
  customer: opsBookingRowSchema.shape.customer,
});

/** A free, verified, unsuspended mate with the skill, for assigning a job by hand. */
export const assignCandidateSchema = z.object({
  id: z.string(),
  name: z.string(),
  homeLocality: z.string(),
  km: z.number().nullable(),
  rating: z.number().nullable(),
});
export const assignCandidatesSchema = z.object({ candidates: z.array(assignCandidateSchema) });
export const assignJobSchema = z.object({ mateId: z.string().min(1).max(100) }).strict();

// Customers -------------------------------------------------------------------------------------

export const opsCustomerSummarySchema = z.object({
  id: z.string(),
  key: z.string(),
  name: z.string(),
  email: z.string(),
  mobile: z.string().nullable(),
  createdAt: z.string(),
  disabledAt: z.string().nullable(),
});
export const opsCustomerListSchema = z.object({ customers: z.array(opsCustomerSummarySchema) });
export const opsCustomerResponseSchema = z.object({
  customer: opsCustomerSummarySchema.extend({
    bookings: z.array(opsBookingRowSchema),
    addresses: z.array(z.object({ id: z.string(), label: z.string(), line: z.string(), served: z.boolean() })),
  }),
});

// Operators -------------------------------------------------------------------------------------

export const opsOperatorListSchema = z.object({
  operators: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      createdAt: z.string(),
      /** Whether they have chosen a password (used their invitation). */
      active: z.boolean(),
    }),
  ),
});

export const inviteOperatorSchema = z
  .object({ email: z.string().trim().toLowerCase().pipe(z.email("Enter a valid e-mail address")) })
  .strict();

// Audit log -------------------------------------------------------------------------------------

export const AUDIT_SUBJECTS = [
  "application",
  "mate",
  "booking",
  "customer",
  "operator",
  "case",
  "payout_run",
  "service",
] as const;
export type AuditSubject = (typeof AUDIT_SUBJECTS)[number];

export const auditQuerySchema = z
  .object({
    actorId: z.string().max(100).optional(),
    action: z.string().max(60).optional(),
    subjectType: z.enum(AUDIT_SUBJECTS).optional(),
    subjectId: z.string().max(100).optional(),
    /** Kolkata dates, inclusive. */
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
    /** The last id of the page before, for the next page (newest first). */
    before: z.coerce.number().int().positive().optional(),
  })
  .strict();
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  action: z.string(),
  subjectType: z.enum(AUDIT_SUBJECTS),
  subjectId: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  reason: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditListSchema = z.object({
  entries: z.array(auditEntrySchema),
  nextBefore: z.number().int().nullable(),
});

/** A chat message as an operator reads it for a dispute: whole, with its sender. */
export const opsChatSchema = z.object({
  messages: z.array(
    z.object({
      id: z.string(),
      from: z.enum(["customer", "mate"]),
      sender: z.string(),
      body: z.string(),
      at: z.string(),
      readAt: z.string().nullable(),
    }),
  ),
});
export type OpsChat = z.infer<typeof opsChatSchema>;
