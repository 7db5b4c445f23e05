import { NavLink, Outlet } from "react-router";
import { SuspensionNotice, useMateEvents } from "#web/features/mate-app/public.ts";
import { PushOffer } from "#web/features/notifications/public.ts";
import { RoleGate } from "#web/pages/role-gate.tsx";
import { usePageMeta } from "#web/shell/use-page-meta.ts";

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-full px-4 py-2 text-sm font-semibold ${isActive ? "bg-brand-800 text-white" : "text-brand-900 hover:bg-brand-50"}`;

function MateApp() {
  useMateEvents();
  return (
    <>
      <nav aria-label="Mate app" className="mb-6 flex flex-wrap gap-2">
        <NavLink to="/mate" end className={tabClass}>
          Jobs
        </NavLink>
        <NavLink to="/mate/availability" className={tabClass}>
          Availability
        </NavLink>
        <NavLink to="/mate/earnings" className={tabClass}>
          Earnings
        </NavLink>
        <NavLink to="/mate/ratings" className={tabClass}>
          Ratings
        </NavLink>
      </nav>
      <SuspensionNotice />
      <div className="mb-6 empty:hidden">
        <PushOffer audience="mate" />
      </div>
      <Outlet />
    </>
  );
}

/** /mate: the professionals' app, for a signed-in mate only. */
export function MateLayout() {
  usePageMeta("My jobs");
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 lg:px-6">
      <RoleGate
        forRole="mate"
        login={{ title: "Log in to see your jobs", hint: "Use the e-mail address your Mates invitation was sent to." }}
        refusal={{
          title: "This page is for Mates professionals",
          hint: "Mates get their account by invitation. Your bookings are in your profile.",
        }}
      >
        <MateApp />
      </RoleGate>
    </div>
  );
}
