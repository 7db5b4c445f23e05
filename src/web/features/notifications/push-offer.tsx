import { BellRing, X } from "lucide-react";
import { useEffect, useState } from "react";
import { useT } from "#web/i18n/use-t.tsx";
import { errorMessage } from "#web/lib/error-message.ts";
import { notificationsMessages } from "./notifications-messages.ts";
import { declineOffer, PushNotReadyError, resubscribeIfAllowed, shouldOffer, turnOn } from "./push-device.ts";

const TEXT = {
  customer: { title: "offerCustomerTitle", body: "offerCustomerBody" },
  mate: { title: "offerMateTitle", body: "offerMateBody" },
} as const;

/**
 * The offer of notifications on this device (issue 19): shown to a customer following a booking
 * (so never before their first booking) and to a mate in their app. The browser's own question
 * comes only from the button, and a "Not now" is remembered on this device. A person who allowed
 * them before gets this sign-in's subscription without being asked.
 */
export function PushOffer({ audience, layout = "box" }: { audience: keyof typeof TEXT; layout?: "box" | "strip" }) {
  const t = useT(notificationsMessages);
  const [shown, setShown] = useState(shouldOffer);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<string | null>(null);
  useEffect(() => {
    // Best effort: the profile shows and fixes the state if this fails.
    resubscribeIfAllowed().catch(() => undefined);
  }, []);
  if (outcome) {
    return (
      <p
        role="status"
        className={
          layout === "strip"
            ? "border-t border-slate-200 bg-slate-50 px-4 py-2 text-sm text-slate-800"
            : "rounded-2xl bg-slate-50 p-4 text-slate-800"
        }
      >
        {outcome}
      </p>
    );
  }
  if (!shown) return null;
  const text = TEXT[audience];
  const turnOnNow = () => {
    setBusy(true);
    turnOn()
      .then((state) => setOutcome(t(state === "on" ? "offerOn" : state === "blocked" ? "offerBlocked" : "offerOff")))
      .catch((error: unknown) => setOutcome(error instanceof PushNotReadyError ? t("notReady") : errorMessage(error)))
      .finally(() => {
        setBusy(false);
        setShown(false);
      });
  };
  const notNow = () => {
    declineOffer();
    setShown(false);
  };
  const strip = layout === "strip";
  const buttons = (
    <>
      <button
        type="button"
        disabled={busy}
        onClick={turnOnNow}
        className={`bg-brand-800 font-semibold text-white hover:bg-brand-900 disabled:opacity-60 ${strip ? "shrink-0 rounded-lg px-3 py-1.5 text-sm" : "rounded-xl px-4 py-2"}`}
      >
        {t(busy ? "turningOn" : strip ? "turnOn" : "turnOnNotifications")}
      </button>
      <button
        type="button"
        disabled={busy}
        onClick={notNow}
        aria-label={strip ? t("notNow") : undefined}
        className={
          strip
            ? "grid size-9 shrink-0 place-items-center rounded-lg text-slate-700 hover:bg-brand-50"
            : "rounded-xl border border-slate-300 bg-white px-4 py-2 font-semibold text-slate-900 hover:border-brand-700"
        }
      >
        {strip ? <X className="size-5" aria-hidden="true" /> : t("notNow")}
      </button>
    </>
  );
  if (strip) {
    // One line for the mate app's frame, above its bottom bar: the job stays where it is (decision 050).
    return (
      <section
        aria-labelledby="push-offer-heading"
        className="flex items-center gap-2 border-t border-brand-200 bg-brand-50 px-3 py-1.5"
      >
        <BellRing className="size-5 shrink-0 text-brand-800" aria-hidden="true" />
        <h2 id="push-offer-heading" className="min-w-0 flex-1 truncate text-sm font-semibold text-brand-950">
          {t(text.title)}
        </h2>
        {buttons}
      </section>
    );
  }
  return (
    <section
      aria-labelledby="push-offer-heading"
      className="flex flex-wrap items-start gap-4 rounded-2xl border border-brand-200 bg-brand-50 p-5"
    >
      <BellRing className="mt-1 size-6 shrink-0 text-brand-800" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <h2 id="push-offer-heading" className="font-bold text-brand-950">
          {t(text.title)}
        </h2>
        <p className="mt-1 text-slate-800">{t(text.body)}</p>
        <div className="mt-3 flex flex-wrap gap-3">{buttons}</div>
      </div>
    </section>
  );
}
