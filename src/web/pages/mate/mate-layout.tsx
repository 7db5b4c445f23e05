import { BriefcaseBusiness, CalendarClock, IndianRupee, Star } from "lucide-react";
import { Outlet } from "react-router";
import { DuesBanner, SuspensionNotice, useMateEvents } from "#web/features/mate-app/public.ts";
import { PushOffer } from "#web/features/notifications/public.ts";
import { RoleGate } from "#web/pages/role-gate.tsx";
import { type RoleSection, RoleShell } from "#web/pages/role-shell.tsx";
import { usePageMeta } from "#web/shell/use-page-meta.ts";

const SECTIONS: readonly RoleSection[] = [
  { to: "/mate", label: "Jobs", icon: BriefcaseBusiness, end: true },
  { to: "/mate/availability", label: "Availability", icon: CalendarClock },
  { to: "/mate/earnings", label: "Earnings", icon: IndianRupee },
  { to: "/mate/ratings", label: "Ratings", icon: Star },
];

function MateApp() {
  useMateEvents();
  return (
    <>
      <SuspensionNotice />
      <DuesBanner />
      <Outlet />
    </>
  );
}

/**
 * /mate: the professionals' app, for a signed-in mate only, in a frame of its own (decision 050):
 * the sections as a bar at the foot of a phone's screen, the offer of notifications a strip above it.
 */
export function MateLayout() {
  usePageMeta("My jobs");
  return (
    <RoleShell
      forRole="mate"
      navLabel="Mate app"
      sections={SECTIONS}
      sectionsAt="bottom"
      banner={<PushOffer audience="mate" layout="strip" />}
      width="max-w-3xl"
    >
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
    </RoleShell>
  );
}
