import { MapPinHouse } from "lucide-react";
import { Link } from "react-router";
import { SERVED_AREAS } from "#domain/constants.ts";
import { PageShell, primaryActionClass } from "#web/shell/page-shell.tsx";

/** /book/address (and /book): where the mate should come. */
export function BookAddressPage() {
  return (
    <PageShell
      title="Booking address"
      icon={<MapPinHouse className="size-7" />}
      lead="This is where you tell us where the mate should come. There is no service in your booking yet, so choose one first."
    >
      <div className="rounded-2xl border border-slate-200 bg-white p-5">
        <h2 className="font-bold text-slate-900">Areas we serve</h2>
        <p className="mt-2 text-slate-700">{SERVED_AREAS.join(", ")}.</p>
      </div>
      <Link to="/#services" className={primaryActionClass}>
        Choose a service
      </Link>
    </PageShell>
  );
}
