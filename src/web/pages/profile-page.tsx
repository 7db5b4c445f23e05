import { CircleUserRound } from "lucide-react";
import { Link, Navigate } from "react-router";
import { PageShell, primaryActionClass } from "#web/shell/page-shell.tsx";
import { useAuthToken } from "#web/shell/use-auth-token.ts";

/** /profile: only with an authToken in local storage (spec §2, §6); otherwise home. */
export function ProfilePage() {
  const token = useAuthToken();
  // The layout has already remembered "/profile" as redirectAfterLogin (see app-layout.tsx).
  if (!token) return <Navigate to="/" replace />;
  return (
    <PageShell
      title="Your profile"
      icon={<CircleUserRound className="size-7" />}
      lead="You are signed in on this device."
    >
      <Link to="/#services" className={primaryActionClass}>
        Book a mate
      </Link>
    </PageShell>
  );
}
