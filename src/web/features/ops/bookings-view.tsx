import { useState } from "react";
import { Link } from "react-router";
import { BOOKING_STATUSES, type BookingStatus, STATUS_TEXT } from "#domain/booking.ts";
import { formatRupees } from "#domain/catalogue.ts";
import type { OpsBookingQuery, OpsBookingRow } from "#domain/ops.ts";
import { formatPaise } from "#domain/payments.ts";
import {
  useAssign,
  useCancelBooking,
  useCandidates,
  useOpsBooking,
  useOpsBookings,
  useReadChat,
  useUnlockStartCode,
} from "./ops-api.ts";
import {
  buttonClass,
  FoundList,
  formatWhen,
  inputClass,
  Loaded,
  Outcome,
  quietButtonClass,
  ReasonDialog,
  Section,
} from "./ops-ui.tsx";

function Rows({ rows, empty }: { rows: OpsBookingRow[]; empty: string }) {
  return (
    <FoundList
      items={rows}
      empty={empty}
      href={(row) => `/ops/bookings/${row.id}`}
      name={(row) => `${formatWhen(row.start)} · ${row.services.join(", ")}`}
      line={(row) =>
        [
          STATUS_TEXT[row.status],
          row.locality,
          `${row.customer.name} (${row.customer.email})`,
          row.mates.length > 0 ? row.mates.map((mate) => mate.name).join(", ") : "no mate",
          ...(row.rework ? ["free re-work"] : []),
          ...(row.atRisk ? ["at risk"] : []),
          ...(row.startCodeLocked ? ["start code locked"] : []),
        ].join(" · ")
      }
    />
  );
}

/** The at-risk and finding-a-mate queues (live), and a search by id, customer, mate, status or date. */
export function BookingsView() {
  const [filters, setFilters] = useState<OpsBookingQuery>({});
  const [draft, setDraft] = useState<OpsBookingQuery>({});
  const list = useOpsBookings(filters);
  const set = (field: keyof OpsBookingQuery) => (value: string) =>
    setDraft((now) => ({ ...now, [field]: value || undefined }));
  return (
    <Loaded query={list} what="The bookings">
      {(data) => (
        <div className="space-y-4">
          <Section title={`At risk (${data.atRisk.length})`}>
            <Rows rows={data.atRisk} empty="No booking is at risk." />
          </Section>
          <Section title={`Finding a mate (${data.finding.length})`}>
            <Rows rows={data.finding} empty="Every booking has its mates." />
          </Section>
          <Section title="Find bookings">
            <search>
              <form
                className="flex flex-wrap items-end gap-3"
                onSubmit={(event) => {
                  event.preventDefault();
                  setFilters(draft);
                }}
              >
                <label className="text-sm font-semibold text-slate-800">
                  Booking id, customer e-mail or mobile
                  <input
                    value={draft.q ?? ""}
                    onChange={(event) => set("q")(event.target.value)}
                    className={`${inputClass} mt-1 block w-72 max-w-full`}
                  />
                </label>
                <label className="text-sm font-semibold text-slate-800">
                  Mate id
                  <input
                    value={draft.mateId ?? ""}
                    onChange={(event) => set("mateId")(event.target.value)}
                    className={`${inputClass} mt-1 block w-32`}
                  />
                </label>
                <label className="text-sm font-semibold text-slate-800">
                  Status
                  <select
                    value={draft.status ?? ""}
                    onChange={(event) => set("status")(event.target.value)}
                    className={`${inputClass} mt-1 block`}
                  >
                    <option value="">Any</option>
                    {BOOKING_STATUSES.map((status: BookingStatus) => (
                      <option key={status} value={status}>
                        {STATUS_TEXT[status]}
                      </option>
                    ))}
                  </select>
                </label>
                <label className="text-sm font-semibold text-slate-800">
                  Date
                  <input
                    type="date"
                    value={draft.date ?? ""}
                    onChange={(event) => set("date")(event.target.value)}
                    className={`${inputClass} mt-1 block`}
                  />
                </label>
                <button type="submit" className={buttonClass}>
                  Find
                </button>
              </form>
            </search>
            <div className="mt-3">
              <Rows rows={data.results} empty="No booking matches." />
            </div>
          </Section>
        </div>
      )}
    </Loaded>
  );
}

function AssignJob({ bookingId, jobId, service }: { bookingId: string; jobId: string; service: string }) {
  const [open, setOpen] = useState(false);
  const candidates = useCandidates(bookingId, open ? jobId : undefined);
  const assign = useAssign(bookingId);
  if (!open) {
    return (
      <button type="button" className={quietButtonClass} onClick={() => setOpen(true)}>
        Assign {service} by hand
      </button>
    );
  }
  return (
    <div className="mt-2 rounded-xl border border-slate-200 p-3">
      <p className="font-semibold text-slate-900">Free verified mates for {service}, nearest first</p>
      <Loaded query={candidates} what="The free mates">
        {(data) =>
          data.candidates.length === 0 ? (
            <p className="text-slate-700">Nobody with this skill is free then.</p>
          ) : (
            <ul className="mt-2 space-y-2">
              {data.candidates.map((mate) => (
                <li key={mate.id} className="flex flex-wrap items-center gap-3">
                  <span className="text-slate-800">
                    {mate.name} · {mate.homeLocality}
                    {mate.km === null ? "" : ` · ${mate.km} km`}
                    {mate.rating === null ? " · new" : ` · ${mate.rating.toFixed(1)} ★`}
                  </span>
                  <button
                    type="button"
                    className={buttonClass}
                    disabled={assign.isPending}
                    onClick={() => assign.mutate({ jobId, mateId: mate.id })}
                  >
                    Assign {mate.name}
                  </button>
                </li>
              ))}
            </ul>
          )
        }
      </Loaded>
      <Outcome
        error={assign.error}
        done={assign.isSuccess ? "Assigned. The customer sees the new mate now." : undefined}
      />
    </div>
  );
}

/** One booking as its customer sees it, with the operator's actions. */
export function BookingView({ id }: { id: string }) {
  const query = useOpsBooking(id);
  const unlock = useUnlockStartCode(id);
  const cancel = useCancelBooking(id);
  const readChat = useReadChat(id);
  return (
    <Loaded query={query} what="The booking">
      {({ booking, customer }) => (
        <div className="space-y-4">
          <Section
            title={`${formatWhen(booking.start)} · ${STATUS_TEXT[booking.status]}`}
            actions={
              booking.status === "cancelled" || booking.status === "completed" ? null : (
                <ReasonDialog
                  trigger="Cancel for the customer"
                  title="Cancel this booking for the customer?"
                  description={`It is cancelled free of charge${booking.payment.paidPaise > 0 ? `, and the ${formatPaise(booking.payment.paidPaise)} paid online is refunded in full` : ""}; the customer and the mates see it at once.`}
                  confirm="Cancel the booking"
                  onConfirm={(reason) => cancel.mutateAsync(reason)}
                />
              )
            }
          >
            <p className="text-slate-800">
              Booking {booking.id} ·{" "}
              <Link to={`/ops/customers/${customer.id}`} className="font-semibold text-brand-900 underline">
                {customer.name}
              </Link>{" "}
              ({customer.email}
              {customer.mobile ? `, ${customer.mobile}` : ""})
            </p>
            <p className="text-slate-800">
              {booking.address.flat}, {booking.address.building}, {booking.address.street}, {booking.address.locality}{" "}
              {booking.address.pincode} · {formatRupees(booking.totalRupees)}
            </p>
            {booking.startCodeLocked ? (
              <div className="mt-2">
                <button
                  type="button"
                  className={buttonClass}
                  disabled={unlock.isPending}
                  onClick={() => unlock.mutate()}
                >
                  Unlock the start code
                </button>
                <Outcome error={unlock.error} />
              </div>
            ) : null}
          </Section>
          <Section title="Jobs">
            <ul className="space-y-3">
              {booking.jobs.map((job) => (
                <li key={job.id} className="rounded-xl border border-slate-200 p-3">
                  <p className="font-semibold text-slate-900">
                    {job.serviceTitle}: {job.status.replaceAll("_", " ")}
                    {job.mate ? ` · ${job.mate.name}` : " · no mate"}
                  </p>
                  {["finding", "unassigned", "assigned"].includes(job.status) ? (
                    <AssignJob bookingId={booking.id} jobId={job.id} service={job.serviceTitle} />
                  ) : null}
                </li>
              ))}
            </ul>
          </Section>
          <Section title="Payment">
            <ul className="space-y-1 text-slate-800">
              <li>
                {booking.paymentMethod === "online" ? "Pay now (online)" : "Pay after service"} · paid online{" "}
                {formatPaise(booking.payment.paidPaise)}
                {booking.payment.duePaise > 0 ? ` · due online ${formatPaise(booking.payment.duePaise)}` : ""}
                {booking.payment.payBy ? ` · held until ${formatWhen(booking.payment.payBy)}` : ""}
              </li>
              {booking.payment.refunds.map((refund) => (
                <li key={`${refund.at}/${refund.amountPaise}`}>
                  Refund {formatPaise(refund.amountPaise)}: {refund.status}
                  {refund.reference ? ` (${refund.reference})` : ""}
                </li>
              ))}
              {booking.payment.invoices.map((invoice) => (
                <li key={invoice.number}>Invoice {invoice.number}</li>
              ))}
            </ul>
          </Section>
          <Section
            title="Chat"
            actions={
              <ReasonDialog
                trigger="Read the chat"
                title="Read this booking's chat?"
                description="Operators read a chat to settle a dispute. Your reading and its reason are written to the audit log."
                confirm="Read the chat"
                danger={false}
                onConfirm={(reason) => readChat.mutateAsync(reason)}
              />
            }
          >
            {readChat.data ? (
              readChat.data.messages.length === 0 ? (
                <p className="text-slate-700">No messages.</p>
              ) : (
                <ol aria-label="Chat messages" className="space-y-1 text-slate-800">
                  {readChat.data.messages.map((message) => (
                    <li key={message.id}>
                      {formatWhen(message.at)} · {message.sender} ({message.from}): {message.body}
                    </li>
                  ))}
                </ol>
              )
            ) : (
              <p className="text-sm text-slate-600">Not opened.</p>
            )}
          </Section>
          <Section title="Timeline">
            <ol className="space-y-1 text-slate-800">
              {booking.history.map((entry) => (
                <li key={`${entry.at}-${entry.label}`}>
                  {formatWhen(entry.at)} · {entry.label}
                </li>
              ))}
            </ol>
          </Section>
        </div>
      )}
    </Loaded>
  );
}
