import { KeyRound } from "lucide-react";
import { useSearchParams } from "react-router";
import { INVITATION } from "#domain/auth.ts";
import { authMessages } from "#web/features/auth/auth-messages.ts";
import { ResetPasswordForm } from "#web/features/auth/reset-password-form.tsx";
import { useT } from "#web/i18n/use-t.tsx";
import { PageShell } from "#web/shell/page-shell.tsx";

/**
 * /reset-password?token=…: where the password reset mail leads (spec §7 "Send a password reset
 * e-mail"), and a mate's invitation (the same link with `invite=1`), which sets the first password.
 */
export function ResetPasswordPage() {
  const t = useT(authMessages);
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() || null;
  const invitation = params.get(INVITATION.param) === "1";
  return (
    <PageShell
      title={t(invitation ? "welcomeTitle" : "resetTitle")}
      icon={<KeyRound className="size-7" />}
      lead={t(invitation ? "invitationLead" : "resetLead")}
    >
      <ResetPasswordForm token={token} invitation={invitation} />
    </PageShell>
  );
}
