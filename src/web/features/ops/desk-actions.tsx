import { useId, useState } from "react";
import type { DeskCase } from "#domain/help-api.ts";
import { groupIndian } from "#domain/indian-digits.ts";
import { type DeskAction, useDeskAction } from "./ops-api.ts";
import { buttonClass, dangerButtonClass, inputClass, Outcome, quietButtonClass, Section } from "./ops-ui.tsx";

/*
 * The desk's decisions and its actions on the job's mate (issue 38, record 060): each sends one
 * request, the server checks it (the amount against what is left, the case's status) and says why
 * when it refuses.
 */

type Decision = "refund" | "credit" | "declined" | "rework";
const DECISION_LABEL: Record<Decision, string> = {
  refund: "Refund",
  credit: "Mates credit",
  declined: "Decline, with a reason",
  rework: "Free re-work",
};

/** What the amount may be, said before the operator sends it. */
function limitsText(desk: DeskCase): string {
  const { money, case: one } = desk;
  const paid = money.paidOnline
    ? `Paid online: ₹${groupIndian(money.refundableOnline)} left to refund to the payment.`
    : `Paid to the mate: ₹${groupIndian(money.refundableCash)} left to give back, as Mates credit.`;
  const cover =
    one.problem === "damage"
      ? ` Damage cover left: ₹${groupIndian(money.coverLeft)} of ₹${groupIndian(money.damageCoverRupees)}.`
      : ` Credit: at most ₹${groupIndian(money.caseCreditMaxRupees)} a decision.`;
  return paid + cover;
}

/** The money decision: it resolves the case with the message the customer reads. */
function DecisionForm({ desk }: { desk: DeskCase }) {
  const offered: Decision[] = [
    "refund",
    "credit",
    "declined",
    ...(desk.case.problem === "quality" ? ["rework" as const] : []),
  ];
  const [decision, setDecision] = useState<Decision>("refund");
  const [rupees, setRupees] = useState("");
  const [message, setMessage] = useState("");
  const [start, setStart] = useState("");
  const [chargeMate, setChargeMate] = useState("");
  const [chargeReason, setChargeReason] = useState("");
  const [done, setDone] = useState<string>();
  const action = useDeskAction(desk.case.id);
  const ids = {
    decision: useId(),
    rupees: useId(),
    message: useId(),
    start: useId(),
    chargeMate: useId(),
    chargeReason: useId(),
  };
  const charge = chargeMate ? { chargeToMate: { mateId: chargeMate, reason: chargeReason } } : {};
  const body =
    decision === "declined"
      ? { decision, reason: message }
      : decision === "rework"
        ? { decision, message, start: `${start}:00+05:30` }
        : { decision, rupees: Number(rupees), message, ...charge };
  const send = () => {
    setDone(undefined);
    action.mutate({ action: "decide", body }, { onSuccess: () => setDone("Decided: the case is resolved.") });
  };
  return (
    <Section title="Decide">
      <p className="text-sm text-slate-700">{limitsText(desk)}</p>
      <div className="mt-2 flex flex-wrap gap-3">
        <label htmlFor={ids.decision} className="text-sm font-semibold text-slate-800">
          Decision
          <select
            id={ids.decision}
            value={decision}
            onChange={(event) => setDecision(event.target.value as Decision)}
            className={`${inputClass} mt-1 block`}
          >
            {offered.map((one) => (
              <option key={one} value={one}>
                {DECISION_LABEL[one]}
              </option>
            ))}
          </select>
        </label>
        {decision === "refund" || decision === "credit" ? (
          <label htmlFor={ids.rupees} className="text-sm font-semibold text-slate-800">
            Amount (₹)
            <input
              id={ids.rupees}
              type="number"
              min={1}
              value={rupees}
              onChange={(event) => setRupees(event.target.value)}
              className={`${inputClass} mt-1 block w-32`}
            />
          </label>
        ) : null}
        {(decision === "refund" || decision === "credit") && desk.mates.length > 0 ? (
          <label htmlFor={ids.chargeMate} className="text-sm font-semibold text-slate-800">
            Borne by
            <select
              id={ids.chargeMate}
              value={chargeMate}
              onChange={(event) => setChargeMate(event.target.value)}
              className={`${inputClass} mt-1 block`}
            >
              <option value="">Mates</option>
              {desk.mates.map((mate) => (
                <option key={mate.id} value={mate.id}>
                  Charged to {mate.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {(decision === "refund" || decision === "credit") && chargeMate ? (
          <label htmlFor={ids.chargeReason} className="text-sm font-semibold text-slate-800">
            Why the mate is charged (they read it)
            <input
              id={ids.chargeReason}
              value={chargeReason}
              maxLength={200}
              onChange={(event) => setChargeReason(event.target.value)}
              className={`${inputClass} mt-1 block`}
            />
          </label>
        ) : null}
        {decision === "rework" ? (
          <label htmlFor={ids.start} className="text-sm font-semibold text-slate-800">
            When (Mumbai time)
            <input
              id={ids.start}
              type="datetime-local"
              value={start}
              onChange={(event) => setStart(event.target.value)}
              className={`${inputClass} mt-1 block`}
            />
          </label>
        ) : null}
      </div>
      <label htmlFor={ids.message} className="mt-2 block text-sm font-semibold text-slate-800">
        {decision === "declined" ? "Reason (the customer reads it)" : "What the customer reads"}
      </label>
      <textarea
        id={ids.message}
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        rows={3}
        maxLength={2000}
        className="mt-1 w-full rounded-xl border border-slate-300 p-3 text-slate-900"
      />
      <button
        type="button"
        className={`${buttonClass} mt-2`}
        disabled={action.isPending || message.trim() === ""}
        onClick={send}
      >
        Send the decision
      </button>
      <Outcome error={action.error} done={done} />
    </Section>
  );
}

/** Warning, suspending, or replacing one of the booking's mates, and asking them to answer. */
function MateActions({ desk, mate }: { desk: DeskCase; mate: DeskCase["mates"][number] }) {
  const [reason, setReason] = useState("");
  const [message, setMessage] = useState("");
  const [done, setDone] = useState<string>();
  const action = useDeskAction(desk.case.id);
  const ids = { reason: useId(), message: useId() };
  const run = (which: DeskAction, body: Record<string, unknown>, said: string) => {
    setDone(undefined);
    action.mutate({ action: which, body }, { onSuccess: () => setDone(said) });
  };
  const withMate = { mateId: mate.id, message };
  return (
    <li className="space-y-2 rounded-xl border border-slate-200 p-3">
      <p className="font-semibold text-slate-950">
        {mate.name} ({mate.service})
      </p>
      <label htmlFor={ids.reason} className="block text-sm font-semibold text-slate-800">
        Reason (the mate reads a warning's reason; kept in the audit log)
      </label>
      <input
        id={ids.reason}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        className={`${inputClass} w-full`}
      />
      <label htmlFor={ids.message} className="block text-sm font-semibold text-slate-800">
        What the customer reads (asking the mate: what the mate reads)
      </label>
      <input
        id={ids.message}
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        className={`${inputClass} w-full`}
      />
      <div className="flex flex-wrap gap-2">
        {desk.case.safety ? null : (
          <button
            type="button"
            className={quietButtonClass}
            disabled={action.isPending || message.trim() === ""}
            onClick={() => run("ask-mate", { message }, "The mate is asked.")}
          >
            Ask the mate
          </button>
        )}
        {mate.jobStatus === "assigned" ? (
          <button
            type="button"
            className={quietButtonClass}
            disabled={action.isPending || message.trim() === ""}
            onClick={() => run("reassign", withMate, "Another mate is being found.")}
          >
            Find another mate
          </button>
        ) : null}
        <button
          type="button"
          className={quietButtonClass}
          disabled={action.isPending || message.trim() === "" || reason.trim() === ""}
          onClick={() => run("warn", { ...withMate, reason }, "The mate is warned.")}
        >
          Warn
        </button>
        {mate.status === "suspended" ? null : (
          <button
            type="button"
            className={dangerButtonClass}
            disabled={action.isPending || message.trim() === "" || reason.trim() === ""}
            onClick={() => run("suspend", { ...withMate, reason }, "The mate is suspended.")}
          >
            Suspend
          </button>
        )}
      </div>
      <Outcome error={action.error} done={done} />
    </li>
  );
}

/** The desk's decision (while the case is worked on) and the actions on the booking's mates. */
export function DeskActions({ desk }: { desk: DeskCase }) {
  const working = desk.case.status === "open" || desk.case.status === "waiting";
  if (!working) return null;
  return (
    <>
      <DecisionForm desk={desk} />
      {desk.mates.length > 0 ? (
        <Section title="The job's mate">
          <ul className="space-y-3">
            {desk.mates.map((mate) => (
              <MateActions key={`${mate.id}/${mate.service}`} desk={desk} mate={mate} />
            ))}
          </ul>
        </Section>
      ) : null}
    </>
  );
}
