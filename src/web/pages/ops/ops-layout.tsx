import { Outlet } from "react-router";
import { useOpsEvents } from "#web/features/ops/public.ts";
import { EnglishOnly } from "#web/i18n/english-only.tsx";
import { RoleGate } from "#web/pages/role-gate.tsx";
import { type RoleSection, RoleShell } from "#web/pages/role-shell.tsx";
import { usePageMeta } from "#web/shell/use-page-meta.ts";

const SECTIONS: readonly RoleSection[] = [
  { to: "/ops", label: "Applications", end: true },
  { to: "/ops/cases", label: "Cases" },
  { to: "/ops/bookings", label: "Bookings" },
  { to: "/ops/mates", label: "Mates" },
  { to: "/ops/customers", label: "Customers" },
  { to: "/ops/reviews", label: "Reviews" },
  { to: "/ops/payouts", label: "Payouts" },
  { to: "/ops/commission", label: "Commission" },
  { to: "/ops/translations", label: "Translations" },
  { to: "/ops/finance", label: "Finance" },
  { to: "/ops/operators", label: "Operators" },
  { to: "/ops/audit", label: "Audit log" },
];

function Console() {
  useOpsEvents();
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold text-slate-950">Operations console</h1>
      <Outlet />
    </>
  );
}

/**
 * /ops: the operator console (issue 16), for a signed-in operator only; the server checks every call
 * too. Its own frame (decision 050): the sections in a row under the header, on a phone as well.
 */
export function OpsLayout() {
  usePageMeta("Operations console");
  return (
    <EnglishOnly>
      <RoleShell forRole="operator" navLabel="Console" sections={SECTIONS} sectionsAt="top" width="max-w-5xl">
        <RoleGate
          forRole="operator"
          login={{
            title: "Log in to the operations console",
            hint: "Use the e-mail address your operations invitation was sent to.",
          }}
          refusal={{
            title: "This is for the Mates operations team",
            hint: "Operators get their account by invitation.",
          }}
        >
          <Console />
        </RoleGate>
      </RoleShell>
    </EnglishOnly>
  );
}
