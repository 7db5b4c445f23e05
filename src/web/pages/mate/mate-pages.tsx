import { useParams } from "react-router";
import {
  AvailabilityForm,
  EarningsView,
  JobList,
  JobScreen,
  PanForm,
  PayoutDestinationCard,
  RatingsView,
  ReleasedNotice,
} from "#web/features/mate-app/public.ts";
import { NotificationSettings } from "#web/features/notifications/public.ts";

export function MateJobsPage() {
  return (
    <>
      <h1 className="mb-4 text-3xl font-extrabold tracking-tight text-slate-950">My jobs</h1>
      <ReleasedNotice />
      <JobList />
    </>
  );
}

export function MateJobPage() {
  const { id = "" } = useParams();
  return <JobScreen key={id} id={id} />;
}

export function MateAvailabilityPage() {
  return (
    <>
      <h1 className="mb-4 text-3xl font-extrabold tracking-tight text-slate-950">Availability</h1>
      <AvailabilityForm />
      <div className="mt-6">
        <NotificationSettings mate />
      </div>
    </>
  );
}

export function MateEarningsPage() {
  return (
    <>
      <h1 className="mb-4 text-3xl font-extrabold tracking-tight text-slate-950">Earnings</h1>
      <EarningsView />
      <div className="mt-6">
        <PayoutDestinationCard />
      </div>
      <PanForm />
    </>
  );
}

export function MateRatingsPage() {
  return (
    <>
      <h1 className="mb-4 text-3xl font-extrabold tracking-tight text-slate-950">Ratings</h1>
      <RatingsView />
    </>
  );
}
