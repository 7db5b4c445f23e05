import { useEffect, useId, useState } from "react";
import { useT } from "#web/i18n/use-t.tsx";
import { errorMessage } from "#web/lib/error-message.ts";
import { useNotificationSettings, useSaveNotificationSettings } from "./notifications-api.ts";
import { notificationsMessages } from "./notifications-messages.ts";
import { PushNotReadyError, type PushState, pushState, resubscribeIfAllowed, turnOff, turnOn } from "./push-device.ts";

/**
 * The profile's notification settings: notifications on this device (each device decides for
 * itself), and rating reminders by e-mail and notification (the person's, on every device). Mails
 * about bookings always come: they are the booking's record.
 */
export function NotificationSettings({ mate = false }: { mate?: boolean }) {
  const t = useT(notificationsMessages);
  const id = useId();
  const [state, setState] = useState<PushState | "checking">("checking");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const settings = useNotificationSettings();
  const [choice, setChoice] = useState<boolean | null>(null);
  const save = useSaveNotificationSettings();
  useEffect(() => {
    let live = true;
    // A device that allowed notifications gives this sign-in its subscription first, so "On" is true.
    resubscribeIfAllowed()
      .catch(() => undefined)
      .then(pushState)
      .then((found) => live && setState(found))
      .catch(() => live && setState("off"));
    return () => {
      live = false;
    };
  }, []);
  const toggle = (on: boolean) => {
    setBusy(true);
    setError(null);
    (on ? turnOn() : turnOff())
      .then(setState)
      .catch((failure: unknown) =>
        setError(failure instanceof PushNotReadyError ? t("notReady") : errorMessage(failure)),
      )
      .finally(() => setBusy(false));
  };
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={`${id}-heading`} className="text-xl font-bold text-slate-950">
        {t("title")}
      </h2>
      <p className="mt-1 text-slate-700">{t(mate ? "mailsMate" : "mailsCustomer")}</p>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <div>
          <p id={`${id}-push`} className="font-semibold text-slate-900">
            {t("thisDevice")}
          </p>
          <p className="text-sm text-slate-700" data-testid="push-state">
            {t(state === "checking" ? "checking" : state)}
          </p>
        </div>
        {state === "on" || state === "off" ? (
          <button
            type="button"
            role="switch"
            aria-checked={state === "on"}
            aria-labelledby={`${id}-push`}
            disabled={busy}
            onClick={() => toggle(state !== "on")}
            className="rounded-xl border border-slate-300 px-4 py-2 font-semibold text-slate-900 hover:border-brand-700 disabled:opacity-60"
          >
            {t(state === "on" ? "turnOff" : "turnOn")}
          </button>
        ) : null}
      </div>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {mate ? null : (
        <label className="mt-4 flex items-start gap-3">
          <input
            type="checkbox"
            className="mt-1 size-4"
            disabled={!settings.data}
            checked={choice ?? settings.data?.settings.ratingPrompts ?? true}
            onChange={(event) => {
              // The choice shows at once; a failure to save puts the saved value back, with the error.
              const ratingPrompts = event.target.checked;
              setChoice(ratingPrompts);
              save.mutate({ ratingPrompts }, { onSettled: () => setChoice(null) });
            }}
          />
          <span>
            <span className="font-semibold text-slate-900">{t("ratingReminders")}</span>
            <span className="block text-sm text-slate-700">{t("ratingRemindersHint")}</span>
          </span>
        </label>
      )}
      {save.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {errorMessage(save.error)}
        </p>
      ) : null}
      {settings.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {errorMessage(settings.error)}
        </p>
      ) : null}
    </section>
  );
}
