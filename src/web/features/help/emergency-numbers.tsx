import { Phone, Siren } from "lucide-react";
import { HELP_RULES, SUPPORT_PHONE } from "#domain/help.ts";

const tel = (number: string) => `tel:${number.replace(/\s/g, "")}`;

/** Shown at once to someone who feels unsafe: the emergency number and Mates support's phone. */
export function EmergencyNumbers() {
  return (
    <section aria-label="If you are in danger" className="space-y-2 rounded-xl border border-red-300 bg-red-50 p-3">
      <p className="font-semibold text-red-900">If you are in danger now, call {HELP_RULES.emergencyNumber}.</p>
      <div className="flex flex-wrap gap-2">
        <a
          href={tel(HELP_RULES.emergencyNumber)}
          className="inline-flex items-center gap-2 rounded-xl bg-red-800 px-4 py-2 font-semibold text-white hover:bg-red-900"
        >
          <Siren className="size-4" aria-hidden="true" />
          Call {HELP_RULES.emergencyNumber}
        </a>
        <a
          href={tel(SUPPORT_PHONE)}
          className="inline-flex items-center gap-2 rounded-xl border border-red-300 bg-white px-4 py-2 font-semibold text-red-900 hover:bg-red-50"
        >
          <Phone className="size-4" aria-hidden="true" />
          Mates support {SUPPORT_PHONE}
        </a>
      </div>
    </section>
  );
}
