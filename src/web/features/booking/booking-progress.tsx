import { Check, KeyRound, MessageCircle, Phone, X } from "lucide-react";
import { useState } from "react";
import type { Booking } from "#domain/booking.ts";
import { formatRupees } from "#domain/catalogue.ts";
import { lazyDateFormats } from "#domain/date-format.ts";
import { formatPaise } from "#domain/payments.ts";
import { ChatPanel } from "#web/features/chat/public.ts";
import { BookingMoney, PayOnline, useHoldText } from "#web/features/payments/public.ts";
import { RateBooking } from "#web/features/ratings/public.ts";
import { activeLocale } from "#web/i18n/i18n.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { showBooking, useDecideExtra } from "./booking-api.ts";
import { BookingBill } from "./booking-bill.tsx";
import { bookingMessages } from "./booking-messages.ts";
import { historyKey, JOB_KEY } from "./booking-texts.ts";
import { MateCard } from "./mate-card.tsx";
import { progressMessages } from "./progress/progress-messages.ts";
import { RequestRework, ReworkOf } from "./request-rework.tsx";

type Job = Booking["jobs"][number];

const time = lazyDateFormats({
  day: "numeric",
  month: "short",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "Asia/Kolkata",
});

/** The four digits the customer reads out at the door; the mate cannot start without them. */
function StartCode({ booking }: { booking: Booking }) {
  const t = useT(progressMessages);
  if (booking.startCodeLocked) {
    return (
      <p role="alert" className="rounded-2xl bg-amber-50 p-4 font-medium text-amber-950">
        {t("startCodeLocked")}
      </p>
    );
  }
  if (!booking.startCode) return null;
  return (
    <section aria-label={t("startCode")} className="flex items-center gap-4 rounded-2xl bg-brand-50 p-4">
      <KeyRound className="size-6 shrink-0 text-brand-800" aria-hidden="true" />
      <div>
        <p className="text-sm text-slate-700">{t("startCodeHint")}</p>
        <p className="font-mono text-2xl font-bold tracking-[0.3em] text-brand-950" data-testid="start-code">
          {booking.startCode}
        </p>
      </div>
    </section>
  );
}

function Extras({ booking, job }: { booking: Booking; job: Job }) {
  const t = useT(progressMessages);
  const decide = useDecideExtra();
  if (job.extras.length === 0) return null;
  return (
    <div className="mt-3 space-y-2">
      <p className="text-sm font-semibold text-slate-800">{t("extraWork")}</p>
      <ul className="space-y-2">
        {job.extras.map((extra) => (
          <li key={extra.id} className="rounded-xl border border-slate-200 p-3 text-sm">
            <p className="flex justify-between gap-3">
              <span>{extra.description}</span>
              <span className="font-semibold">{formatRupees(extra.priceRupees)}</span>
            </p>
            {extra.status === "proposed" ? (
              <div className="mt-2 flex flex-wrap gap-2">
                <button
                  type="button"
                  disabled={decide.isPending}
                  onClick={() => decide.mutate({ bookingId: booking.id, extraId: extra.id, approve: true })}
                  className="inline-flex items-center gap-1 rounded-lg bg-brand-800 px-3 py-1.5 font-semibold text-white hover:bg-brand-900"
                >
                  <Check className="size-4" aria-hidden="true" />
                  {t("approveExtra", { price: formatRupees(extra.priceRupees) })}
                </button>
                <button
                  type="button"
                  disabled={decide.isPending}
                  onClick={() => decide.mutate({ bookingId: booking.id, extraId: extra.id, approve: false })}
                  className="inline-flex items-center gap-1 rounded-lg border border-slate-300 px-3 py-1.5 font-semibold text-slate-800 hover:bg-slate-50"
                >
                  <X className="size-4" aria-hidden="true" />
                  {t("decline")}
                </button>
              </div>
            ) : (
              <p className={extra.status === "approved" ? "mt-1 text-brand-800" : "mt-1 text-slate-600"}>
                {t(extra.status === "approved" ? "extraApproved" : "extraDeclined")}
              </p>
            )}
          </li>
        ))}
      </ul>
      {decide.isError ? (
        <p role="alert" className="text-sm font-medium text-red-900">
          {decide.error.message}
        </p>
      ) : null}
    </div>
  );
}

function JobProgress({ booking, job }: { booking: Booking; job: Job }) {
  const t = useT(progressMessages);
  return (
    <li aria-label={job.serviceTitle} className="rounded-2xl border border-slate-200 bg-white p-4">
      <p className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold text-slate-950">{job.serviceTitle}</span>
        <span className="text-sm font-semibold text-brand-900">
          {job.status === "on_the_way" && job.arrivalMinutes
            ? t("onTheWayMinutes", { minutes: job.arrivalMinutes })
            : t(JOB_KEY[job.status])}
        </span>
      </p>
      {job.mate && job.status !== "cancelled" ? (
        <div className="mt-3">
          <MateCard mate={job.mate} />
          {job.mate.phone ? (
            <a
              href={`tel:${job.mate.phone.replace(/\s+/g, "")}`}
              className="mt-2 inline-flex items-center gap-2 font-semibold text-brand-800 underline"
            >
              <Phone className="size-4" aria-hidden="true" />
              {t("callMate", { name: job.mate.name.split(" ")[0], phone: job.mate.phone })}
            </a>
          ) : null}
        </div>
      ) : null}
      <Extras booking={booking} job={job} />
    </li>
  );
}

/** The chat with the booking's mate, opened on demand; its unread count is on the button. */
function Chat({ booking }: { booking: Booking }) {
  const t = useT(progressMessages);
  const [open, setOpen] = useState(false);
  const names = [...new Set(booking.jobs.flatMap((job) => (job.mate ? [job.mate.name.split(" ")[0]] : [])))];
  const label = names.length > 0 ? t("chatWith", { names: names.join(` ${t("and")} `) }) : t("chatWithYourMate");
  return (
    <section aria-label={t("chat")} className="rounded-2xl border border-slate-200 bg-white p-4">
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        className="inline-flex items-center gap-2 font-semibold text-brand-900"
      >
        <MessageCircle className="size-5" aria-hidden="true" />
        {label}
        {booking.unreadMessages > 0 ? (
          <span className="rounded-full bg-brand-800 px-2 py-0.5 text-xs font-bold text-white">
            {t("newMessages", { count: booking.unreadMessages })}
          </span>
        ) : null}
      </button>
      {open ? (
        <div className="mt-3">
          <ChatPanel base={`/api/bookings/${booking.id}`} />
        </div>
      ) : null}
    </section>
  );
}

function Timeline({ booking }: { booking: Booking }) {
  const t = useT(progressMessages);
  return (
    <section aria-label={t("timeline")}>
      <h3 className="font-semibold text-slate-950">{t("timeline")}</h3>
      <ol className="mt-2 space-y-1 border-l-2 border-brand-100 pl-4 text-sm text-slate-700">
        {booking.history.map((entry) => {
          const key = historyKey(entry.action);
          return (
            <li key={`${entry.at}/${entry.action}/${entry.service ?? ""}`}>
              <span className="font-medium text-slate-900">{key ? t(key) : entry.label}</span>
              {entry.service && booking.jobs.length > 1
                ? ` · ${booking.jobs.find((job) => job.service === entry.service)?.serviceTitle ?? ""}`
                : ""}{" "}
              <time dateTime={entry.at} className="text-slate-600">
                {time(activeLocale()).format(new Date(entry.at))}
              </time>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/**
 * A booking's life as the customer follows it: the start code until work starts, each service's
 * mate and step (with the mate's phone while the job is active), extra work to approve, the bill and
 * the timeline. Every part follows live through the booking events.
 */
export function BookingProgress({ booking }: { booking: Booking }) {
  const t = useT(progressMessages);
  const b = useT(bookingMessages);
  const holdText = useHoldText();
  const started = ["arrived", "in_progress", "completed"].includes(booking.status);
  const { duePaise, dueFor, payBy } = booking.payment;
  return (
    <div className="space-y-4">
      {dueFor === "booking" && duePaise > 0 ? (
        <section aria-label={t("paymentDue")} className="space-y-3 rounded-2xl border border-amber-300 bg-amber-50 p-4">
          <p className="font-semibold text-amber-950">
            {t("notPaidYet")} {payBy ? holdText(payBy) : ""}
          </p>
          <PayOnline booking={booking} label={b("payNow", { amount: formatPaise(duePaise) })} onPaid={showBooking} />
        </section>
      ) : null}
      <ReworkOf booking={booking} />
      {booking.status !== "cancelled" ? <StartCode booking={booking} /> : null}
      {booking.jobs.some((job) => job.mate) && booking.status !== "cancelled" ? (
        <ul className="space-y-3">
          {booking.jobs.map((job) => (
            <JobProgress key={job.id} booking={booking} job={job} />
          ))}
        </ul>
      ) : null}
      {booking.status !== "cancelled" && booking.jobs.some((job) => job.mate) ? <Chat booking={booking} /> : null}
      {booking.status === "completed" ? <RateBooking booking={booking} onRated={showBooking} /> : null}
      {booking.status === "completed" ? <RequestRework booking={booking} /> : null}
      {started ? <BookingBill booking={booking} /> : null}
      {dueFor === "bill" && duePaise > 0 ? (
        <section aria-label={t("payYourBill")} className="space-y-2">
          <PayOnline booking={booking} onPaid={showBooking} />
          <p className="text-sm text-slate-700">{t("orPayMate")}</p>
        </section>
      ) : null}
      <BookingMoney booking={booking} />
      {booking.cancellationChargeRupees > 0 ? (
        <p className="text-sm text-slate-700">
          {t("visitingCharge", { amount: formatRupees(booking.cancellationChargeRupees) })}
        </p>
      ) : null}
      <Timeline booking={booking} />
    </div>
  );
}
