import { KeyRound } from "lucide-react";
import { useSearchParams } from "react-router";
import { INVITATION } from "#domain/auth.ts";
import { ResetPasswordForm } from "#web/features/auth/reset-password-form.tsx";
import { PageShell } from "#web/shell/page-shell.tsx";

/**
 * /reset-password?token=…: where the password reset mail leads (spec §7 "Send a password reset
 * e-mail"), and a mate's invitation (the same link with `invite=1`), which sets the first password.
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() || null;
  const invitation = params.get(INVITATION.param) === "1";
  return (
    <PageShell
      title={invitation ? "Welcome to Mates" : "Reset your password"}
      icon={<KeyRound className="size-7" />}
      lead={
        invitation
          ? "Choose the password for your Mates professional account; then log in to see your jobs."
          : "Choose a new password for your Mates account."
      }
    >
      <ResetPasswordForm token={token} invitation={invitation} />
    </PageShell>
  );
}
