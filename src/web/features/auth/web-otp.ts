import { useEffect, useRef } from "react";

/**
 * The Web OTP API (issue 41): where the browser has it (Chrome on Android), the code is read from
 * the SMS, whose last line is `@{host} #{code}`, once the person allows it in the browser's own
 * prompt. Elsewhere the field's autocomplete="one-time-code" lets the keyboard offer it.
 */

/** What navigator.credentials.get answers for `otp` (not in TypeScript's DOM types yet). */
type OtpCredential = Credential & { code?: string };

export function hasWebOtp(): boolean {
  return typeof window !== "undefined" && "OTPCredential" in window && Boolean(navigator.credentials);
}

/** Waits for the SMS's code; null when the browser has no Web OTP, it was aborted or refused. */
export async function codeFromSms(signal: AbortSignal): Promise<string | null> {
  if (!hasWebOtp()) return null;
  try {
    const options = { otp: { transport: ["sms"] }, signal } as CredentialRequestOptions;
    const credential = (await navigator.credentials.get(options)) as OtpCredential | null;
    return credential?.code ?? null;
  } catch {
    // Aborted (the popup closed, the number changed), timed out, or the person said no.
    return null;
  }
}

/**
 * While `listening` (a code has been sent), hands the SMS's code to `onCode` once it arrives. A new
 * code sent (`round`) listens again; leaving the step or closing the popup aborts the wait.
 */
export function useCodeFromSms(listening: boolean, round: number, onCode: (code: string) => void): void {
  const latest = useRef(onCode);
  latest.current = onCode;
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new code (`round`) is listened for anew
  useEffect(() => {
    if (!listening || !hasWebOtp()) return;
    const controller = new AbortController();
    void codeFromSms(controller.signal).then((code) => {
      if (code && !controller.signal.aborted) latest.current(code);
    });
    return () => controller.abort();
  }, [listening, round]);
}
