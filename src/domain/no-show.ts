import type { BookingStatus } from "./booking.ts";

/**
 * The no-show rescue (issue 38, decision record 059): when no mate has arrived a while after a
 * booking's start, the customer is offered, one tap each, another mate now or a free cancellation
 * with Mates credit. The queue makes the offer at its time (server/bookings/no-show.ts); these are
 * the rules both the queue and the customer's taps are judged by, in one place.
 */
export const NO_SHOW_RULES = {
  /**
   * The default of the NO_SHOW_AFTER_MINUTES setting: the offer is made this long after the start
   * when no mate has arrived by then.
   */
  afterMinutes: 15,
  /** A mate found by the rescue is given this long to arrive before the offer is made again. */
  rescueArrivalMinutes: 60,
} as const;

/** When the queue looks whether a booking starting at `start` needs the offer. */
export function noShowCheckAt(start: Date, afterMinutes: number = NO_SHOW_RULES.afterMinutes): Date {
  return new Date(start.getTime() + afterMinutes * 60_000);
}

/**
 * Whether a booking is still waiting for its mates: none has arrived or begun (a booking's status is
 * its most advanced job's, so these are exactly the bookings where no job has got that far), and it
 * is not cancelled or done.
 */
export function waitingForMate(status: BookingStatus): boolean {
  return status === "finding" || status === "unassigned" || status === "assigned" || status === "on_the_way";
}

/** The one rule of both the offer and the taps: offered (by the queue, at its time) and still waiting. */
export function rescueOpen(booking: { status: BookingStatus; noShowOfferedAt: Date | null }): boolean {
  return booking.noShowOfferedAt !== null && waitingForMate(booking.status);
}

/** Why a customer's tap on the rescue is refused now (a 409), or undefined when it may go ahead. */
export function rescueRefusal(booking: {
  status: BookingStatus;
  noShowOfferedAt: Date | null;
}): { code: string; message: string } | undefined {
  if (booking.status === "cancelled") {
    return { code: "booking_cancelled", message: "This booking is already cancelled." };
  }
  if (!waitingForMate(booking.status)) {
    return {
      code: "mate_arrived",
      message: "Your mate has arrived, so this booking can no longer be handed to another mate or cancelled free.",
    };
  }
  if (booking.noShowOfferedAt === null) {
    return {
      code: "rescue_not_open",
      message:
        "Your mate still has time to arrive. If they have not come soon after the start, you will be offered another mate or a free cancellation here.",
    };
  }
  return undefined;
}

/** Said when the rescue finds nobody: the booking stays as it was. */
export const NOBODY_FREE =
  "No other mate is free right now. Your booking is kept as it is; you can cancel it free instead.";

/** The reason on the credit a customer is given for a mate who did not come. */
export const NO_SHOW_CREDIT_REASON = "Sorry your mate didn't come";
