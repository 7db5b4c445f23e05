import { formatPaise } from "./payments.ts";
import { formatSlotTime } from "./slot-time.ts";

/**
 * What customers and mates are told outside the app (issue 19), by e-mail and web push: what each
 * notice says. The server works out the facts of an event (notifications/plan.ts) and renders a
 * notice as a mail (plain text and HTML from the same notice) and as a short push notification;
 * the texts live here. Which steps are news is notice-triggers.ts.
 */

export const NOTICE_KINDS = [
  "booking_confirmed",
  "mate_assigned",
  "mate_changed",
  "on_the_way",
  "no_show_offered",
  "completed",
  "paid_online",
  "cancelled",
  "refunded",
  "rating_prompt",
  "job_new",
  "job_moved",
  "job_taken",
  "job_cancelled",
  "case_opened",
  "case_answered",
  "case_waiting",
  "case_resolved",
  "case_closed",
  "case_mate_asked",
  "mate_warned",
  "payout_returned",
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/**
 * One notice for one person: a subject, paragraphs, label–value rows, and the one action it leads
 * to (a path of the app). `essential: false` marks notices a person may turn off (rating prompts).
 */
export type Notice = {
  kind: NoticeKind;
  subject: string;
  paragraphs: string[];
  rows: [label: string, value: string][];
  action: { label: string; path: string };
  push: { title: string; body: string };
  essential: boolean;
};

/** The booking as a notice describes it. */
export type BookingFacts = {
  bookingId: string;
  services: string[];
  startAt: Date;
  locality: string;
  totalRupees: number;
  prepaid: boolean;
  /** Mates credit paying part or all of it (record 058). */
  creditRupees?: number;
};

/** "Mon, 30 Nov, 10:00 AM" in Kolkata, as the app's screens write a booking's time. */
export const formatWhen = formatSlotTime;
const rupees = (amount: number) => formatPaise(amount * 100);
const list = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;

/** Where a customer follows a booking, and where a mate opens a job. */
export const bookingPath = (bookingId: string) => `/mate-assigning?booking=${encodeURIComponent(bookingId)}`;
export const jobPath = (jobId: string) => `/mate/jobs/${encodeURIComponent(jobId)}`;
const invoicePath = (slug: string) => `/invoice/${encodeURIComponent(slug)}`;
/** A tax invoice as a notice names it (its number) and links it (its slug). */
type Invoice = { number: string; slug: string };
const numbers = (invoices: readonly Invoice[]) => list(invoices.map((invoice) => invoice.number));

const bookingRows = (b: BookingFacts): [string, string][] => [
  ["When", formatWhen(b.startAt)],
  ["Where", b.locality],
  ["Services", list(b.services)],
];
const follow = (b: BookingFacts) => ({ label: "See your booking", path: bookingPath(b.bookingId) });

const notice = (kind: NoticeKind, fields: Omit<Notice, "kind" | "essential"> & { essential?: boolean }): Notice => ({
  kind,
  essential: true,
  ...fields,
});

export const customerNotices = {
  confirmed(b: BookingFacts): Notice {
    const credit = Math.min(b.creditRupees ?? 0, b.totalRupees);
    const rest = rupees(b.totalRupees - credit);
    const pay =
      b.totalRupees === 0
        ? "This visit is free."
        : credit === b.totalRupees
          ? `Paid with your Mates credit: ${rupees(b.totalRupees)}.`
          : credit > 0
            ? `Total ${rupees(b.totalRupees)}: ${rupees(credit)} paid with your Mates credit, ${b.prepaid ? `${rest} paid online` : `${rest} to pay after the service`}.`
            : b.prepaid
              ? `Paid online: ${rupees(b.totalRupees)}.`
              : `Total ${rupees(b.totalRupees)}, paid after the service.`;
    return notice("booking_confirmed", {
      subject: `Booking confirmed: ${list(b.services)}, ${formatWhen(b.startAt)}`,
      paragraphs: ["Your booking is confirmed. We are finding the nearest free verified mate for it.", pay],
      rows: bookingRows(b),
      action: follow(b),
      push: { title: "Booking confirmed", body: `${list(b.services)}, ${formatWhen(b.startAt)}` },
    });
  },
  mateAssigned(b: BookingFacts, mate: { name: string; service: string }, changed: boolean): Notice {
    const text = changed
      ? `Your mate has changed: ${mate.name} is now your mate for ${mate.service}.`
      : `${mate.name} is your mate for ${mate.service}, verified by Mates.`;
    return notice(changed ? "mate_changed" : "mate_assigned", {
      subject: changed ? `Your mate has changed: ${mate.name}` : `Your mate: ${mate.name}`,
      paragraphs: [text, "Share your start code with your mate only when they arrive."],
      rows: bookingRows(b),
      action: follow(b),
      push: { title: changed ? "Your mate has changed" : "Mate assigned", body: text },
    });
  },
  onTheWay(b: BookingFacts, mate: { name: string; service: string }): Notice {
    return notice("on_the_way", {
      subject: `${mate.name} is on the way`,
      paragraphs: [
        `${mate.name} is on the way (${mate.service}).`,
        "Share your start code with your mate only when they arrive.",
      ],
      rows: bookingRows(b),
      action: follow(b),
      push: { title: "Your mate is on the way", body: `${mate.name} is on the way (${mate.service}).` },
    });
  },
  /** No mate arrived in time (record 059): the two choices wait on the booking's screen. */
  noShowOffered(b: BookingFacts): Notice {
    return notice("no_show_offered", {
      subject: "Mate hasn't arrived? Choose what happens next",
      paragraphs: [
        "Your mate has not arrived yet. We are sorry.",
        "On your booking you can find another mate now, or cancel free of charge: anything you paid online comes back, with Mates credit for the trouble.",
      ],
      rows: bookingRows(b),
      action: { label: "Choose on your booking", path: bookingPath(b.bookingId) },
      push: { title: "Mate hasn't arrived?", body: "Find another mate now, or cancel free." },
    });
  },
  completed(b: BookingFacts, bill: { lines: [string, number][]; duePaise: number; invoices: Invoice[] }): Notice {
    const due =
      bill.duePaise > 0
        ? `To pay: ${formatPaise(bill.duePaise)}. Pay your mate, or pay online on your booking's page.`
        : "Nothing is left to pay.";
    const invoice = bill.invoices[0];
    return notice("completed", {
      subject: `Job done: ${list(b.services)}`,
      paragraphs: [
        "Your mate has completed the work. Here is your bill.",
        due,
        ...(bill.invoices.length > 0 ? [`Your tax invoice: ${numbers(bill.invoices)}.`] : []),
      ],
      rows: [
        ...bill.lines.map(([label, amount]): [string, string] => [label, rupees(amount)]),
        ["When", formatWhen(b.startAt)],
      ],
      action:
        invoice && bill.duePaise === 0 ? { label: "See your invoice", path: invoicePath(invoice.slug) } : follow(b),
      push: {
        title: "Job completed",
        body: bill.duePaise > 0 ? `Your bill: ${formatPaise(bill.duePaise)} to pay.` : "Nothing is left to pay.",
      },
    });
  },
  paidOnline(b: BookingFacts, payment: { amountPaise: number; invoices: Invoice[] }): Notice {
    const invoice = payment.invoices[0];
    return notice("paid_online", {
      subject:
        payment.invoices.length > 0
          ? `Payment received: invoice ${numbers(payment.invoices)}`
          : `Payment received: ${formatPaise(payment.amountPaise)}`,
      paragraphs: [
        `We received your payment of ${formatPaise(payment.amountPaise)}. Thank you.`,
        ...(payment.invoices.length > 0 ? [`Your tax invoice: ${numbers(payment.invoices)}.`] : []),
      ],
      rows: bookingRows(b),
      action: invoice ? { label: "See your invoice", path: invoicePath(invoice.slug) } : follow(b),
      push: { title: "Payment received", body: `${formatPaise(payment.amountPaise)} received. Thank you.` },
    });
  },
  cancelled(
    b: BookingFacts,
    why: {
      by: "customer" | "operator" | "unpaid" | "no_show";
      chargeRupees: number;
      refundPaise: number;
      creditRupees?: number;
    },
  ): Notice {
    const reason = {
      customer: "Your booking is cancelled, as you asked.",
      no_show: "Your booking is cancelled free of charge, as your mate did not come. We are sorry.",
      operator: "The Mates team cancelled your booking. We are sorry for the trouble.",
      unpaid: "Your booking is cancelled: it was not paid within 15 minutes.",
    }[why.by];
    return notice("cancelled", {
      subject: `Booking cancelled: ${list(b.services)}, ${formatWhen(b.startAt)}`,
      paragraphs: [
        reason,
        ...(why.chargeRupees > 0 ? [`A visiting charge of ${rupees(why.chargeRupees)} applies.`] : []),
        ...(why.refundPaise > 0
          ? [
              `A refund of ${formatPaise(why.refundPaise)} is on its way to how you paid. We will write when it is done.`,
            ]
          : []),
        ...(why.creditRupees
          ? [`${rupees(why.creditRupees)} of Mates credit is yours, spent on your next booking.`]
          : []),
      ],
      rows: bookingRows(b),
      action: follow(b),
      push: { title: "Booking cancelled", body: `${list(b.services)}, ${formatWhen(b.startAt)}` },
    });
  },
  refunded(b: BookingFacts, refund: { amountPaise: number; reference: string }): Notice {
    return notice("refunded", {
      subject: `Refund processed: ${formatPaise(refund.amountPaise)}`,
      paragraphs: [
        `Your refund of ${formatPaise(refund.amountPaise)} is processed. Banks take up to 5–7 working days to show it.`,
      ],
      rows: [["Reference", refund.reference], ...bookingRows(b)],
      action: follow(b),
      push: { title: "Refund processed", body: `${formatPaise(refund.amountPaise)} is on its way back to you.` },
    });
  },
  ratingPrompt(b: BookingFacts, mateName: string): Notice {
    return notice("rating_prompt", {
      subject: `How did ${mateName} do?`,
      paragraphs: [`Your ${list(b.services)} is done. A rating takes a few seconds and helps other customers choose.`],
      rows: bookingRows(b),
      action: { label: "Rate your mate", path: bookingPath(b.bookingId) },
      push: { title: `How did ${mateName} do?`, body: "Rate your mate in a few seconds." },
      essential: false,
    });
  },
};

/** What a mate sees of a job in a notice: the service, when, the locality (never the address). */
export type JobFacts = { jobId: string; service: string; startAt: Date; locality: string };
const jobRows = (j: JobFacts): [string, string][] => [
  ["Service", j.service],
  ["When", formatWhen(j.startAt)],
  ["Where", j.locality],
];
const openJob = (j: JobFacts) => ({ label: "Open the job", path: jobPath(j.jobId) });
const jobsPath = "/mate";

export const mateNotices = {
  newJob(j: JobFacts, free: boolean): Notice {
    return notice("job_new", {
      subject: `New job: ${j.service}, ${formatWhen(j.startAt)}`,
      paragraphs: [
        free
          ? "A free re-work of an earlier job. Please read what the customer says, and see the photos, before you go."
          : "A new job is yours. Please be on the way in time.",
      ],
      rows: jobRows(j),
      action: openJob(j),
      push: { title: "New job", body: `${j.service}, ${formatWhen(j.startAt)}, ${j.locality}` },
    });
  },
  moved(j: JobFacts, from: Date): Notice {
    return notice("job_moved", {
      subject: `Job moved: ${j.service}, now ${formatWhen(j.startAt)}`,
      paragraphs: [
        `The customer moved this job from ${formatWhen(from)} to ${formatWhen(j.startAt)}.`,
        "It stays yours if you are free then; if you are not, it goes to another mate and we tell you.",
      ],
      rows: jobRows(j),
      action: { label: "See your jobs", path: jobsPath },
      push: { title: "Job moved", body: `${j.service}: now ${formatWhen(j.startAt)}` },
    });
  },
  taken(j: JobFacts, reason: "suspended" | "reassigned" | "released" | "moved" | "no_show"): Notice {
    const why = {
      no_show:
        "You had not arrived in time, so the customer let this job go. It is recorded as a no-show on your record. You do not need to go.",
      moved: "The customer moved this job to a time you are not free, so it went to another mate.",
      suspended: "Your account is paused, so the Mates team gave this job to another mate.",
      reassigned: "The Mates team gave this job to another mate. You do not need to go.",
      released: "The Mates team released this job from you. You do not need to go.",
    }[reason];
    return notice("job_taken", {
      subject: `Job taken off you: ${j.service}, ${formatWhen(j.startAt)}`,
      paragraphs: [why],
      rows: jobRows(j),
      action: { label: "See your jobs", path: jobsPath },
      push: { title: "Job taken off you", body: `${j.service}, ${formatWhen(j.startAt)}` },
    });
  },
  cancelled(j: JobFacts): Notice {
    return notice("job_cancelled", {
      subject: `Job cancelled: ${j.service}, ${formatWhen(j.startAt)}`,
      paragraphs: ["This job is cancelled. You do not need to go; its time is free again."],
      rows: jobRows(j),
      action: openJob(j),
      push: { title: "Job cancelled", body: `${j.service}, ${formatWhen(j.startAt)}` },
    });
  },
};
