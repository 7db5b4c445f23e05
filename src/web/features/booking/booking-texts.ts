import type { Booking, BookingStatus } from "#domain/booking.ts";
import type { BookingKey, BookingT } from "./booking-messages.ts";
import type { ProgressKey } from "./progress/progress-messages.ts";

type Job = Booking["jobs"][number];

/** The status badge of a booking (the English is `STATUS_TEXT` of #domain/booking.ts). */
export const STATUS_KEY: Record<BookingStatus, ProgressKey> = {
  finding: "findingYourMate",
  assigned: "mateAssigned",
  unassigned: "noMateFree",
  on_the_way: "onTheWay",
  arrived: "mateArrived",
  in_progress: "inProgress",
  completed: "completed",
  cancelled: "cancelled",
};

/** The step of one service's job. */
export const JOB_KEY: Record<Job["status"], ProgressKey> = {
  finding: "findingAMate",
  unassigned: "noMateFreeYet",
  assigned: "mateAssigned",
  on_the_way: "onTheWay",
  arrived: "arrived",
  in_progress: "workInProgress",
  completed: "completed",
  paid: "completedAndPaid",
  cancelled: "cancelled",
};

const oneMate = (booking: Pick<Booking, "jobs">) =>
  booking.jobs.filter((job) => job.status !== "cancelled").length <= 1;

/** The booking page's heading as the booking goes (the English is `bookingHeading` of #domain/booking.ts). */
export function headingKey(booking: Pick<Booking, "status" | "jobs">): ProgressKey {
  const one = oneMate(booking);
  switch (booking.status) {
    case "finding":
      return one ? "findingYourMate" : "findingYourMates";
    case "unassigned":
      return "noMateFreeYet";
    case "assigned":
      return one ? "mateIsAssigned" : "matesAreAssigned";
    case "arrived":
      return "arrived";
    default:
      return STATUS_KEY[booking.status];
  }
}

/** What the booking page says about the booking's step, in its live region. */
export function headlineKey(booking: Pick<Booking, "status" | "jobs">): ProgressKey {
  const one = oneMate(booking);
  switch (booking.status) {
    case "on_the_way":
      return one ? "mateOnTheWay" : "matesOnTheWay";
    case "arrived":
      return one ? "mateHasArrived" : "oneMateArrived";
    case "in_progress":
      return "workInProgress";
    case "completed":
      return "completed";
    default:
      return one ? "mateIsAssigned" : "matesAreAssigned";
  }
}

const ADDRESS_LABEL_KEY: Record<string, BookingKey> = { Home: "labelHome", Work: "labelWork", Other: "labelOther" };

/** The label of an address (Home, Work, Other), as the customer reads it. */
export const addressLabelText = (label: string, t: BookingT): string =>
  Object.hasOwn(ADDRESS_LABEL_KEY, label) ? t(ADDRESS_LABEL_KEY[label] as BookingKey) : label;

/** A timeline entry by its action (the English is `historyLabel` of #domain/booking-history.ts). */
const HISTORY_KEY: Record<string, ProgressKey> = {
  place: "historyBooked",
  assign: "mateAssigned",
  unassign: "noMateFree",
  release: "historyReleased",
  withdraw: "historyWithdrawn",
  reschedule: "historyMoved",
  no_show: "historyNoShow",
  on_the_way: "onTheWay",
  arrive: "arrived",
  start: "historyStarted",
  complete: "completed",
  collect: "historyCollected",
  settle_online: "paidOnline",
  settle_free: "historyNothingToPay",
  expire: "historyExpired",
  cancel: "cancelled",
  at_risk: "historyAtRisk",
  no_show_offered: "historyNoShowOffered",
  start_code_wrong: "historyCodeWrong",
  start_code_locked: "historyCodeLocked",
  start_code_unlocked: "historyCodeUnlocked",
  extra_proposed: "historyExtraProposed",
  extra_approved: "historyExtraApproved",
  extra_declined: "historyExtraDeclined",
  auto_closed: "historyAutoClosed",
  payment_received: "paidOnline",
  refund_requested: "historyRefundStarted",
  refund_processed: "historyRefundProcessed",
  rated: "historyRated",
  rating_changed: "historyRatingChanged",
  rework_requested: "historyReworkAsked",
  rework: "reworkOf",
};

/** The key of a timeline entry, or none for an action this screen does not know (the server's label shows). */
export const historyKey = (action: string): ProgressKey | undefined =>
  Object.hasOwn(HISTORY_KEY, action) ? HISTORY_KEY[action] : undefined;
