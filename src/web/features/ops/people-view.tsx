import { useState } from "react";
import { Link } from "react-router";
import { AUDIT_SUBJECTS, type AuditQuery } from "#domain/ops.ts";
import {
  useAudit,
  useCustomer,
  useCustomerStanding,
  useCustomers,
  useInviteOperator,
  useOperators,
} from "./ops-api.ts";
import {
  buttonClass,
  formatWhen,
  inputClass,
  Loaded,
  Outcome,
  quietButtonClass,
  ReasonDialog,
  SearchedList,
  Section,
} from "./ops-ui.tsx";

/** Customers by name, e-mail, mobile or key. */
export function CustomersView() {
  const [q, setQ] = useState("");
  const list = useCustomers(q);
  return (
    <SearchedList
      title="Customers"
      label="Name, e-mail, mobile or key"
      what="The customers"
      query={{ ...list, data: list.data?.customers }}
      onSearch={setQ}
      empty="No customer matches."
      href={(customer) => `/ops/customers/${customer.id}`}
      name={(customer) => customer.name}
      line={(customer) =>
        `${customer.email} · ${customer.mobile ?? "no mobile"} · ${customer.key}${customer.disabledAt ? " · disabled" : ""}`
      }
    />
  );
}

/** One customer: their bookings and addresses; disable or enable the account. */
export function CustomerView({ id }: { id: string }) {
  const query = useCustomer(id);
  const standing = useCustomerStanding(id);
  return (
    <Loaded query={query} what="The customer">
      {({ customer }) => (
        <div className="space-y-4">
          <Section
            title={customer.name}
            actions={
              customer.disabledAt ? (
                <ReasonDialog
                  trigger="Enable the account"
                  danger={false}
                  title={`Enable ${customer.name}'s account?`}
                  description="They can sign in again."
                  confirm="Enable"
                  onConfirm={(reason) => standing.mutateAsync({ action: "enable", reason })}
                />
              ) : (
                <ReasonDialog
                  trigger="Disable the account"
                  title={`Disable ${customer.name}'s account?`}
                  description="They are signed out everywhere at once and cannot sign in until the account is enabled."
                  confirm="Disable"
                  onConfirm={(reason) => standing.mutateAsync({ action: "disable", reason })}
                />
              )
            }
          >
            <p className="text-slate-800">
              {customer.email} · {customer.mobile ?? "no mobile"} · {customer.key} · since{" "}
              {formatWhen(customer.createdAt)}
            </p>
            {customer.disabledAt ? (
              <p className="mt-2 font-semibold text-red-900">Disabled since {formatWhen(customer.disabledAt)}</p>
            ) : null}
          </Section>
          <Section title="Bookings">
            {customer.bookings.length === 0 ? (
              <p className="text-slate-700">No bookings.</p>
            ) : (
              <ul className="divide-y divide-slate-200">
                {customer.bookings.map((booking) => (
                  <li key={booking.id} className="py-2 text-slate-800">
                    <Link to={`/ops/bookings/${booking.id}`} className="font-semibold text-brand-900 underline">
                      {formatWhen(booking.start)}
                    </Link>{" "}
                    · {booking.services.join(", ")} · {booking.status.replaceAll("_", " ")}
                  </li>
                ))}
              </ul>
            )}
          </Section>
          <Section title="Addresses">
            {customer.addresses.length === 0 ? (
              <p className="text-slate-700">No saved addresses.</p>
            ) : (
              <ul className="space-y-1 text-slate-800">
                {customer.addresses.map((address) => (
                  <li key={address.id}>
                    {address.label}: {address.line}
                    {address.served ? "" : " (not served)"}
                  </li>
                ))}
              </ul>
            )}
          </Section>
        </div>
      )}
    </Loaded>
  );
}

/** The operations team, and inviting one more. */
export function OperatorsView() {
  const list = useOperators();
  const invite = useInviteOperator();
  const [email, setEmail] = useState("");
  return (
    <Section title="Operators">
      <Loaded query={list} what="The operators">
        {({ operators }) => (
          <ul className="divide-y divide-slate-200">
            {operators.map((operator) => (
              <li key={operator.id} className="py-2 text-slate-800">
                <span className="font-semibold">{operator.name || "No name yet"}</span> · {operator.email} ·{" "}
                {operator.active ? `since ${formatWhen(operator.createdAt)}` : "invited, no password yet"}
              </li>
            ))}
          </ul>
        )}
      </Loaded>
      <form
        aria-label="Invite an operator"
        className="mt-4 flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          invite.mutate(email.trim(), { onSuccess: () => setEmail("") });
        }}
      >
        <label className="text-sm font-semibold text-slate-800">
          E-mail of the new operator
          <input
            type="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            className={`${inputClass} mt-1 block w-72 max-w-full`}
          />
        </label>
        <button type="submit" className={buttonClass} disabled={invite.isPending || email.trim() === ""}>
          Send invitation
        </button>
      </form>
      <Outcome
        error={invite.error}
        done={invite.isSuccess ? "Invited: the mail's link sets their password." : undefined}
      />
    </Section>
  );
}

/** Every operator action, newest first, with filters; nothing here can change it. */
export function AuditView() {
  const [filters, setFilters] = useState<Omit<AuditQuery, "before">>({});
  const [draft, setDraft] = useState<Omit<AuditQuery, "before">>({});
  const log = useAudit(filters);
  const set = (field: keyof typeof draft) => (value: string) =>
    setDraft((now) => ({ ...now, [field]: value || undefined }));
  return (
    <Section title="Audit log">
      <search>
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            setFilters(draft);
          }}
        >
          <label className="text-sm font-semibold text-slate-800">
            Action
            <input
              value={draft.action ?? ""}
              onChange={(event) => set("action")(event.target.value)}
              placeholder="mate.suspend"
              className={`${inputClass} mt-1 block w-40`}
            />
          </label>
          <label className="text-sm font-semibold text-slate-800">
            On
            <select
              value={draft.subjectType ?? ""}
              onChange={(event) => set("subjectType")(event.target.value)}
              className={`${inputClass} mt-1 block`}
            >
              <option value="">Anything</option>
              {AUDIT_SUBJECTS.map((subject) => (
                <option key={subject} value={subject}>
                  {subject}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm font-semibold text-slate-800">
            Id
            <input
              value={draft.subjectId ?? ""}
              onChange={(event) => set("subjectId")(event.target.value)}
              className={`${inputClass} mt-1 block w-40`}
            />
          </label>
          <label className="text-sm font-semibold text-slate-800">
            From
            <input
              type="date"
              value={draft.from ?? ""}
              onChange={(event) => set("from")(event.target.value)}
              className={`${inputClass} mt-1 block`}
            />
          </label>
          <label className="text-sm font-semibold text-slate-800">
            To
            <input
              type="date"
              value={draft.to ?? ""}
              onChange={(event) => set("to")(event.target.value)}
              className={`${inputClass} mt-1 block`}
            />
          </label>
          <button type="submit" className={buttonClass}>
            Filter
          </button>
        </form>
      </search>
      <div className="mt-3">
        <Loaded query={log} what="The audit log">
          {(data) => {
            const entries = data.pages.flatMap((page) => page.entries);
            return entries.length === 0 ? (
              <p className="text-slate-700">Nothing recorded.</p>
            ) : (
              <>
                <ul className="divide-y divide-slate-200">
                  {entries.map((entry) => (
                    <li key={entry.id} className="py-2 text-sm text-slate-800">
                      <p>
                        <span className="font-semibold">{formatWhen(entry.at)}</span> ·{" "}
                        {entry.actor.name ? `${entry.actor.name} (${entry.actor.email})` : entry.actor.email} ·{" "}
                        <span className="font-semibold">{entry.action}</span> · {entry.subjectType} {entry.subjectId}
                      </p>
                      {entry.reason ? <p>Reason: {entry.reason}</p> : null}
                      <p className="break-all text-slate-600">
                        Before: {JSON.stringify(entry.before)} · After: {JSON.stringify(entry.after)}
                      </p>
                    </li>
                  ))}
                </ul>
                {log.hasNextPage ? (
                  <button
                    type="button"
                    className={`${quietButtonClass} mt-3`}
                    disabled={log.isFetchingNextPage}
                    onClick={() => void log.fetchNextPage()}
                  >
                    Load more
                  </button>
                ) : null}
              </>
            );
          }}
        </Loaded>
      </div>
    </Section>
  );
}
