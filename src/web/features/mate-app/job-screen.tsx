import { KeyRound, MapPin, Phone } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { formatAddress } from "#domain/address.ts";
import { formatRupees } from "#domain/catalogue.ts";
import { lazyDateFormat } from "#domain/date-format.ts";
import { COLLECTION_METHODS, type CollectionMethod, type JobStatus, setOffTimeText } from "#domain/job.ts";
import type { MateJob } from "#domain/mate-app.ts";
import { formatSlot } from "#web/features/booking/public.ts";
import { ChatPanel } from "#web/features/chat/public.ts";
import { ErrorState } from "#web/shell/error-state.tsx";
import { LoadingState } from "#web/shell/loading-state.tsx";
import { primaryActionClass, secondaryActionClass } from "#web/shell/page-shell.tsx";
import { JobBill, METHOD_LABEL } from "./job-bill.tsx";
import { JobCases } from "./job-cases.tsx";
import { JobEarnings } from "./job-earnings.tsx";
import { JOB_STATUS_TEXT } from "./job-list.tsx";
import { useAddExtra, useJobStep, useMateJob, useReleaseJob } from "./mate-api.ts";
import { releasedState } from "./released-notice.tsx";
import { useTimeReached } from "./use-time-reached.ts";

const inputClass = "w-full rounded-xl border border-slate-300 px-3 py-2 text-slate-950";

function Failure({ error }: { error: Error | null }) {
  return error ? (
    <p role="alert" className="font-medium text-red-900">
      {error.message}
    </p>
  ) : null;
}

/** The steps that wait for the set-off window before the start: on the way, arrived, start. */
const SET_OFF_STEPS: ReadonlySet<JobStatus> = new Set(["assigned", "on_the_way", "arrived"]);

/**
 * The one next step as the main button; Start asks for the code, Payment collected for the method.
 * Before the set-off window opens, the step's button is disabled and says from when it can be taken.
 */
function NextStep({ job }: { job: MateJob }) {
  const step = useJobStep(job.id);
  const [code, setCode] = useState("");
  const [method, setMethod] = useState<CollectionMethod>("cash");
  const opensAt = Date.parse(job.setOffFrom);
  const windowOpen = useTimeReached(opensAt);
  if (!job.nextStep) return null;
  if (SET_OFF_STEPS.has(job.status) && !windowOpen) {
    const from = setOffTimeText(new Date(opensAt), new Date());
    return (
      <div className="space-y-2">
        <button type="button" className={`${primaryActionClass} w-full py-4 text-lg disabled:bg-slate-600`} disabled>
          {job.nextStep.label} from {from}
        </button>
        <p className="text-sm text-slate-700">
          You can set off from {from}, shortly before the start, when the customer is told you are coming.
        </p>
      </div>
    );
  }
  if (job.status === "arrived") {
    if (job.startCodeLocked) {
      return (
        <p role="alert" className="rounded-2xl bg-amber-50 p-4 font-medium text-amber-950">
          The start code is locked after 5 wrong tries. Call the operations desk to unlock it.
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
          Start code from the customer
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
          Start
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
            Collect {formatRupees(job.toCollectRupees)}
            {job.tipRupees > 0 ? `, with a ${formatRupees(job.tipRupees)} tip for you,` : ""} by
          </legend>
          <div className="mt-2 flex gap-3">
            {COLLECTION_METHODS.map((option) => (
              <label key={option} className="flex items-center gap-2">
                <input type="radio" name="method" checked={method === option} onChange={() => setMethod(option)} />
                {METHOD_LABEL[option]}
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
          Payment collected
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
        {job.nextStep.label}
      </button>
      <Failure error={step.error} />
    </div>
  );
}

function ExtraWork({ job }: { job: MateJob }) {
  const add = useAddExtra(job.id);
  const [description, setDescription] = useState("");
  const [price, setPrice] = useState("");
  if (!job.canAddExtras && job.extras.length === 0) return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(
      { description, priceRupees: Number(price) },
      {
        onSuccess: () => {
          setDescription("");
          setPrice("");
        },
      },
    );
  };
  return (
    <section aria-label="Extra work" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4">
      <h2 className="font-semibold text-slate-950">Extra work</h2>
      {job.extras.length > 0 ? (
        <ul className="space-y-1 text-sm text-slate-700">
          {job.extras.map((extra) => (
            <li key={extra.id} className="flex justify-between gap-3">
              <span>{extra.description}</span>
              <span>
                {formatRupees(extra.priceRupees)} ·{" "}
                {extra.status === "proposed" ? "waiting for the customer" : extra.status}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {job.canAddExtras ? (
        <form onSubmit={submit} className="space-y-2">
          <label className="block text-sm font-semibold text-slate-900" htmlFor="extra-description">
            What
          </label>
          <input
            id="extra-description"
            className={inputClass}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
          />
          <label className="block text-sm font-semibold text-slate-900" htmlFor="extra-price">
            Price in rupees
          </label>
          <input
            id="extra-price"
            className={inputClass}
            inputMode="numeric"
            value={price}
            onChange={(event) => setPrice(event.target.value.replace(/\D/g, ""))}
          />
          <button type="submit" className={secondaryActionClass} disabled={add.isPending}>
            Ask the customer to approve
          </button>
          <Failure error={add.error} />
        </form>
      ) : null}
    </section>
  );
}

/**
 * "Cannot do this job?": once released, the job is no longer the mate's, so the mate is taken to
 * their jobs, which say what happens next (the screen never reads the job again).
 */
function Release({ job, release }: { job: MateJob; release: ReturnType<typeof useReleaseJob> }) {
  const navigate = useNavigate();
  const [reason, setReason] = useState("");
  if (!job.canRelease) return null;
  return (
    <details className="rounded-2xl border border-slate-200 bg-white p-4">
      <summary className="cursor-pointer font-semibold text-slate-900">Cannot do this job?</summary>
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
          Why (the operations team reads it)
        </label>
        <input
          id="release-reason"
          className={inputClass}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
        <button type="submit" className={secondaryActionClass} disabled={release.isPending}>
          Release the job
        </button>
        <Failure error={release.error} />
      </form>
    </details>
  );
}

const time = lazyDateFormat("en-IN", { hour: "numeric", minute: "2-digit", timeZone: "Asia/Kolkata" });

/** A job's screen: the next step first, then the customer, extras, the bill and the history. */
export function JobScreen({ id }: { id: string }) {
  const release = useReleaseJob(id);
  // Not read while it is being released, nor after: it is no longer this mate's (a 404).
  const job = useMateJob(id, { enabled: release.isIdle || release.isError });
  if (job.isPending) return <LoadingState />;
  if (job.isError) {
    return (
      <ErrorState
        title="This job could not be loaded."
        message={job.error.message}
        onRetry={() => void job.refetch()}
      />
    );
  }
  const current = job.data;
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-extrabold text-slate-950">{current.serviceTitle}</h1>
        <p className="text-slate-700">{formatSlot(current.start)}</p>
        <p role="status" className="mt-1 font-semibold text-brand-900">
          {JOB_STATUS_TEXT[current.status]}
        </p>
        <JobEarnings job={current} />
      </div>
      <NextStep job={current} />
      {current.rework ? (
        <section aria-label="Re-work" className="space-y-2 rounded-2xl border border-amber-300 bg-amber-50 p-4">
          <h2 className="font-semibold text-slate-950">Free re-work: the customer says</h2>
          <p className="text-slate-800">{current.rework.description}</p>
          {current.rework.photos.length > 0 ? (
            <ul aria-label="The customer's photos" className="flex flex-wrap gap-2">
              {current.rework.photos.map((url, index) => (
                <li key={url}>
                  <a href={url} target="_blank" rel="noreferrer">
                    <img
                      src={url}
                      alt={`What is wrong, as the customer showed it (${index + 1} of ${current.rework?.photos.length ?? 0})`}
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
      <section aria-label="Customer" className="rounded-2xl border border-slate-200 bg-white p-4 text-slate-800">
        <p className="font-semibold text-slate-950">{current.customerFirstName}</p>
        <p className="flex items-center gap-1.5">
          <MapPin className="size-4" aria-hidden="true" />
          {current.address
            ? `${formatAddress(current.address)}${current.address.landmark ? `, near ${current.address.landmark}` : ""}`
            : current.locality}
        </p>
        {current.customerPhone ? (
          <a
            href={`tel:+91${current.customerPhone}`}
            className="mt-1 inline-flex items-center gap-1.5 font-semibold text-brand-800 underline"
          >
            <Phone className="size-4" aria-hidden="true" />
            Call {current.customerFirstName}
          </a>
        ) : (
          <p className="text-sm text-slate-600">The full address and phone show once you are on the way.</p>
        )}
      </section>
      {current.status !== "cancelled" ? (
        <section aria-label="Chat" className="rounded-2xl border border-slate-200 bg-white p-4">
          <h2 className="mb-2 font-semibold text-slate-950">Chat with {current.customerFirstName}</h2>
          <ChatPanel base={`/api/mate/jobs/${current.id}`} />
        </section>
      ) : null}
      <ExtraWork job={current} />
      <JobBill job={current} />
      <Release job={current} release={release} />
      <section aria-label="History">
        <h2 className="font-semibold text-slate-950">History</h2>
        <ol className="mt-2 space-y-1 border-l-2 border-brand-100 pl-4 text-sm text-slate-700">
          {current.history.map((entry) => (
            <li key={`${entry.at}/${entry.action}`}>
              <span className="font-medium text-slate-900">{entry.label}</span>{" "}
              <time dateTime={entry.at}>{time.format(new Date(entry.at))}</time>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
