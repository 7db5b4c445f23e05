import { LogIn } from "lucide-react";
import { NavLink, Outlet } from "react-router";
import { useMe } from "#web/features/auth/session-query.ts";
import { useOpsEvents } from "#web/features/ops/public.ts";
import { LoadingState } from "#web/shell/loading-state.tsx";
import { requestLogin } from "#web/shell/login-request.ts";
import { primaryActionClass, secondaryActionClass } from "#web/shell/page-shell.tsx";
import { useAuthToken } from "#web/shell/use-auth-token.ts";
import { usePageMeta } from "#web/shell/use-page-meta.ts";

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-full px-4 py-2 text-sm font-semibold ${isActive ? "bg-brand-800 text-white" : "text-brand-900 hover:bg-brand-50"}`;

const SECTIONS = [
  { to: "/ops", label: "Applications", end: true },
  { to: "/ops/bookings", label: "Bookings" },
  { to: "/ops/mates", label: "Mates" },
  { to: "/ops/customers", label: "Customers" },
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
  const token = useAuthToken();
  const me = useMe();
  let body: React.ReactNode;
  if (!token) {
    body = (
      <div className="rounded-2xl border border-slate-200 bg-white p-6 text-center">
        <p className="text-lg font-semibold text-slate-900">Log in to the operations console</p>
        <p className="mt-1 text-slate-700">Use the e-mail address your operations invitation was sent to.</p>
        <button type="button" className={`${primaryActionClass} mt-4`} onClick={() => requestLogin("ops")}>
          <LogIn className="size-5" aria-hidden="true" />
          Login
        </button>
      </div>
    );
  } else if (me.isPending) {
    body = <LoadingState />;
  } else if (me.data?.user.role !== "operator") {
    body = (
      <div className="rounded-2xl border border-slate-200 bg-white p-6 text-center">
        <p className="text-lg font-semibold text-slate-900">This is for the Mates operations team</p>
        <p className="mt-1 text-slate-700">Operators get their account by invitation.</p>
        <a href="/" className={`${secondaryActionClass} mt-4`}>
          Go to the home page
        </a>
      </div>
    );
  } else {
    body = <Console />;
  }
  return <div className="mx-auto max-w-5xl px-4 py-6 lg:px-6">{body}</div>;
}
