import { Search, UserCheck } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import type { Booking } from "#domain/booking.ts";
import { formatRupees } from "#domain/catalogue.ts";
import { useBooking } from "#web/features/booking/booking-api.ts";
import { formatSlot } from "#web/features/booking/booking-format.ts";
import { type BookingT, bookingMessages } from "#web/features/booking/booking-messages.ts";
import { BookingProgress } from "#web/features/booking/booking-progress.tsx";
import { headingKey, headlineKey } from "#web/features/booking/booking-texts.ts";
import { ChangeTime } from "#web/features/booking/change-time.tsx";
import { NoShowRescue } from "#web/features/booking/no-show-rescue.tsx";
import { progressMessages } from "#web/features/booking/progress/progress-messages.ts";
import { RequireCustomer } from "#web/features/booking/require-customer.tsx";
import { useBookingEvents } from "#web/features/booking/use-booking-events.ts";
import { WhereWhen } from "#web/features/booking/where-when.tsx";
import { GetHelp, useCaseEvents } from "#web/features/help/public.ts";
import { PushOffer } from "#web/features/notifications/public.ts";
import { activeLocale } from "#web/i18n/i18n.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { ErrorState } from "#web/shell/error-state.tsx";
import { LoadingState } from "#web/shell/loading-state.tsx";
import { primaryActionClass } from "#web/shell/page-shell.tsx";
import { useAuthToken } from "#web/shell/use-auth-token.ts";
import { usePageMeta } from "#web/shell/use-page-meta.ts";

function OtherTimes({ booking }: { booking: Booking }) {
  const t = useT(bookingMessages);
  return (
    <section aria-labelledby="other-times-heading" className="rounded-2xl border border-amber-300 bg-amber-50 p-5">
      <h2 id="other-times-heading" className="text-lg font-bold text-amber-950">
        {t("noMateAt", { time: formatSlot(booking.start, activeLocale()) })}
      </h2>
      <p className="mt-1 mb-4 text-amber-950">{t("bookingKept")}</p>
      <ChangeTime booking={booking} />
    </section>
  );
}

/** How the booking is paid, after its price. */
function paymentText(booking: Booking, t: BookingT): string {
  if (booking.creditRupees >= booking.totalRupees) return t("howCredit");
  const how = t(
    booking.paymentMethod === "pay_after_service"
      ? "howAfter"
      : booking.payment.paidPaise > 0
        ? "howOnline"
        : "howToPayOnline",
  );
  return booking.creditRupees > 0 ? t("howCreditRest", { credit: formatRupees(booking.creditRupees), how }) : how;
}

function Assignment({ id }: { id: string }) {
  useBookingEvents();
  useCaseEvents();
  const t = useT(bookingMessages);
  const p = useT(progressMessages);
  const booking = useBooking(id);
  if (booking.isPending) return <LoadingState />;
  if (booking.isError) {
    return (
      <ErrorState
        title={t("thisBookingLoadError")}
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
            {p("findingYourMateNow")}
          </p>
        ) : current.status === "unassigned" ? null : current.status === "cancelled" ? (
          <p className="rounded-2xl bg-slate-100 p-5 text-lg font-semibold text-slate-800">{t("bookingCancelled")}</p>
        ) : (
          <p className="text-lg font-semibold text-brand-900">{p(headlineKey(current))}</p>
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
          {t("taxInvoiceTo", { name: current.business.legalName, gstin: current.business.gstin })}
        </p>
      ) : null}
      <p className="text-slate-700">
        {current.rework.of
          ? t("reworkFree")
          : t("bookedFor", { total: formatRupees(current.totalRupees), how: paymentText(current, t) })}{" "}
        <Link to="/profile" className="font-semibold text-brand-800 underline">
          {t("seeAllBookings")}
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
  const p = useT(progressMessages);
  const booking = useBooking(id);
  return <Heading text={p(booking.data ? headingKey(booking.data) : "assigningHeading")} />;
}

/**
 * /mate-assigning?booking={id}: right after booking, follows it live until its verified mate is
 * assigned, and then through the day to completion; the heading says where it is.
 */
export function MateAssigningPage() {
  const t = useT(bookingMessages);
  const p = useT(progressMessages);
  const token = useAuthToken();
  const [params] = useSearchParams();
  const id = params.get("booking");
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 lg:px-6">
      <span className="mb-5 grid size-14 place-items-center rounded-2xl bg-brand-50 text-brand-800" aria-hidden="true">
        <UserCheck className="size-7" />
      </span>
      {id && token ? <BookingHeading id={id} /> : <Heading text={p("assigningHeading")} />}
      {id && token ? (
        <Assignment id={id} />
      ) : id ? (
        <RequireCustomer>{null}</RequireCustomer>
      ) : (
        <div className="space-y-4">
          <p className="text-lg text-slate-700">{t("noBookingWaiting")}</p>
          <Link to="/#services" className={primaryActionClass}>
            {t("bookAMate")}
          </Link>
        </div>
      )}
    </div>
  );
}
