import { KeyRound } from "lucide-react";
import { useSearchParams } from "react-router";
import { ResetPasswordForm } from "#web/features/auth/reset-password-form.tsx";
import { PageShell } from "#web/shell/page-shell.tsx";

/** /reset-password?token=…: where the password reset mail leads (spec §7 "Send a password reset e-mail"). */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() || null;
  return (
    <PageShell
      title="Reset your password"
      icon={<KeyRound className="size-7" />}
      lead="Choose a new password for your Mates account."
    >
      <ResetPasswordForm token={token} />
    </PageShell>
  );
}
