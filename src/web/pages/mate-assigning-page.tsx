import { UserCheck } from "lucide-react";
import { Link } from "react-router";
import { PageShell, primaryActionClass } from "#web/shell/page-shell.tsx";

/** /mate-assigning: which verified mate takes a booking. */
export function MateAssigningPage() {
  return (
    <PageShell
      title="Assigning your mate"
      icon={<UserCheck className="size-7" />}
      lead="You have no booking waiting for a mate. After you book and pay, this page shows the verified mate assigned to your booking."
    >
      <Link to="/#services" className={primaryActionClass}>
        Book a mate
      </Link>
    </PageShell>
  );
}
