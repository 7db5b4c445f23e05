import { useId, useState } from "react";
import { Link } from "react-router";
import { formatRupees } from "#domain/catalogue.ts";
import { HELP_RULES } from "#domain/help.ts";
import type { CaseEntry, HelpCase } from "#domain/help-api.ts";
import { formatSlotTime } from "#domain/slot-time.ts";
import { activeLocale } from "#web/i18n/i18n.ts";
import { Msg, useT } from "#web/i18n/use-t.tsx";
import { ErrorState } from "#web/shell/error-state.tsx";
import { LoadingState } from "#web/shell/loading-state.tsx";
import { primaryActionClass } from "#web/shell/page-shell.tsx";
import { EmergencyNumbers } from "./emergency-numbers.tsx";
import { useCase, useMyCases, useRateCase, useReply } from "./help-api.ts";
import { helpMessages } from "./help-messages.ts";
import { PhotoField, PhotoStrip } from "./photo-field.tsx";
import { photoProblem } from "./photos.ts";

const STATUS_STYLE: Record<HelpCase["status"], string> = {
  open: "bg-brand-50 text-brand-950",
  waiting: "bg-amber-100 text-amber-950",
  resolved: "bg-brand-100 text-brand-950",
  closed: "bg-slate-100 text-slate-800",
};

/** The desk's decision at the top of the case: a refund and its state, credit, declined, or the re-work. */
function Decision({ decision }: { decision: NonNullable<HelpCase["decision"]> }) {
  const t = useT(helpMessages);
  return (
    <section aria-label={t("ourDecision")} className="space-y-2 rounded-2xl border border-brand-200 bg-brand-50 p-4">
      <p className="font-semibold text-brand-950">
        {t("decision", { decision: decision.decision })}
        {decision.rupees !== null ? `: ${formatRupees(decision.rupees)}` : ""}
      </p>
      <p data-testid="case-decision" className="text-slate-900">
        {decision.text}
      </p>
      {decision.reworkBookingId ? (
        <Link
          to={`/mate-assigning?booking=${decision.reworkBookingId}`}
          className="font-semibold text-brand-900 underline"
        >
          {t("seeRework")}
        </Link>
      ) : null}
    </section>
  );
}

function Entry({ entry }: { entry: CaseEntry }) {
  const t = useT(helpMessages);
  const you = entry.author === "customer";
  return (
    <li className={`rounded-2xl p-4 ${you ? "bg-slate-50" : "bg-brand-50"}`}>
      <p className="text-sm text-slate-700">
        <span className="font-semibold text-slate-950">{you ? t("you") : entry.authorName}</span>{" "}
        {t("entryTitle", { kind: entry.kind })}
        {" · "}
        <time dateTime={entry.at}>{formatSlotTime(new Date(entry.at), activeLocale())}</time>
      </p>
      {entry.body ? <p className="mt-1 whitespace-pre-line text-slate-900">{entry.body}</p> : null}
      <PhotoStrip
        urls={entry.photos}
        alt={(index) => t("whatYouSent", { index: index + 1, count: entry.photos.length })}
      />
    </li>
  );
}

/** Writing in the case, with photos if they help; shown while the case is open or waiting. */
function Reply({ helpCase }: { helpCase: HelpCase }) {
  const t = useT(helpMessages);
  const [body, setBody] = useState("");
  const [photos, setPhotos] = useState<File[]>([]);
  const [wrong, setWrong] = useState<string>();
  const [formKey, setFormKey] = useState(0);
  const reply = useReply(helpCase.id);
  const bodyId = useId();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const refusal = body.trim() === "" ? t("writeMessage") : photoProblem(photos, HELP_RULES);
    setWrong(refusal);
    if (refusal) return;
    const form = new FormData();
    form.set("details", JSON.stringify({ body }));
    for (const photo of photos) form.append("photos", photo, photo.name);
    reply
      .mutateAsync(form)
      .then(() => {
        setBody("");
        setPhotos([]);
        setFormKey((key) => key + 1);
      })
      .catch(() => undefined); // shown from reply.error
  };
  return (
    <form key={formKey} onSubmit={submit} noValidate aria-label={t("writeSupport")} className="space-y-3">
      <label htmlFor={bodyId} className="font-semibold text-slate-950">
        {t(helpCase.status === "waiting" ? "yourAnswer" : "writeSupport")}
      </label>
      <textarea
        id={bodyId}
        value={body}
        onChange={(event) => setBody(event.target.value)}
        maxLength={HELP_RULES.messageMax}
        rows={3}
        className="w-full rounded-xl border border-slate-300 p-3 text-slate-900"
      />
      <PhotoField need="optional" rules={HELP_RULES} seenBy={t("onlySupport")} onChange={setPhotos} />
      {wrong || reply.isError ? (
        <p role="alert" className="font-medium text-red-900">
          {wrong ?? reply.error?.message}
        </p>
      ) : null}
      <button type="submit" className={primaryActionClass} disabled={reply.isPending}>
        {t("send")}
      </button>
    </form>
  );
}

/** Once resolved: did it solve the problem? Not solved opens the case again. */
function RateResolution({ helpCase }: { helpCase: HelpCase }) {
  const t = useT(helpMessages);
  const rate = useRateCase(helpCase.id);
  return (
    <section aria-label={t("didSolve")} className="space-y-2 rounded-2xl border border-brand-200 bg-brand-50 p-4">
      <p className="font-semibold text-brand-950">{t("didSolve")}</p>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={primaryActionClass}
          disabled={rate.isPending}
          onClick={() => rate.mutate(true)}
        >
          {t("yesSolved")}
        </button>
        <button
          type="button"
          disabled={rate.isPending}
          onClick={() => rate.mutate(false)}
          className="rounded-xl border border-slate-300 bg-white px-4 py-2 font-semibold text-slate-900 hover:bg-slate-50"
        >
          {t("notSolved")}
        </button>
      </div>
      {rate.isError ? (
        <p role="alert" className="font-medium text-red-900">
          {rate.error.message}
        </p>
      ) : null}
    </section>
  );
}

/** A case as its customer follows it: status, what happens next, the thread, and what they can do now. */
export function CaseView({ id }: { id: string }) {
  const t = useT(helpMessages);
  const query = useCase(id);
  if (query.isPending) return <LoadingState />;
  if (query.isError) {
    return <ErrorState title={t("caseFailed")} message={query.error.message} onRetry={() => void query.refetch()} />;
  }
  const helpCase = query.data;
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center gap-3">
        <span
          data-testid="case-status"
          className={`rounded-full px-3 py-1 text-sm font-semibold ${STATUS_STYLE[helpCase.status]}`}
        >
          {t("status", { status: helpCase.status })}
        </span>
        <p className="text-slate-700">
          {helpCase.booking.services.join(", ")}, {formatSlotTime(new Date(helpCase.booking.start), activeLocale())} ·{" "}
          <Link to={`/mate-assigning?booking=${helpCase.bookingId}`} className="font-semibold text-brand-900 underline">
            {t("seeBooking")}
          </Link>
        </p>
      </div>
      {helpCase.safety ? <EmergencyNumbers /> : null}
      {helpCase.status === "open" && !helpCase.firstAnsweredAt ? (
        <p className="rounded-xl bg-brand-50 p-3 text-brand-950">{helpCase.nextStep}</p>
      ) : null}
      {helpCase.amountRupees !== null ? (
        <p className="text-slate-700">
          {t(helpCase.problem === "damage" ? "valueClaimed" : "amountWrong", {
            amount: formatRupees(helpCase.amountRupees),
          })}
        </p>
      ) : null}
      {helpCase.decision ? <Decision decision={helpCase.decision} /> : null}
      <ol aria-label={t("caseSoFar")} className="space-y-3">
        {helpCase.entries.map((entry) => (
          <Entry key={entry.id} entry={entry} />
        ))}
      </ol>
      {helpCase.canRate ? <RateResolution helpCase={helpCase} /> : null}
      {helpCase.canReply ? <Reply helpCase={helpCase} /> : null}
    </div>
  );
}

/** The customer's cases, the latest first. */
export function MyCases() {
  const t = useT(helpMessages);
  const cases = useMyCases();
  if (cases.isPending) return <LoadingState />;
  if (cases.isError) {
    return <ErrorState title={t("casesFailed")} message={cases.error.message} onRetry={() => void cases.refetch()} />;
  }
  if (cases.data.length === 0) {
    return (
      <p className="text-slate-700">
        <Msg
          of={helpMessages}
          id="noCases"
          components={{ 0: <Link to="/profile" className="font-semibold text-brand-900 underline" /> }}
        />
      </p>
    );
  }
  return (
    <ul aria-label={t("yourCases")} className="divide-y divide-slate-200">
      {cases.data.map((one) => (
        <li key={one.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
          <Link to={`/help/${one.id}`} className="font-semibold text-brand-900 underline">
            {t("problem", { problem: one.problem })}
          </Link>
          <span className={`rounded-full px-3 py-1 text-sm font-semibold ${STATUS_STYLE[one.status]}`}>
            {t("status", { status: one.status })}
          </span>
        </li>
      ))}
    </ul>
  );
}
