import { LogIn } from "lucide-react";
import type { ReactNode } from "react";
import type { Role } from "#domain/user.ts";
import { useMe } from "#web/features/auth/session-query.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { publicPagesMessages } from "#web/pages/public/public-pages-messages.ts";
import { LoadingState } from "#web/shell/loading-state.tsx";
import { requestLogin } from "#web/shell/login-request.ts";
import { primaryActionClass, secondaryActionClass } from "#web/shell/page-shell.tsx";
import { shellMessages } from "#web/shell/shell-messages.ts";
import { useAuthToken } from "#web/shell/use-auth-token.ts";

/**
 * A role's own area (the mate app, the operator console): a visitor is asked to log in, anyone of
 * another role is told whose it is, and only that role sees `children`. The server checks every
 * request of the area again; this only spares people screens that would refuse them.
 */
export function RoleGate({
  forRole: role,
  login,
  refusal,
  children,
}: {
  forRole: Role;
  login: { title: string; hint: string };
  refusal: { title: string; hint: string };
  children: ReactNode;
}) {
  const t = useT(publicPagesMessages);
  const shell = useT(shellMessages);
  const token = useAuthToken();
  const me = useMe();
  if (!token) {
    return (
      <div className="rounded-2xl border border-slate-200 bg-white p-6 text-center">
        <p className="text-lg font-semibold text-slate-900">{login.title}</p>
        <p className="mt-1 text-slate-700">{login.hint}</p>
        <button type="button" className={`${primaryActionClass} mt-4`} onClick={() => requestLogin(role)}>
          <LogIn className="size-5" aria-hidden="true" />
          {shell("login")}
        </button>
      </div>
    );
  }
  if (me.isPending) return <LoadingState />;
  if (me.data?.user.role !== role) {
    return (
      <div className="rounded-2xl border border-slate-200 bg-white p-6 text-center">
        <p className="text-lg font-semibold text-slate-900">{refusal.title}</p>
        <p className="mt-1 text-slate-700">{refusal.hint}</p>
        <a href="/" className={`${secondaryActionClass} mt-4`}>
          {t("goHome")}
        </a>
      </div>
    );
  }
  return <>{children}</>;
}
