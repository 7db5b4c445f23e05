import { Flag } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import { formatRupees } from "#domain/catalogue.ts";
import type { DeskCase, DeskItem } from "#domain/help-api.ts";
import { PhotoStrip } from "#web/features/help/public.ts";
import { DeskActions } from "./desk-actions.tsx";
import { type DeskStep, useDeskCase, useDeskQueue, useDeskStep } from "./ops-api.ts";
import { buttonClass, dangerButtonClass, formatWhen, Loaded, Outcome, quietButtonClass, Section } from "./ops-ui.tsx";

/** The desk's clock on a case, in words: when each answer is due, and what is late. */
function Clock({ clock }: { clock: DeskItem["clock"] }) {
  return (
    <span className="text-sm text-slate-700">
      {clock.answerLate ? (
        <strong className="text-red-800">First answer late (due {formatWhen(clock.firstAnswerDue)})</strong>
      ) : (
        <>First answer by {formatWhen(clock.firstAnswerDue)}</>
      )}
      {" · "}
      {clock.resolutionLate ? (
        <strong className="text-red-800">Resolution late (due {formatWhen(clock.resolutionDue)})</strong>
      ) : (
        <>resolve by {formatWhen(clock.resolutionDue)}</>
      )}
    </span>
  );
}

function SafetyFlag() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-red-800 px-2 py-0.5 text-sm font-semibold text-white">
      <Flag className="size-4" aria-hidden="true" />
      Safety
    </span>
  );
}

/** The queue: safety cases on top, then the oldest first, each with its clock. */
export function CasesView() {
  const [which, setWhich] = useState<"live" | "all">("live");
  const queue = useDeskQueue(which);
  return (
    <Section
      title="Cases"
      actions={
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            checked={which === "all"}
            onChange={(e) => setWhich(e.target.checked ? "all" : "live")}
          />
          Show closed cases too
        </label>
      }
    >
      <Loaded query={queue} what="The cases">
        {({ cases }) =>
          cases.length === 0 ? (
            <p className="text-slate-700">No cases waiting. Customers' requests for help show here.</p>
          ) : (
            <ol aria-label="Case queue" className="divide-y divide-slate-200">
              {cases.map((one) => (
                <li key={one.id} aria-label={`${one.problemText}, ${one.customerName}`} className="space-y-1 py-3">
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    {one.safety ? <SafetyFlag /> : null}
                    <Link to={`/ops/cases/${one.id}`} className="font-semibold text-brand-900 underline">
                      {one.problemText}
                    </Link>
                    <span className="text-slate-800">{one.customerName}</span>
                    <span className="rounded-full bg-slate-100 px-2 py-0.5 text-sm font-semibold text-slate-800">
                      {one.statusText}
                    </span>
                    <span className="text-sm text-slate-600">opened {formatWhen(one.openedAt)}</span>
                  </div>
                  {one.status === "open" || one.status === "waiting" ? <Clock clock={one.clock} /> : null}
                </li>
              ))}
            </ol>
          )
        }
      </Loaded>
    </Section>
  );
}

const STEP_LABEL: Record<DeskStep, string> = {
  answer: "Answer",
  ask: "Ask the customer for more",
  resolve: "Resolve",
  close: "Close",
};

/** One message box and the operator's steps: what is written goes to the customer with the step taken. */
function Actions({ desk }: { desk: DeskCase }) {
  const [message, setMessage] = useState("");
  const [done, setDone] = useState<string>();
  const step = useDeskStep(desk.case.id);
  const id = useId();
  const { status } = desk.case;
  const allowed: DeskStep[] =
    status === "open" || status === "waiting"
      ? ["answer", "ask", "resolve", "close"]
      : status === "resolved"
        ? ["close"]
        : [];
  if (allowed.length === 0) return null;
  const take = (which: DeskStep) => {
    setDone(undefined);
    step.mutate(
      { step: which, message },
      {
        onSuccess: () => {
          setMessage("");
          setDone(`${STEP_LABEL[which]}: done.`);
        },
      },
    );
  };
  return (
    <Section title="Answer the customer">
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        Message (the customer reads it; the audit log keeps it)
      </label>
      <textarea
        id={id}
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        rows={4}
        maxLength={2000}
        className="mt-1 w-full rounded-xl border border-slate-300 p-3 text-slate-900"
      />
      <div className="mt-2 flex flex-wrap gap-2">
        {allowed.map((which) => (
          <button
            key={which}
            type="button"
            disabled={step.isPending || message.trim() === ""}
            onClick={() => take(which)}
            className={which === "resolve" ? buttonClass : which === "close" ? dangerButtonClass : quietButtonClass}
          >
            {STEP_LABEL[which]}
          </button>
        ))}
      </div>
      <Outcome error={step.error} done={done} />
    </Section>
  );
}

/** A case on the desk: the customer, the booking and its mates' record, the thread, and the steps. */
export function DeskCaseView({ id }: { id: string }) {
  const desk = useDeskCase(id);
  return (
    <Loaded query={desk} what="The case">
      {(data) => (
        <div className="space-y-4">
          <Section title={data.case.problemText}>
            <div className="flex flex-wrap items-center gap-3">
              {data.case.safety ? <SafetyFlag /> : null}
              <span data-testid="desk-case-status" className="font-semibold text-slate-900">
                {data.case.statusText}
              </span>
              <Clock clock={data.clock} />
            </div>
            <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
              <dt className="font-semibold text-slate-800">Customer</dt>
              <dd>
                <Link to={`/ops/customers/${data.customer.id}`} className="text-brand-900 underline">
                  {data.customer.name}
                </Link>{" "}
                · {data.customer.email}
                {data.customer.mobile ? ` · ${data.customer.mobile}` : ""}
              </dd>
              <dt className="font-semibold text-slate-800">Booking</dt>
              <dd>
                <Link to={`/ops/bookings/${data.booking.id}`} className="text-brand-900 underline">
                  {data.case.booking.services.join(", ")}, {formatWhen(data.booking.start)}
                </Link>{" "}
                · {formatRupees(data.booking.totalRupees)} · {data.booking.status.replace(/_/g, " ")} (its chat and
                timeline are there)
              </dd>
              {data.case.amountRupees !== null ? (
                <>
                  <dt className="font-semibold text-slate-800">
                    {data.case.problem === "damage" ? "Value claimed" : "Charged wrongly"}
                  </dt>
                  <dd>{formatRupees(data.case.amountRupees)}</dd>
                </>
              ) : null}
            </dl>
          </Section>
          <Section title="Mates of the booking">
            {data.mates.length === 0 ? (
              <p className="text-slate-700">No mate was assigned.</p>
            ) : (
              <ul className="space-y-1">
                {data.mates.map((mate) => (
                  <li key={`${mate.id}/${mate.service}`}>
                    <Link to={`/ops/mates/${mate.id}`} className="font-semibold text-brand-900 underline">
                      {mate.name}
                    </Link>{" "}
                    ({mate.service}) · rating {mate.rating?.toFixed(1) ?? "none yet"} · {mate.jobsDone} jobs ·{" "}
                    {mate.noShows} no-shows · {mate.warnings.length} warnings · {mate.otherCases} other cases ·{" "}
                    {mate.status}
                    {mate.warnings.length > 0 ? (
                      <ul className="text-sm text-slate-700">
                        {mate.warnings.map((warning) => (
                          <li key={warning.at}>
                            Warned {formatWhen(warning.at)}: {warning.reason}
                          </li>
                        ))}
                      </ul>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </Section>
          <Section title="The case so far">
            <ol aria-label="Thread" className="space-y-3">
              {data.entries.map((entry) => (
                <li
                  key={entry.id}
                  className={`rounded-xl p-3 ${entry.author === "customer" ? "bg-slate-50" : "bg-brand-50"}`}
                >
                  <p className="text-sm text-slate-700">
                    <span className="font-semibold text-slate-950">
                      {entry.author === "customer" ? data.customer.name : entry.authorName}
                    </span>{" "}
                    · {entry.kind.replace(/_/g, " ")} · {formatWhen(entry.at)}
                    {entry.sharedWithMate ? " · shared with the mate" : ""}
                  </p>
                  {entry.body ? <p className="mt-1 whitespace-pre-line text-slate-900">{entry.body}</p> : null}
                  <PhotoStrip
                    urls={entry.photos}
                    alt={(index) => `Sent in the case (${index + 1} of ${entry.photos.length})`}
                  />
                </li>
              ))}
            </ol>
          </Section>
          {data.case.decision ? (
            <Section title="Decision">
              <p data-testid="desk-decision" className="text-slate-900">
                {data.case.decision.text}
              </p>
            </Section>
          ) : null}
          <Actions desk={data} />
          <DeskActions desk={data} />
        </div>
      )}
    </Loaded>
  );
}
