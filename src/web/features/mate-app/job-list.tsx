import { AlertTriangle, CalendarClock, MapPin } from "lucide-react";
import { Link } from "react-router";
import { formatRupees } from "#domain/catalogue.ts";
import type { MateJob } from "#domain/mate-app.ts";
import { formatSlot } from "#web/features/booking/public.ts";
import { ErrorState } from "#web/shell/error-state.tsx";
import { LoadingState } from "#web/shell/loading-state.tsx";
import { useMateJobs } from "./mate-api.ts";

export const JOB_STATUS_TEXT: Record<MateJob["status"], string> = {
  finding: "Finding a mate",
  unassigned: "No mate",
  assigned: "Assigned to you",
  on_the_way: "On the way",
  arrived: "Arrived",
  in_progress: "In progress",
  completed: "Completed: collect payment",
  paid: "Done and paid",
  cancelled: "Cancelled by the customer",
};

function JobCard({ job }: { job: MateJob }) {
  return (
    <li>
      <Link
        to={`/mate/jobs/${job.id}`}
        aria-label={`${job.rework ? "Free re-work: " : ""}${job.serviceTitle} for ${job.customerFirstName}, ${formatSlot(job.start)}`}
        className="block rounded-2xl border border-slate-200 bg-white p-4 hover:border-brand-700"
      >
        <p className="flex flex-wrap items-center justify-between gap-2">
          <span className="font-bold text-slate-950">
            {job.rework ? "Free re-work: " : ""}
            {job.serviceTitle}
          </span>
          <span className="rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-900">
            {JOB_STATUS_TEXT[job.status]}
          </span>
        </p>
        <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-700">
          <CalendarClock className="size-4" aria-hidden="true" />
          {formatSlot(job.start)}
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
            ? "Paid online"
            : job.rework && job.toCollectRupees === 0
              ? "Free: nothing to collect"
              : `${job.status === "paid" ? "Collected" : "To collect"} ${formatRupees(job.collectedRupees ?? job.toCollectRupees)}`}
        </p>
        {job.atRisk ? (
          <p className="mt-1 flex items-center gap-1.5 text-sm font-semibold text-amber-950">
            <AlertTriangle className="size-4" aria-hidden="true" />
            Start soon: mark On the way
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
  const jobs = useMateJobs();
  if (jobs.isPending) return <LoadingState />;
  if (jobs.isError) {
    return (
      <ErrorState
        title="Your jobs could not be loaded."
        message={jobs.error.message}
        onRetry={() => void jobs.refetch()}
      />
    );
  }
  return (
    <div className="space-y-6">
      <Section title="Today" jobs={jobs.data.today} empty="No jobs today." />
      <Section title="Upcoming" jobs={jobs.data.upcoming} empty="Nothing booked yet. New jobs appear here at once." />
      <Section title="Recent" jobs={jobs.data.recent} />
    </div>
  );
}
