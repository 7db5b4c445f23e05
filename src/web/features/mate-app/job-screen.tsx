import { KeyRound, MapPin, Phone } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { formatAddress } from "#domain/address.ts";
import { formatRupees } from "#domain/catalogue.ts";
import { lazyDateFormat } from "#domain/date-format.ts";
import type { Locale } from "#domain/i18n/locales.ts";
import { COLLECTION_METHODS, type CollectionMethod, type JobStatus, setOffTimeText } from "#domain/job.ts";
import type { MateJob } from "#domain/mate-app.ts";
import { formatSlotTime } from "#domain/slot-time.ts";
import { formatSlot } from "#web/features/booking/public.ts";
import { ChatPanel } from "#web/features/chat/public.ts";
import { activeLocale } from "#web/i18n/i18n.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { ErrorState } from "#web/shell/error-state.tsx";
import { LoadingState } from "#web/shell/loading-state.tsx";
import { primaryActionClass, secondaryActionClass } from "#web/shell/page-shell.tsx";
import { JobBill } from "./job-bill.tsx";
import { JobCases } from "./job-cases.tsx";
import { JobEarnings } from "./job-earnings.tsx";
import { ExtraWork, Failure, inputClass } from "./job-extra-work.tsx";
import { ACTION_KEY, METHOD_KEY, STATUS_KEY, STEP_KEY } from "./job-words.ts";
import { useJobStep, useMateJob, useReleaseJob } from "./mate-api.ts";
import { mateAppMessages } from "./mate-app-messages.ts";
import { releasedState } from "./released-notice.tsx";
import { useTimeReached } from "./use-time-reached.ts";

/** The time a step opens, in the language: the day only when it is not today (as setOffTimeText says). */
function setOffText(from: Date, locale: Locale): string {
  const english = setOffTimeText(from, new Date());
  const full = formatSlotTime(from, locale);
  return english === formatSlotTime(from) ? full : full.slice(full.lastIndexOf(", ") + 2);
}

/** The steps that wait for the set-off window before the start: on the way, arrived, start. */
const SET_OFF_STEPS: ReadonlySet<JobStatus> = new Set(["assigned", "on_the_way", "arrived"]);

/**
 * The one next step as the main button; Start asks for the code, Payment collected for the method.
 * Before the set-off window opens, the step's button is disabled and says from when it can be taken.
 */
function NextStep({ job }: { job: MateJob }) {
  const t = useT(mateAppMessages);
  const step = useJobStep(job.id);
  const [code, setCode] = useState("");
  const [method, setMethod] = useState<CollectionMethod>("cash");
  const opensAt = Date.parse(job.setOffFrom);
  const windowOpen = useTimeReached(opensAt);
  if (!job.nextStep) return null;
  const stepKey = STEP_KEY[job.nextStep.action];
  const label = stepKey ? t(stepKey) : job.nextStep.label;
  if (SET_OFF_STEPS.has(job.status) && !windowOpen) {
    const from = setOffText(new Date(opensAt), activeLocale());
    return (
      <div className="space-y-2">
        <button type="button" className={`${primaryActionClass} w-full py-4 text-lg disabled:bg-slate-600`} disabled>
          {t("stepFrom", { step: label, time: from })}
        </button>
        <p className="text-sm text-slate-700">{t("setOffFrom", { time: from })}</p>
      </div>
    );
  }
  if (job.status === "arrived") {
    if (job.startCodeLocked) {
      return (
        <p role="alert" className="rounded-2xl bg-amber-50 p-4 font-medium text-amber-950">
          {t("codeLocked")}
        </p>
      );
    }
    const submit = (event: FormEvent) => {
      event.preventDefault();
      step.mutate({ path: "start", code }, { onSuccess: () => setCode("") });
    };
    return (
      <form onSubmit={submit} className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4">
        <label className="block font-semibold text-slate-950" htmlFor="start-code">
          <KeyRound className="mr-2 inline size-5" aria-hidden="true" />
          {t("startCode")}
        </label>
        <input
          id="start-code"
          className={`${inputClass} font-mono text-2xl tracking-[0.3em]`}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={4}
          pattern="\d{4}"
          required
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, "").slice(0, 4))}
        />
        <button type="submit" className={`${primaryActionClass} w-full`} disabled={step.isPending || code.length !== 4}>
          {label}
        </button>
        <Failure error={step.error} />
      </form>
    );
  }
  if (job.status === "completed") {
    return (
      <div className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4">
        <fieldset>
          <legend className="font-semibold text-slate-950">
            {t("collectBy", {
              amount: formatRupees(job.toCollectRupees),
              tip: job.tipRupees > 0 ? t("collectTip", { tip: formatRupees(job.tipRupees) }) : "",
            })}
          </legend>
          <div className="mt-2 flex gap-3">
            {COLLECTION_METHODS.map((option) => (
              <label key={option} className="flex items-center gap-2">
                <input type="radio" name="method" checked={method === option} onChange={() => setMethod(option)} />
                {t(METHOD_KEY[option])}
              </label>
            ))}
          </div>
        </fieldset>
        <button
          type="button"
          className={`${primaryActionClass} w-full`}
          disabled={step.isPending}
          onClick={() => step.mutate({ path: "collect", method })}
        >
          {label}
        </button>
        <Failure error={step.error} />
      </div>
    );
  }
  const path = job.status === "assigned" ? "on-the-way" : job.status === "on_the_way" ? "arrive" : "complete";
  return (
    <div className="space-y-2">
      <button
        type="button"
        className={`${primaryActionClass} w-full py-4 text-lg`}
        disabled={step.isPending}
        onClick={() => step.mutate({ path })}
      >
        {label}
      </button>
      <Failure error={step.error} />
    </div>
  );
}

/**
 * "Cannot do this job?": once released, the job is no longer the mate's, so the mate is taken to
 * their jobs, which say what happens next (the screen never reads the job again).
 */
function Release({ job, release }: { job: MateJob; release: ReturnType<typeof useReleaseJob> }) {
  const t = useT(mateAppMessages);
  const navigate = useNavigate();
  const [reason, setReason] = useState("");
  if (!job.canRelease) return null;
  return (
    <details className="rounded-2xl border border-slate-200 bg-white p-4">
      <summary className="cursor-pointer font-semibold text-slate-900">{t("cannotDo")}</summary>
      <form
        className="mt-3 space-y-2"
        onSubmit={(event) => {
          event.preventDefault();
          release.mutate(reason, {
            onSuccess: () =>
              void navigate("/mate", {
                replace: true,
                state: releasedState({ serviceTitle: job.serviceTitle, start: job.start }),
              }),
          });
        }}
      >
        <label className="block text-sm font-semibold text-slate-900" htmlFor="release-reason">
          {t("releaseWhy")}
        </label>
        <input
          id="release-reason"
          className={inputClass}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
        <button type="submit" className={secondaryActionClass} disabled={release.isPending}>
          {t("release")}
        </button>
        <Failure error={release.error} />
      </form>
    </details>
  );
}

const time = lazyDateFormat("en-IN", { hour: "numeric", minute: "2-digit", timeZone: "Asia/Kolkata" });

/** A job's screen: the next step first, then the customer, extras, the bill and the history. */
export function JobScreen({ id }: { id: string }) {
  const t = useT(mateAppMessages);
  const release = useReleaseJob(id);
  // Not read while it is being released, nor after: it is no longer this mate's (a 404).
  const job = useMateJob(id, { enabled: release.isIdle || release.isError });
  if (job.isPending) return <LoadingState />;
  if (job.isError) {
    return <ErrorState title={t("jobError")} message={job.error.message} onRetry={() => void job.refetch()} />;
  }
  const current = job.data;
  const historyLabel = (entry: { action: string; label: string }) => {
    const key = ACTION_KEY[entry.action];
    return key ? t(key) : entry.label;
  };
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-extrabold text-slate-950">{current.serviceTitle}</h1>
        <p className="text-slate-700">{formatSlot(current.start, activeLocale())}</p>
        <p role="status" className="mt-1 font-semibold text-brand-900">
          {t(STATUS_KEY[current.status])}
        </p>
        <JobEarnings job={current} />
      </div>
      <NextStep job={current} />
      {current.rework ? (
        <section
          aria-label={t("reworkRegion")}
          className="space-y-2 rounded-2xl border border-amber-300 bg-amber-50 p-4"
        >
          <h2 className="font-semibold text-slate-950">{t("reworkSays")}</h2>
          <p className="text-slate-800">{current.rework.description}</p>
          {current.rework.photos.length > 0 ? (
            <ul aria-label={t("reworkPhotos")} className="flex flex-wrap gap-2">
              {current.rework.photos.map((url, index) => (
                <li key={url}>
                  <a href={url} target="_blank" rel="noreferrer">
                    <img
                      src={url}
                      alt={t("reworkPhoto", { n: index + 1, count: current.rework?.photos.length ?? 0 })}
                      className="size-24 rounded-xl object-cover"
                    />
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ) : null}
      <JobCases jobId={current.id} />
      <section aria-label={t("customer")} className="rounded-2xl border border-slate-200 bg-white p-4 text-slate-800">
        <p className="font-semibold text-slate-950">{current.customerFirstName}</p>
        <p className="flex items-center gap-1.5">
          <MapPin className="size-4" aria-hidden="true" />
          {current.address
            ? `${formatAddress(current.address)}${current.address.landmark ? t("near", { landmark: current.address.landmark }) : ""}`
            : current.locality}
        </p>
        {current.customerPhone ? (
          <a
            href={`tel:+91${current.customerPhone}`}
            className="mt-1 inline-flex items-center gap-1.5 font-semibold text-brand-800 underline"
          >
            <Phone className="size-4" aria-hidden="true" />
            {t("call", { name: current.customerFirstName })}
          </a>
        ) : (
          <p className="text-sm text-slate-600">{t("addressLater")}</p>
        )}
      </section>
      {current.status !== "cancelled" ? (
        <section aria-label={t("chat")} className="rounded-2xl border border-slate-200 bg-white p-4">
          <h2 className="mb-2 font-semibold text-slate-950">{t("chatWith", { name: current.customerFirstName })}</h2>
          <ChatPanel base={`/api/mate/jobs/${current.id}`} />
        </section>
      ) : null}
      <ExtraWork job={current} />
      <JobBill job={current} />
      <Release job={current} release={release} />
      <section aria-label={t("history")}>
        <h2 className="font-semibold text-slate-950">{t("history")}</h2>
        <ol className="mt-2 space-y-1 border-l-2 border-brand-100 pl-4 text-sm text-slate-700">
          {current.history.map((entry) => (
            <li key={`${entry.at}/${entry.action}`}>
              <span className="font-medium text-slate-900">{historyLabel(entry)}</span>{" "}
              <time dateTime={entry.at}>{time.format(new Date(entry.at))}</time>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
