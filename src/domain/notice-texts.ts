import type { Locale } from "./i18n/locales.ts";
import type { messages as helpMessages } from "./notices/help/messages/en-IN.ts";
import type { messages as noticeMessages } from "./notices/messages/en-IN.ts";
import { formatPaise } from "./payments.ts";
import { formatSlotTime } from "./slot-time.ts";

/**
 * What customers and mates are told outside the app (issue 19), by e-mail and web push: what each
 * notice says. The server works out the facts of an event (notifications/plan.ts) and renders a
 * notice as a mail (plain text and HTML from the same notice) and as a short push notification;
 * the texts are the catalog's (notices/messages/), in the language of the person told (record 069).
 * Which steps are news is notice-triggers.ts.
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

/** The ids of the notices' catalogs (notices/messages/, and the help desk's notices/help/messages/). */
export type NoticeMessageId = keyof typeof noticeMessages | keyof typeof helpMessages;

/**
 * The words of notices in one language (record 069): the catalog's translator for the person told,
 * made by the server (the catalog is compiled there, never in the web app), and their language for
 * dates. Amounts stay "₹1,234" in every language.
 */
export type NoticeWords = {
  locale: Locale;
  t: (key: NoticeMessageId, values?: Record<string, unknown>) => string;
  /**
   * A service's title in the language: bookings keep the English titles they were booked with,
   * and the catalogue has each language's (the title as booked when it has none).
   */
  service: (englishTitle: string) => string;
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
export const formatWhen = (w: NoticeWords, at: Date) => formatSlotTime(at, w.locale);
const rupees = (amount: number) => formatPaise(amount * 100);
/** "Plumber, Electrician and Cleaning", in the notice's language. */
export const listOf = (w: NoticeWords, items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? "") : w.t("listAnd", { rest: items.slice(0, -1).join(", "), last: items.at(-1) });

/** Where a customer follows a booking, and where a mate opens a job. */
export const bookingPath = (bookingId: string) => `/mate-assigning?booking=${encodeURIComponent(bookingId)}`;
export const jobPath = (jobId: string) => `/mate/jobs/${encodeURIComponent(jobId)}`;
const invoicePath = (slug: string) => `/invoice/${encodeURIComponent(slug)}`;
/** A tax invoice as a notice names it (its number) and links it (its slug). */
type Invoice = { number: string; slug: string };
const numbers = (w: NoticeWords, invoices: readonly Invoice[]) =>
  listOf(
    w,
    invoices.map((invoice) => invoice.number),
  );

const serviceList = (w: NoticeWords, b: BookingFacts) =>
  listOf(
    w,
    b.services.map((title) => w.service(title)),
  );

const bookingRows = (w: NoticeWords, b: BookingFacts): [string, string][] => [
  [w.t("rowWhen"), formatWhen(w, b.startAt)],
  [w.t("rowWhere"), b.locality],
  [w.t("rowServices"), serviceList(w, b)],
];
const follow = (w: NoticeWords, b: BookingFacts) => ({ label: w.t("seeBooking"), path: bookingPath(b.bookingId) });
/** "Plumber and Electrician, Tue, 24 Nov, 11:00 AM": a subject's or a push's gist of the booking. */
const servicesWhen = (w: NoticeWords, b: BookingFacts) =>
  w.t("whatWhen", { what: serviceList(w, b), when: formatWhen(w, b.startAt) });

const notice = (kind: NoticeKind, fields: Omit<Notice, "kind" | "essential"> & { essential?: boolean }): Notice => ({
  kind,
  essential: true,
  ...fields,
});

/** A mate as a customer's notice names them: their name, or "Your mate" when it is not known. */
export type MateFacts = { name: string | undefined; service: string };

export const customerNotices = {
  confirmed(w: NoticeWords, b: BookingFacts): Notice {
    const credit = Math.min(b.creditRupees ?? 0, b.totalRupees);
    const amounts = { total: rupees(b.totalRupees), credit: rupees(credit), rest: rupees(b.totalRupees - credit) };
    const pay =
      b.totalRupees === 0
        ? w.t("confirmedFree")
        : credit === b.totalRupees
          ? w.t("confirmedAllCredit", amounts)
          : credit > 0
            ? w.t(b.prepaid ? "confirmedCreditOnline" : "confirmedCreditAfter", amounts)
            : w.t(b.prepaid ? "confirmedPrepaid" : "confirmedPayAfter", amounts);
    return notice("booking_confirmed", {
      subject: w.t("confirmedSubject", { services: serviceList(w, b), when: formatWhen(w, b.startAt) }),
      paragraphs: [w.t("confirmedText"), pay],
      rows: bookingRows(w, b),
      action: follow(w, b),
      push: { title: w.t("confirmedPushTitle"), body: servicesWhen(w, b) },
    });
  },
  mateAssigned(w: NoticeWords, b: BookingFacts, mate: MateFacts, changed: boolean): Notice {
    const name = mate.name ?? w.t("someMate");
    const text = w.t(changed ? "changedText" : "assignedText", { name, service: w.service(mate.service) });
    return notice(changed ? "mate_changed" : "mate_assigned", {
      subject: w.t(changed ? "changedSubject" : "assignedSubject", { name }),
      paragraphs: [text, w.t("startCodeAdvice")],
      rows: bookingRows(w, b),
      action: follow(w, b),
      push: { title: w.t(changed ? "changedPushTitle" : "assignedPushTitle"), body: text },
    });
  },
  onTheWay(w: NoticeWords, b: BookingFacts, mate: MateFacts): Notice {
    const name = mate.name ?? w.t("someMate");
    const text = w.t("onTheWayText", { name, service: w.service(mate.service) });
    return notice("on_the_way", {
      subject: w.t("onTheWaySubject", { name }),
      paragraphs: [text, w.t("startCodeAdvice")],
      rows: bookingRows(w, b),
      action: follow(w, b),
      push: { title: w.t("onTheWayPushTitle"), body: text },
    });
  },
  /** No mate arrived in time (record 059): the two choices wait on the booking's screen. */
  noShowOffered(w: NoticeWords, b: BookingFacts): Notice {
    return notice("no_show_offered", {
      subject: w.t("noShowSubject"),
      paragraphs: [w.t("noShowSorry"), w.t("noShowChoices")],
      rows: bookingRows(w, b),
      action: { label: w.t("noShowAction"), path: bookingPath(b.bookingId) },
      push: { title: w.t("noShowPushTitle"), body: w.t("noShowPushBody") },
    });
  },
  /** The bill's lines are [label, rupees]; a label of null is the Mates credit used. */
  completed(
    w: NoticeWords,
    b: BookingFacts,
    bill: { lines: [string | null, number][]; duePaise: number; invoices: Invoice[] },
  ): Notice {
    const due = formatPaise(bill.duePaise);
    const invoice = bill.invoices[0];
    return notice("completed", {
      subject: w.t("completedSubject", { services: serviceList(w, b) }),
      paragraphs: [
        w.t("completedText"),
        bill.duePaise > 0 ? w.t("completedDue", { amount: due }) : w.t("nothingToPay"),
        ...(bill.invoices.length > 0 ? [w.t("taxInvoice", { numbers: numbers(w, bill.invoices) })] : []),
      ],
      rows: [
        ...bill.lines.map(([label, amount]): [string, string] => [
          label === null ? w.t("creditLine") : w.service(label),
          rupees(amount),
        ]),
        [w.t("rowWhen"), formatWhen(w, b.startAt)],
      ],
      action:
        invoice && bill.duePaise === 0 ? { label: w.t("seeInvoice"), path: invoicePath(invoice.slug) } : follow(w, b),
      push: {
        title: w.t("completedPushTitle"),
        body: bill.duePaise > 0 ? w.t("completedPushDue", { amount: due }) : w.t("nothingToPay"),
      },
    });
  },
  paidOnline(w: NoticeWords, b: BookingFacts, payment: { amountPaise: number; invoices: Invoice[] }): Notice {
    const invoice = payment.invoices[0];
    const amount = formatPaise(payment.amountPaise);
    return notice("paid_online", {
      subject:
        payment.invoices.length > 0
          ? w.t("paidSubjectInvoice", { numbers: numbers(w, payment.invoices) })
          : w.t("paidSubjectAmount", { amount }),
      paragraphs: [
        w.t("paidText", { amount }),
        ...(payment.invoices.length > 0 ? [w.t("taxInvoice", { numbers: numbers(w, payment.invoices) })] : []),
      ],
      rows: bookingRows(w, b),
      action: invoice ? { label: w.t("seeInvoice"), path: invoicePath(invoice.slug) } : follow(w, b),
      push: { title: w.t("paidPushTitle"), body: w.t("paidPushBody", { amount }) },
    });
  },
  cancelled(
    w: NoticeWords,
    b: BookingFacts,
    why: {
      by: "customer" | "operator" | "unpaid" | "no_show";
      chargeRupees: number;
      refundPaise: number;
      creditRupees?: number;
    },
  ): Notice {
    const reason = (
      {
        customer: "cancelledByCustomer",
        no_show: "cancelledNoShow",
        operator: "cancelledByOperator",
        unpaid: "cancelledUnpaid",
      } as const
    )[why.by];
    return notice("cancelled", {
      subject: w.t("cancelledSubject", { services: serviceList(w, b), when: formatWhen(w, b.startAt) }),
      paragraphs: [
        w.t(reason),
        ...(why.chargeRupees > 0 ? [w.t("visitingCharge", { amount: rupees(why.chargeRupees) })] : []),
        ...(why.refundPaise > 0 ? [w.t("refundOnItsWay", { amount: formatPaise(why.refundPaise) })] : []),
        ...(why.creditRupees ? [w.t("creditGiven", { amount: rupees(why.creditRupees) })] : []),
      ],
      rows: bookingRows(w, b),
      action: follow(w, b),
      push: { title: w.t("cancelledPushTitle"), body: servicesWhen(w, b) },
    });
  },
  refunded(w: NoticeWords, b: BookingFacts, refund: { amountPaise: number; reference: string }): Notice {
    const amount = formatPaise(refund.amountPaise);
    return notice("refunded", {
      subject: w.t("refundedSubject", { amount }),
      paragraphs: [w.t("refundedText", { amount })],
      rows: [[w.t("rowReference"), refund.reference], ...bookingRows(w, b)],
      action: follow(w, b),
      push: { title: w.t("refundedPushTitle"), body: w.t("refundedPushBody", { amount }) },
    });
  },
  ratingPrompt(w: NoticeWords, b: BookingFacts, mateName: string | undefined): Notice {
    const subject = w.t("ratingSubject", { name: mateName ?? w.t("someMate") });
    return notice("rating_prompt", {
      subject,
      paragraphs: [w.t("ratingText", { services: serviceList(w, b) })],
      rows: bookingRows(w, b),
      action: { label: w.t("ratingAction"), path: bookingPath(b.bookingId) },
      push: { title: subject, body: w.t("ratingPushBody") },
      essential: false,
    });
  },
};

/** What a mate sees of a job in a notice: the service, when, the locality (never the address). */
export type JobFacts = { jobId: string; service: string; startAt: Date; locality: string };
const jobRows = (w: NoticeWords, j: JobFacts): [string, string][] => [
  [w.t("rowService"), w.service(j.service)],
  [w.t("rowWhen"), formatWhen(w, j.startAt)],
  [w.t("rowWhere"), j.locality],
];
const openJob = (w: NoticeWords, j: JobFacts) => ({ label: w.t("openJob"), path: jobPath(j.jobId) });
const seeJobs = (w: NoticeWords) => ({ label: w.t("seeJobs"), path: "/mate" });
const jobWhen = (w: NoticeWords, j: JobFacts) => ({ service: w.service(j.service), when: formatWhen(w, j.startAt) });

export const mateNotices = {
  newJob(w: NoticeWords, j: JobFacts, free: boolean): Notice {
    return notice("job_new", {
      subject: w.t("newJobSubject", jobWhen(w, j)),
      paragraphs: [w.t(free ? "newJobRework" : "newJobText")],
      rows: jobRows(w, j),
      action: openJob(w, j),
      push: { title: w.t("newJobPushTitle"), body: w.t("newJobPushBody", { ...jobWhen(w, j), locality: j.locality }) },
    });
  },
  moved(w: NoticeWords, j: JobFacts, from: Date): Notice {
    return notice("job_moved", {
      subject: w.t("movedSubject", jobWhen(w, j)),
      paragraphs: [w.t("movedText", { from: formatWhen(w, from), when: formatWhen(w, j.startAt) }), w.t("movedStays")],
      rows: jobRows(w, j),
      action: seeJobs(w),
      push: { title: w.t("movedPushTitle"), body: w.t("movedPushBody", jobWhen(w, j)) },
    });
  },
  taken(w: NoticeWords, j: JobFacts, reason: "suspended" | "reassigned" | "released" | "moved" | "no_show"): Notice {
    const why = (
      {
        no_show: "takenNoShow",
        moved: "takenMoved",
        suspended: "takenSuspended",
        reassigned: "takenReassigned",
        released: "takenReleased",
      } as const
    )[reason];
    return notice("job_taken", {
      subject: w.t("takenSubject", jobWhen(w, j)),
      paragraphs: [w.t(why)],
      rows: jobRows(w, j),
      action: seeJobs(w),
      push: {
        title: w.t("takenPushTitle"),
        body: w.t("whatWhen", { what: w.service(j.service), when: formatWhen(w, j.startAt) }),
      },
    });
  },
  cancelled(w: NoticeWords, j: JobFacts): Notice {
    return notice("job_cancelled", {
      subject: w.t("jobCancelledSubject", jobWhen(w, j)),
      paragraphs: [w.t("jobCancelledText")],
      rows: jobRows(w, j),
      action: openJob(w, j),
      push: {
        title: w.t("jobCancelledPushTitle"),
        body: w.t("whatWhen", { what: w.service(j.service), when: formatWhen(w, j.startAt) }),
      },
    });
  },
};
