import { BriefcaseBusiness, CalendarClock, IndianRupee, Star } from "lucide-react";
import { Outlet } from "react-router";
import { DuesBanner, SuspensionNotice, useMateEvents } from "#web/features/mate-app/public.ts";
import { PushOffer } from "#web/features/notifications/public.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { RoleGate } from "#web/pages/role-gate.tsx";
import { type RoleSection, RoleShell } from "#web/pages/role-shell.tsx";
import { LanguageSelect } from "#web/shell/language/language-control.tsx";
import { usePageMeta } from "#web/shell/use-page-meta.ts";
import { matePagesMessages } from "./mate-messages.ts";

const SECTIONS = [
  { to: "/mate", label: "jobs", icon: BriefcaseBusiness, end: true },
  { to: "/mate/availability", label: "availability", icon: CalendarClock },
  { to: "/mate/earnings", label: "earnings", icon: IndianRupee },
  { to: "/mate/ratings", label: "ratings", icon: Star },
] as const;

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
  const t = useT(matePagesMessages);
  usePageMeta(t("myJobs"));
  const sections: RoleSection[] = SECTIONS.map((section) => ({ ...section, label: t(section.label) }));
  return (
    <RoleShell
      forRole="mate"
      navLabel={t("navLabel")}
      sections={sections}
      sectionsAt="bottom"
      banner={<PushOffer audience="mate" layout="strip" />}
      width="max-w-3xl"
    >
      <div className="mb-2 flex justify-end">
        <LanguageSelect />
      </div>
      <RoleGate
        forRole="mate"
        login={{ title: t("loginTitle"), hint: t("loginHint") }}
        refusal={{ title: t("refusalTitle"), hint: t("refusalHint") }}
      >
        <MateApp />
      </RoleGate>
    </RoleShell>
  );
}
