import { Phone, Siren } from "lucide-react";
import { HELP_RULES, SUPPORT_PHONE } from "#domain/help.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { helpMessages } from "./help-messages.ts";

const tel = (number: string) => `tel:${number.replace(/\s/g, "")}`;

/** Shown at once to someone who feels unsafe: the emergency number and Mates support's phone. */
export function EmergencyNumbers() {
  const t = useT(helpMessages);
  const number = HELP_RULES.emergencyNumber;
  return (
    <section aria-label={t("inDanger")} className="space-y-2 rounded-xl border border-red-300 bg-red-50 p-3">
      <p className="font-semibold text-red-900">{t("callNow", { number })}</p>
      <div className="flex flex-wrap gap-2">
        <a
          href={tel(HELP_RULES.emergencyNumber)}
          className="inline-flex items-center gap-2 rounded-xl bg-red-800 px-4 py-2 font-semibold text-white hover:bg-red-900"
        >
          <Siren className="size-4" aria-hidden="true" />
          {t("call", { number })}
        </a>
        <a
          href={tel(SUPPORT_PHONE)}
          className="inline-flex items-center gap-2 rounded-xl border border-red-300 bg-white px-4 py-2 font-semibold text-red-900 hover:bg-red-50"
        >
          <Phone className="size-4" aria-hidden="true" />
          {t("supportPhone", { number: SUPPORT_PHONE })}
        </a>
      </div>
    </section>
  );
}
