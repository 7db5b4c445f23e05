import { LogIn } from "lucide-react";
import { NavLink, Outlet } from "react-router";
import { useMe } from "#web/features/auth/session-query.ts";
import { useMateEvents } from "#web/features/mate-app/public.ts";
import { LoadingState } from "#web/shell/loading-state.tsx";
import { requestLogin } from "#web/shell/login-request.ts";
import { primaryActionClass, secondaryActionClass } from "#web/shell/page-shell.tsx";
import { useAuthToken } from "#web/shell/use-auth-token.ts";
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
      </nav>
      <Outlet />
    </>
  );
}

/** /mate: the professionals' app, for a signed-in mate only. */
export function MateLayout() {
  usePageMeta("My jobs");
  const token = useAuthToken();
  const me = useMe();
  let body: React.ReactNode;
  if (!token) {
    body = (
      <div className="rounded-2xl border border-slate-200 bg-white p-6 text-center">
        <p className="text-lg font-semibold text-slate-900">Log in to see your jobs</p>
        <p className="mt-1 text-slate-700">Use the e-mail address your Mates invitation was sent to.</p>
        <button type="button" className={`${primaryActionClass} mt-4`} onClick={() => requestLogin("mate")}>
          <LogIn className="size-5" aria-hidden="true" />
          Login
        </button>
      </div>
    );
  } else if (me.isPending) {
    body = <LoadingState />;
  } else if (me.data?.user.role !== "mate") {
    body = (
      <div className="rounded-2xl border border-slate-200 bg-white p-6 text-center">
        <p className="text-lg font-semibold text-slate-900">This page is for Mates professionals</p>
        <p className="mt-1 text-slate-700">Mates get their account by invitation. Your bookings are in your profile.</p>
        <a href="/" className={`${secondaryActionClass} mt-4`}>
          Go to the home page
        </a>
      </div>
    );
  } else {
    body = <MateApp />;
  }
  return <div className="mx-auto max-w-3xl px-4 py-6 lg:px-6">{body}</div>;
}
