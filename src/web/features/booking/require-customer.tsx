import { LogIn } from "lucide-react";
import type { ReactNode } from "react";
import { useT } from "#web/i18n/use-t.tsx";
import { requestLogin } from "#web/shell/login-request.ts";
import { primaryActionClass } from "#web/shell/page-shell.tsx";
import { useAuthToken } from "#web/shell/use-auth-token.ts";
import { bookingMessages } from "./booking-messages.ts";

/** Booking screens are for signed-in customers (spec §2); a visitor is asked to log in, and comes back here. */
export function RequireCustomer({ children, title, hint }: { children: ReactNode; title?: string; hint?: string }) {
  const t = useT(bookingMessages);
  const token = useAuthToken();
  if (token) return children;
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 text-center">
      <p className="text-lg font-semibold text-slate-900">{title ?? t("loginToBook")}</p>
      <p className="mt-1 text-slate-700">{hint ?? t("loginHint")}</p>
      <button type="button" className={`${primaryActionClass} mt-4`} onClick={() => requestLogin("booking")}>
        <LogIn className="size-5" aria-hidden="true" />
        {t("login")}
      </button>
    </div>
  );
}
