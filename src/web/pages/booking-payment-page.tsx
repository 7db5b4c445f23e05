import { CreditCard } from "lucide-react";
import { Link } from "react-router";
import { PageShell, primaryActionClass } from "#web/shell/page-shell.tsx";

/** /booking/payment (also /payment, /Payment, /checkout): paying for a booking. */
export function BookingPaymentPage() {
  return (
    <PageShell
      title="Payment"
      icon={<CreditCard className="size-7" />}
      lead="There is nothing to pay yet. Once you have chosen a service and an address, your booking and its price are shown here for payment."
    >
      <Link to="/#services" className={primaryActionClass}>
        Choose a service
      </Link>
    </PageShell>
  );
}
