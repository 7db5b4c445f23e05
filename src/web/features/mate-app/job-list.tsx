import { AlertTriangle, CalendarClock, MapPin } from "lucide-react";
import { Link } from "react-router";
import { formatRupees } from "#domain/catalogue.ts";
import type { MateJob } from "#domain/mate-app.ts";
import { formatSlot } from "#web/features/booking/public.ts";
import { activeLocale } from "#web/i18n/i18n.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { ErrorState } from "#web/shell/error-state.tsx";
import { LoadingState } from "#web/shell/loading-state.tsx";
import { STATUS_KEY } from "./job-words.ts";
import { useMateJobs } from "./mate-api.ts";
import { mateAppMessages } from "./mate-app-messages.ts";

function JobCard({ job }: { job: MateJob }) {
  const t = useT(mateAppMessages);
  const slot = formatSlot(job.start, activeLocale());
  const amount = formatRupees(job.collectedRupees ?? job.toCollectRupees);
  return (
    <li>
      <Link
        to={`/mate/jobs/${job.id}`}
        aria-label={t("cardLabel", {
          rework: job.rework ? t("rework") : "",
          service: job.serviceTitle,
          customer: job.customerFirstName,
          slot,
        })}
        className="block rounded-2xl border border-slate-200 bg-white p-4 hover:border-brand-700"
      >
        <p className="flex flex-wrap items-center justify-between gap-2">
          <span className="font-bold text-slate-950">
            {job.rework ? t("rework") : ""}
            {job.serviceTitle}
          </span>
          <span className="rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-900">
            {t(STATUS_KEY[job.status])}
          </span>
        </p>
        <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-700">
          <CalendarClock className="size-4" aria-hidden="true" />
          {slot}
        </p>
        <p className="flex items-center gap-1.5 text-sm text-slate-700">
          <MapPin className="size-4" aria-hidden="true" />
          {job.locality} · {job.customerFirstName}
        </p>
        <ul className="mt-1 text-sm text-slate-700">
          {job.items.map((item) => (
            <li key={item.optionLabel}>
              {item.optionLabel} × {item.quantity}
            </li>
          ))}
        </ul>
        <p className="mt-2 font-semibold text-slate-950">
          {job.collectedMethod === "online"
            ? t("paidOnline")
            : job.rework && job.toCollectRupees === 0
              ? t("freeNothing")
              : t(job.status === "paid" ? "collectedAmount" : "toCollectAmount", { amount })}
        </p>
        {job.atRisk ? (
          <p className="mt-1 flex items-center gap-1.5 text-sm font-semibold text-amber-950">
            <AlertTriangle className="size-4" aria-hidden="true" />
            {t("atRisk")}
          </p>
        ) : null}
      </Link>
    </li>
  );
}

function Section({ title, jobs, empty }: { title: string; jobs: MateJob[]; empty?: string }) {
  if (jobs.length === 0 && !empty) return null;
  return (
    <section aria-label={title} className="space-y-3">
      <h2 className="text-lg font-bold text-slate-950">{title}</h2>
      {jobs.length === 0 ? (
        <p className="text-slate-700">{empty}</p>
      ) : (
        <ul className="space-y-3">
          {jobs.map((job) => (
            <JobCard key={job.id} job={job} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** Today's and upcoming jobs, then the last week's; live. */
export function JobList() {
  const t = useT(mateAppMessages);
  const jobs = useMateJobs();
  if (jobs.isPending) return <LoadingState />;
  if (jobs.isError) {
    return <ErrorState title={t("jobsError")} message={jobs.error.message} onRetry={() => void jobs.refetch()} />;
  }
  return (
    <div className="space-y-6">
      <Section title={t("today")} jobs={jobs.data.today} empty={t("noJobsToday")} />
      <Section title={t("upcoming")} jobs={jobs.data.upcoming} empty={t("noUpcoming")} />
      <Section title={t("recent")} jobs={jobs.data.recent} />
    </div>
  );
}
