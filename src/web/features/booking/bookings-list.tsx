import { CalendarClock, RotateCw, Star } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { formatAddress } from "#domain/address.ts";
import type { Booking } from "#domain/booking.ts";
import { formatRupees } from "#domain/catalogue.ts";
import { GetHelp } from "#web/features/help/public.ts";
import { activeLocale } from "#web/i18n/i18n.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { ErrorState } from "#web/shell/error-state.tsx";
import { LoadingState } from "#web/shell/loading-state.tsx";
import { useBookAgain, useBookingList } from "./booking-api.ts";
import { formatSlot } from "./booking-format.ts";
import { type BookingT, bookingMessages } from "./booking-messages.ts";
import { BookingProgress } from "./booking-progress.tsx";
import { STATUS_KEY } from "./booking-texts.ts";
import { CancelBooking } from "./cancel-booking.tsx";
import { ChangeTimeToggle } from "./change-time.tsx";
import { progressMessages } from "./progress/progress-messages.ts";
import { useBookingEvents } from "./use-booking-events.ts";

const STATUS_STYLE: Record<Booking["status"], string> = {
  finding: "bg-brand-50 text-brand-900",
  assigned: "bg-brand-100 text-brand-950",
  unassigned: "bg-amber-100 text-amber-950",
  on_the_way: "bg-sky-100 text-sky-950",
  arrived: "bg-sky-100 text-sky-950",
  in_progress: "bg-sky-100 text-sky-950",
  completed: "bg-slate-100 text-slate-800",
  cancelled: "bg-slate-100 text-slate-700",
};

/** "Book again": the same services and options into the cart in one tap, then the cart. */
function BookAgain({ booking }: { booking: Booking }) {
  const t = useT(bookingMessages);
  const navigate = useNavigate();
  const again = useBookAgain();
  const [leftOut, setLeftOut] = useState<string>();
  return (
    <>
      <button
        type="button"
        disabled={again.isPending}
        onClick={() =>
          again.mutate(booking.id, {
            onSuccess: (result) => {
              if (result.leftOut.length === 0) {
                void navigate("/cart");
                return;
              }
              const items = result.leftOut.map((line) =>
                t("leftOutItem", {
                  title: booking.items.find((item) => item.service === line.service)?.serviceTitle ?? line.service,
                  reason: t(line.reason === "cart_full" ? "reasonCartFull" : "reasonNotOffered"),
                }),
              );
              setLeftOut(t("leftOut", { count: result.leftOut.length, items: items.join(", ") }));
            },
          })
        }
        className="mt-3 mr-2 inline-flex items-center gap-2 rounded-xl border border-slate-300 px-4 py-2 font-semibold text-slate-900 hover:bg-slate-50"
      >
        <RotateCw className="size-4" aria-hidden="true" />
        {t("bookAgain")}
      </button>
      {again.isError ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-900">
          {again.error.message}
        </p>
      ) : null}
      {leftOut ? (
        <p role="status" className="mt-2 text-sm text-slate-800">
          {leftOut}{" "}
          <Link to="/cart" className="font-semibold underline">
            {t("goToCart")}
          </Link>
        </p>
      ) : null}
    </>
  );
}

/** How a booking is paid, for its details. */
function paymentText(booking: Booking, t: BookingT): string {
  if (booking.creditRupees >= booking.totalRupees && booking.totalRupees > 0) return t("paidWithCredit");
  const credit = formatRupees(booking.creditRupees);
  if (booking.creditRupees > 0)
    return t(booking.paymentMethod === "online" ? "creditRestOnline" : "creditRestAfter", { credit });
  return t(booking.paymentMethod === "online" ? "paidOnlineLower" : "payAfterService");
}

function BookingCard({ booking, past }: { booking: Booking; past?: boolean }) {
  const t = useT(bookingMessages);
  const p = useT(progressMessages);
  const headingId = `booking-${booking.id}`;
  return (
    <li aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id={headingId} className="font-bold text-slate-950">
            {booking.items
              .map((item) => item.serviceTitle)
              .filter((t, i, all) => all.indexOf(t) === i)
              .join(", ")}
          </h3>
          <p className="flex items-center gap-1.5 text-sm text-slate-700">
            <CalendarClock className="size-4" aria-hidden="true" />
            {formatSlot(booking.start, activeLocale())}
          </p>
        </div>
        <span className={`rounded-full px-3 py-1 text-sm font-semibold ${STATUS_STYLE[booking.status]}`}>
          {p(STATUS_KEY[booking.status])}
        </span>
      </div>
      <details className="mt-3">
        <summary className="cursor-pointer text-sm font-semibold text-brand-900">{t("details")}</summary>
        <ul className="mt-2 space-y-1 text-sm text-slate-700">
          {booking.items.map((item) => (
            <li key={`${item.service}/${item.option}`}>
              {item.serviceTitle} · {item.optionLabel} × {item.quantity}: {formatRupees(item.lineTotalRupees)}
            </li>
          ))}
          <li>{formatAddress(booking.address)}</li>
          <li>
            {t("totalLine", {
              total: formatRupees(booking.totalRupees),
              gst: formatRupees(booking.gstRupees),
              payment: paymentText(booking, t),
            })}
          </li>
        </ul>
      </details>
      {booking.status !== "finding" && booking.status !== "unassigned" ? (
        <div className="mt-3">
          <BookingProgress booking={booking} />
        </div>
      ) : null}
      {booking.status === "unassigned" ? (
        <Link
          to={`/mate-assigning?booking=${booking.id}`}
          className="mt-3 inline-block font-semibold text-brand-900 underline"
        >
          {t("chooseAnotherTime")}
        </Link>
      ) : null}
      {booking.status === "assigned" ? <ChangeTimeToggle booking={booking} /> : null}
      {booking.status !== "cancelled" && booking.status !== "completed" ? (
        booking.cancellable ? (
          <CancelBooking booking={booking} />
        ) : (
          <p className="mt-3 text-sm text-slate-700">{booking.cancelReason}</p>
        )
      ) : null}
      {past || booking.status === "cancelled" ? <BookAgain booking={booking} /> : null}
      <GetHelp booking={booking} />
    </li>
  );
}

function BookingGroup({ label, bookings, past }: { label: string; bookings: Booking[]; past?: boolean }) {
  return (
    <ul aria-label={label} className="space-y-3">
      {bookings.map((booking) => (
        <BookingCard key={booking.id} booking={booking} past={past} />
      ))}
    </ul>
  );
}

/** Asks once more, above the list, for the rating of the latest booking that can still be rated. */
function RatePrompt({ past }: { past: readonly Booking[] }) {
  const t = useT(bookingMessages);
  const unrated = past.find((booking) => booking.rating.openUntil && !booking.rating.rating);
  if (!unrated) return null;
  const services = [...new Set(unrated.items.map((item) => item.serviceTitle))].join(", ");
  return (
    <p role="status" className="flex flex-wrap items-center gap-2 rounded-2xl bg-amber-50 p-4 text-slate-900">
      <Star className="size-5 fill-amber-400 text-amber-500" aria-hidden="true" />
      {t("ratePrompt", { services, date: formatSlot(unrated.start, activeLocale()) })}
      <a href={`#booking-${unrated.id}`} className="font-semibold text-brand-900 underline">
        {t("rateIt")}
      </a>
    </p>
  );
}

/**
 * The customer's bookings in /profile: upcoming, past (completed or ended) and cancelled, with
 * status, details and cancel (confirmed first); live.
 */
export function BookingsList() {
  useBookingEvents();
  const t = useT(bookingMessages);
  const p = useT(progressMessages);
  const list = useBookingList({ enabled: true });
  return (
    <section aria-labelledby="bookings-heading" className="space-y-4">
      <h2 id="bookings-heading" className="text-2xl font-bold text-slate-950">
        {t("yourBookings")}
      </h2>
      {list.isPending ? <LoadingState /> : null}
      {list.isError ? (
        <ErrorState title={t("bookingsLoadError")} message={list.error.message} onRetry={() => void list.refetch()} />
      ) : null}
      {list.data ? (
        <>
          <RatePrompt past={list.data.past} />
          <h3 className="font-semibold text-slate-800">{t("upcoming")}</h3>
          {list.data.upcoming.length === 0 ? (
            <p className="text-slate-700">
              {t(list.data.past.length + list.data.cancelled.length === 0 ? "nothingBooked" : "nothingComing")}{" "}
              <Link to="/#services" className="font-semibold text-brand-800 underline">
                {t("bookAMate")}
              </Link>
            </p>
          ) : (
            <BookingGroup label={t("upcomingBookings")} bookings={list.data.upcoming} />
          )}
          {list.data.past.length > 0 ? (
            <>
              <h3 className="font-semibold text-slate-800">{t("past")}</h3>
              <BookingGroup label={t("pastBookings")} bookings={list.data.past} past />
            </>
          ) : null}
          {list.data.cancelled.length > 0 ? (
            <>
              <h3 className="font-semibold text-slate-800">{p("cancelled")}</h3>
              <BookingGroup label={t("cancelledBookings")} bookings={list.data.cancelled} />
            </>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
