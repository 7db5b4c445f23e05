import { useCallback, useId, useRef, useState } from "react";
import type { UserRecord } from "#domain/user.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { phoneMessages } from "./phone/phone-messages.ts";
import { displayNumber } from "./phone-input.ts";
import { type PhoneRun, PhoneVerification } from "./phone-verification.tsx";
import { refreshSession } from "./session-query.ts";

/** What this part reads of the signed-in person (GET /api/me's user). */
export type PhoneAccount = Pick<UserRecord, "mobile" | "phoneNumber" | "phoneNumberVerified">;

/**
 * The profile's "Mobile number for sign-in" (issue 41): the verified number the person can log in
 * with, or, for an account without one (an e-mail customer), adding it: the number, the code by
 * SMS and "Verify", the same steps as the login popup's, with `updatePhoneNumber`. A number that
 * is already another account's is refused (409) and said so. Loaded with the profile, lazily.
 */
export function PhoneSettings({ user }: { user: PhoneAccount }) {
  const t = useT(phoneMessages);
  const id = useId();
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState(false);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const run: PhoneRun = useCallback((task) => {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    void task(new AbortController().signal).finally(() => {
      busyRef.current = false;
      setBusy(false);
    });
  }, []);
  const verified = user.phoneNumberVerified && user.phoneNumber ? user.phoneNumber : null;

  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={`${id}-heading`} className="text-xl font-bold text-slate-950">
        {t("profileTitle")}
      </h2>
      {verified ? (
        <>
          <p className="mt-2 text-lg font-semibold text-slate-900">{displayNumber(verified)}</p>
          <p className="mt-1 text-slate-700">{t("profileVerified")}</p>
        </>
      ) : (
        <>
          <p className="mt-1 text-slate-700">{t("profileLead")}</p>
          {adding ? (
            <div className="mt-4 space-y-4">
              <PhoneVerification
                busy={busy}
                run={run}
                initialNumber={user.mobile ?? ""}
                updatePhoneNumber
                onVerified={async () => {
                  // The session's user now carries the verified number: this part shows it.
                  await refreshSession();
                  setAdding(false);
                  setAdded(true);
                }}
              />
              <button
                type="button"
                onClick={() => !busy && setAdding(false)}
                className="h-11 rounded-xl border border-slate-300 px-5 font-semibold text-slate-900 hover:border-brand-700"
              >
                {t("cancel")}
              </button>
            </div>
          ) : (
            <button
              type="button"
              onClick={() => {
                setAdding(true);
                setAdded(false);
              }}
              className="mt-4 h-11 rounded-xl bg-brand-800 px-5 font-semibold text-white shadow-sm hover:bg-brand-900"
            >
              {t("addNumber")}
            </button>
          )}
        </>
      )}
      <p role="status" className={added ? "mt-2 text-sm font-medium text-brand-800" : "sr-only"}>
        {added ? t("numberAdded") : ""}
      </p>
    </section>
  );
}
