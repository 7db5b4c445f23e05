import { NavLink, Outlet } from "react-router";
import { useOpsEvents } from "#web/features/ops/public.ts";
import { RoleGate } from "#web/pages/role-gate.tsx";
import { usePageMeta } from "#web/shell/use-page-meta.ts";

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-full px-4 py-2 text-sm font-semibold ${isActive ? "bg-brand-800 text-white" : "text-brand-900 hover:bg-brand-50"}`;

const SECTIONS = [
  { to: "/ops", label: "Applications", end: true },
  { to: "/ops/bookings", label: "Bookings" },
  { to: "/ops/mates", label: "Mates" },
  { to: "/ops/customers", label: "Customers" },
  { to: "/ops/reviews", label: "Reviews" },
  { to: "/ops/operators", label: "Operators" },
  { to: "/ops/audit", label: "Audit log" },
];

function Console() {
  useOpsEvents();
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold text-slate-950">Operations console</h1>
      <nav aria-label="Console" className="mb-6 flex flex-wrap gap-2">
        {SECTIONS.map((section) => (
          <NavLink key={section.to} to={section.to} end={section.end ?? false} className={tabClass}>
            {section.label}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </>
  );
}

/** /ops: the operator console (issue 16), for a signed-in operator only; the server checks every call too. */
export function OpsLayout() {
  usePageMeta("Operations console");
  return (
    <div className="mx-auto max-w-5xl px-4 py-6 lg:px-6">
      <RoleGate
        forRole="operator"
        login={{
          title: "Log in to the operations console",
          hint: "Use the e-mail address your operations invitation was sent to.",
        }}
        refusal={{ title: "This is for the Mates operations team", hint: "Operators get their account by invitation." }}
      >
        <Console />
      </RoleGate>
    </div>
  );
}
