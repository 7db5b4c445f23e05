import { type FormEvent, useEffect, useRef, useState } from "react";
import { PHONE_CODE, PHONE_SIGN_IN_ERRORS, type PhoneUser } from "#domain/phone-sign-in.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { isApiError } from "#web/lib/api-client.ts";
import { errorMessage } from "#web/lib/error-message.ts";
import { TextField } from "#web/shell/form-fields.tsx";
import { type PhoneKey, phoneMessages } from "./phone/phone-messages.ts";
import { sendPhoneCode, verifyPhoneCode } from "./phone-api.ts";
import {
  codeDigits,
  displayNumber,
  isWholeCode,
  minutesAndSeconds,
  nationalDigits,
  phoneNumberError,
} from "./phone-input.ts";
import { useSecondsUntil } from "./use-seconds-until.ts";
import { linkButtonClass, submitClass } from "./view-props.ts";
import { useCodeFromSms } from "./web-otp.ts";

/**
 * A mobile number verified by a code by SMS (issue 41), as the login popup and the profile both
 * ask for it: the number (+91 fixed, refused at once unless 10 digits starting 6-9), "Send code",
 * then the code (read from the SMS where the browser can), "Verify", the countdown to "Resend
 * code" and "Change number". Every refusal of the API shows here as an alert, in the person's
 * language. `run` holds the requests (the popup's "Processing..."); `onVerified` takes over once
 * the server has accepted the code.
 */
export type PhoneRun = (task: (signal: AbortSignal) => Promise<void>) => void;

type Props = {
  busy: boolean;
  run: PhoneRun;
  /** The number to start from (the profile offers the one typed at sign-up). */
  initialNumber?: string;
  /** Adds the number to the signed-in account instead of signing in with it (the profile). */
  updatePhoneNumber?: boolean;
  onVerified: (user: PhoneUser) => Promise<void>;
};

type Translate = (key: PhoneKey, values?: Record<string, unknown>) => string;

/** The sentence for a refused request: the API's errors in the catalog's words, else its message. */
export function phoneFailureText(t: Translate, error: unknown): string {
  if (isApiError(error)) {
    if (error.code === "rate_limited" && error.retryAfterSeconds) {
      return t("rateLimited", { time: minutesAndSeconds(error.retryAfterSeconds) });
    }
    if (error.code in PHONE_SIGN_IN_ERRORS) return t(error.code as keyof typeof PHONE_SIGN_IN_ERRORS);
  }
  return errorMessage(error);
}

/** After these, the code on its way is no use: the field is emptied for the next one. */
const CODE_GONE = new Set(["otp_expired", "too_many_attempts", "otp_not_found"]);

export function PhoneVerification({ busy, run, initialNumber = "", updatePhoneNumber = false, onVerified }: Props) {
  const t = useT(phoneMessages);
  const [typed, setTyped] = useState(initialNumber);
  const [numberError, setNumberError] = useState<PhoneKey | undefined>();
  /** The 10 digits the last code went to: the code step shows while there is one. */
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [status, setStatus] = useState("");
  const [resendAt, setResendAt] = useState(0);
  /** Counts the codes sent: each one is listened for in the SMS (Web OTP) anew. */
  const [round, setRound] = useState(0);
  const secondsLeft = useSecondsUntil(resendAt);
  const stepRef = useRef<HTMLDivElement>(null);

  // Each step starts at its field: the number, then the code.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new step brings a new field to focus
  useEffect(() => {
    stepRef.current?.querySelector("input")?.focus();
  }, [sentTo]);

  const refused = (error: unknown) => {
    if (isApiError(error) && error.code === "rate_limited" && error.retryAfterSeconds) {
      setResendAt(Date.now() + error.retryAfterSeconds * 1000);
    }
    setAlert(phoneFailureText(t, error));
  };

  const send = (phoneNumber: string, again: boolean) =>
    run(async (signal) => {
      setAlert(null);
      setStatus("");
      try {
        await sendPhoneCode(phoneNumber, signal);
        setSentTo(phoneNumber);
        setCode("");
        setCodeError(false);
        setResendAt(Date.now() + PHONE_CODE.resendAfterSeconds * 1000);
        setRound((now) => now + 1);
        if (again) setStatus(t("codeResent"));
      } catch (error) {
        refused(error);
      }
    });

  const submitNumber = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const found = phoneNumberError(typed);
    setNumberError(found);
    if (found) {
      setAlert(null);
      stepRef.current?.querySelector("input")?.focus();
      return;
    }
    send(nationalDigits(typed), false);
  };

  const verify = (typedCode: string) => {
    if (busy || !sentTo) return;
    if (!isWholeCode(typedCode)) {
      setCodeError(true);
      stepRef.current?.querySelector("input")?.focus();
      return;
    }
    setCodeError(false);
    run(async (signal) => {
      setAlert(null);
      setStatus("");
      try {
        const input = { phoneNumber: sentTo, code: typedCode, ...(updatePhoneNumber ? { updatePhoneNumber } : {}) };
        await onVerified(await verifyPhoneCode(input, signal));
      } catch (error) {
        if (isApiError(error) && CODE_GONE.has(error.code)) setCode("");
        refused(error);
        stepRef.current?.querySelector("input")?.select();
      }
    });
  };

  // Where the browser reads codes from SMS, the code fills in and is checked by itself.
  useCodeFromSms(sentTo !== null, round, (fromSms) => {
    const digits = codeDigits(fromSms);
    setCode(digits);
    verify(digits);
  });

  const alertLine = alert ? (
    <p role="alert" className="text-sm font-medium text-red-700">
      {alert}
    </p>
  ) : null;

  if (!sentTo) {
    return (
      <div ref={stepRef}>
        <form noValidate onSubmit={submitNumber} className="space-y-4">
          <TextField
            label={t("numberLabel")}
            type="tel"
            name="phoneNumber"
            autoComplete="tel-national"
            inputMode="numeric"
            fixedPrefix="+91"
            required
            value={typed}
            onValueChange={(value) => {
              setTyped(value);
              setNumberError(undefined);
            }}
            error={numberError ? t(numberError) : undefined}
            hint={t("numberHint")}
          />
          {alertLine}
          <button type="submit" aria-disabled={busy || undefined} className={submitClass}>
            {t("sendCode")}
          </button>
        </form>
      </div>
    );
  }

  return (
    <div ref={stepRef} className="space-y-4">
      <p className="text-slate-700">{t("codeSentTo", { number: displayNumber(sentTo) })}</p>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          verify(code);
        }}
        className="space-y-4"
      >
        <TextField
          label={t("codeLabel")}
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={PHONE_CODE.length}
          required
          value={code}
          onValueChange={(value) => {
            setCode(codeDigits(value));
            setCodeError(false);
          }}
          error={codeError ? t("codeEmpty", { length: PHONE_CODE.length }) : undefined}
          hint={t("codeHint", { length: PHONE_CODE.length, minutes: PHONE_CODE.ttlSeconds / 60 })}
        />
        {alertLine}
        <p role="status" className={status ? "text-sm font-medium text-brand-800" : "sr-only"}>
          {status}
        </p>
        <button type="submit" aria-disabled={busy || undefined} className={submitClass}>
          {t("verify")}
        </button>
      </form>
      <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
        {secondsLeft > 0 ? (
          <p className="text-slate-700">{t("resendIn", { time: minutesAndSeconds(secondsLeft) })}</p>
        ) : (
          <button type="button" className={linkButtonClass} onClick={() => !busy && send(sentTo, true)}>
            {t("resend")}
          </button>
        )}
        <button
          type="button"
          className={linkButtonClass}
          onClick={() => {
            if (busy) return;
            setSentTo(null);
            setAlert(null);
            setStatus("");
          }}
        >
          {t("changeNumber")}
        </button>
      </div>
    </div>
  );
}
