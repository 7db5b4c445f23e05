import { Search, UserCheck } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { BOOKING_PAGE_HEADING, type Booking, bookingHeading } from "#domain/booking.ts";
import { formatRupees } from "#domain/catalogue.ts";
import { useBooking } from "#web/features/booking/booking-api.ts";
import { formatSlot } from "#web/features/booking/booking-format.ts";
import { BookingProgress } from "#web/features/booking/booking-progress.tsx";
import { ChangeTime } from "#web/features/booking/change-time.tsx";
import { NoShowRescue } from "#web/features/booking/no-show-rescue.tsx";
import { RequireCustomer } from "#web/features/booking/require-customer.tsx";
import { useBookingEvents } from "#web/features/booking/use-booking-events.ts";
import { WhereWhen } from "#web/features/booking/where-when.tsx";
import { GetHelp, useCaseEvents } from "#web/features/help/public.ts";
import { PushOffer } from "#web/features/notifications/public.ts";
import { ErrorState } from "#web/shell/error-state.tsx";
import { LoadingState } from "#web/shell/loading-state.tsx";
import { primaryActionClass } from "#web/shell/page-shell.tsx";
import { useAuthToken } from "#web/shell/use-auth-token.ts";
import { usePageMeta } from "#web/shell/use-page-meta.ts";

function OtherTimes({ booking }: { booking: Booking }) {
  return (
    <section aria-labelledby="other-times-heading" className="rounded-2xl border border-amber-300 bg-amber-50 p-5">
      <h2 id="other-times-heading" className="text-lg font-bold text-amber-950">
        No mate is free at {formatSlot(booking.start)}
      </h2>
      <p className="mt-1 mb-4 text-amber-950">
        Your booking is kept. Choose another time and we assign a mate at once.
      </p>
      <ChangeTime booking={booking} />
    </section>
  );
}

/** What the page says about the booking's step, in a live region. */
function headline(booking: Booking): string {
  const one = booking.jobs.filter((job) => job.status !== "cancelled").length <= 1;
  switch (booking.status) {
    case "on_the_way":
      return one ? "Your mate is on the way" : "Your mates are on the way";
    case "arrived":
      return one ? "Your mate has arrived" : "One of your mates has arrived";
    case "in_progress":
      return "Work in progress";
    case "completed":
      return "Completed";
    default:
      return one ? "Your mate is assigned" : "Your mates are assigned";
  }
}

function Assignment({ id }: { id: string }) {
  useBookingEvents();
  useCaseEvents();
  const booking = useBooking(id);
  if (booking.isPending) return <LoadingState />;
  if (booking.isError) {
    return (
      <ErrorState
        title="This booking could not be loaded."
        message={booking.error.message}
        onRetry={() => void booking.refetch()}
      />
    );
  }
  const current = booking.data;
  return (
    <div className="space-y-6">
      <div role="status" aria-live="polite" data-testid="booking-step">
        {current.status === "finding" ? (
          <p className="flex items-center gap-3 rounded-2xl bg-brand-50 p-5 text-lg font-semibold text-brand-950">
            <Search className="size-6 animate-pulse" aria-hidden="true" />
            Finding your mate…
          </p>
        ) : current.status === "unassigned" ? null : current.status === "cancelled" ? (
          <p className="rounded-2xl bg-slate-100 p-5 text-lg font-semibold text-slate-800">
            This booking is cancelled.
          </p>
        ) : (
          <p className="text-lg font-semibold text-brand-900">{headline(current)}</p>
        )}
      </div>
      <NoShowRescue booking={current} />
      {current.status === "cancelled" ? null : <PushOffer audience="customer" />}
      {current.status !== "finding" && current.status !== "unassigned" ? <BookingProgress booking={current} /> : null}
      {current.status === "unassigned" ? <OtherTimes booking={current} /> : null}
      <GetHelp booking={current} />
      <WhereWhen address={current.address} start={current.start} />
      {current.business ? (
        <p className="text-slate-700">
          Tax invoice to {current.business.legalName}, GSTIN {current.business.gstin}.
        </p>
      ) : null}
      <p className="text-slate-700">
        {current.rework.of
          ? "Free: nothing to pay unless you approve extra work."
          : `Booked for ${formatRupees(current.totalRupees)} (GST included), ${
              current.creditRupees >= current.totalRupees
                ? "paid with your Mates credit."
                : `${current.creditRupees > 0 ? `${formatRupees(current.creditRupees)} of it paid with your Mates credit, the rest ` : ""}${
                    current.paymentMethod === "pay_after_service"
                      ? "paid to your mate after the service."
                      : current.payment.paidPaise > 0
                        ? "paid online."
                        : "to be paid online."
                  }`
            }`}{" "}
        <Link to="/profile" className="font-semibold text-brand-800 underline">
          See all your bookings
        </Link>
      </p>
    </div>
  );
}

/** The page's heading and the tab's title. */
function Heading({ text }: { text: string }) {
  usePageMeta(text);
  return <h1 className="mb-6 text-3xl font-extrabold tracking-tight text-slate-950 sm:text-4xl">{text}</h1>;
}

/** The heading follows the booking's step, from finding a mate to completed (the same query the page reads). */
function BookingHeading({ id }: { id: string }) {
  const booking = useBooking(id);
  return <Heading text={booking.data ? bookingHeading(booking.data) : BOOKING_PAGE_HEADING} />;
}

/**
 * /mate-assigning?booking={id}: right after booking, follows it live until its verified mate is
 * assigned, and then through the day to completion; the heading says where it is.
 */
export function MateAssigningPage() {
  const token = useAuthToken();
  const [params] = useSearchParams();
  const id = params.get("booking");
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 lg:px-6">
      <span className="mb-5 grid size-14 place-items-center rounded-2xl bg-brand-50 text-brand-800" aria-hidden="true">
        <UserCheck className="size-7" />
      </span>
      {id && token ? <BookingHeading id={id} /> : <Heading text={BOOKING_PAGE_HEADING} />}
      {id && token ? (
        <Assignment id={id} />
      ) : id ? (
        <RequireCustomer>{null}</RequireCustomer>
      ) : (
        <div className="space-y-4">
          <p className="text-lg text-slate-700">
            You have no booking waiting for a mate. After you book, this page shows the verified mate assigned to your
            booking.
          </p>
          <Link to="/#services" className={primaryActionClass}>
            Book a mate
          </Link>
        </div>
      )}
    </div>
  );
}
