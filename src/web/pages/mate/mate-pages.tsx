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
import { useT } from "#web/i18n/use-t.tsx";
import { matePagesMessages } from "./mate-messages.ts";

export function MateJobsPage() {
  const t = useT(matePagesMessages);
  return (
    <>
      <h1 className="mb-4 text-3xl font-extrabold tracking-tight text-slate-950">{t("myJobs")}</h1>
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
  const t = useT(matePagesMessages);
  return (
    <>
      <h1 className="mb-4 text-3xl font-extrabold tracking-tight text-slate-950">{t("availability")}</h1>
      <AvailabilityForm />
      <div className="mt-6">
        <NotificationSettings mate />
      </div>
    </>
  );
}

export function MateEarningsPage() {
  const t = useT(matePagesMessages);
  return (
    <>
      <h1 className="mb-4 text-3xl font-extrabold tracking-tight text-slate-950">{t("earnings")}</h1>
      <EarningsView />
      <div className="mt-6">
        <PayoutDestinationCard />
      </div>
      <PanForm />
    </>
  );
}

export function MateRatingsPage() {
  const t = useT(matePagesMessages);
  return (
    <>
      <h1 className="mb-4 text-3xl font-extrabold tracking-tight text-slate-950">{t("ratings")}</h1>
      <RatingsView />
    </>
  );
}
