import { useQuery } from "@tanstack/react-query";
import { Smartphone } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { type JoinCheck, joinCheckResponseSchema, MATE_JOIN } from "#domain/mate-sms-invitation.ts";
import { PHONE_CODE, sendPhoneCodeResponseSchema, verifyPhoneCodeResponseSchema } from "#domain/phone-sign-in.ts";
import { finishSignIn } from "#web/features/auth/sign-in-flow.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { apiSend, isApiError } from "#web/lib/api-client.ts";
import { errorMessage } from "#web/lib/error-message.ts";
import { appQueryClient } from "#web/lib/query-client.ts";
import { TextField } from "#web/shell/form-fields.tsx";
import { LoadingState } from "#web/shell/loading-state.tsx";
import { PageShell, primaryActionClass, secondaryActionClass } from "#web/shell/page-shell.tsx";
import { usePageMeta } from "#web/shell/use-page-meta.ts";
import { mateJoinMessages } from "./join/join-messages.ts";
import type { messages as joinTexts } from "./join/messages/en-IN.ts";

type Key = keyof typeof joinTexts;

/** The API's refusals in the page's words. */
const REFUSALS: Record<string, Key> = {
  invalid_token: "invalidLink",
  invalid_otp: "wrongCode",
  otp_expired: "expiredCode",
  otp_not_found: "noCode",
  too_many_attempts: "tooManyTries",
  rate_limited: "tooSoon",
  sms_unavailable: "smsUnavailable",
  account_disabled: "disabled",
};

const join = <T,>(path: string, body: object, schema: Parameters<typeof apiSend<T>>[3]) =>
  apiSend("POST", `/api/mate-invitations/${path}`, body, schema);

/** The code step: the 6 digits from the SMS (offered by the phone's keyboard), and a new code. */
function CodeStep({ token, invitation }: { token: string; invitation: JoinCheck }) {
  const t = useT(mateJoinMessages);
  const navigate = useNavigate();
  const [sent, setSent] = useState(false);
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | undefined>();
  const refused = (error: unknown) => {
    const key = isApiError(error) ? REFUSALS[error.code] : undefined;
    setAlert(key ? t(key) : errorMessage(error));
  };
  const run = async (task: () => Promise<void>) => {
    setBusy(true);
    setAlert(null);
    try {
      await task();
    } catch (error) {
      refused(error);
    } finally {
      setBusy(false);
    }
  };
  const send = () =>
    run(async () => {
      await join("send-code", { token }, sendPhoneCodeResponseSchema);
      setSent(true);
      setCode("");
    });
  const verify = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (code.length !== PHONE_CODE.length) {
      setCodeError(t("wholeCode"));
      return;
    }
    setCodeError(undefined);
    void run(async () => {
      await join("verify", { token, code }, verifyPhoneCodeResponseSchema);
      await finishSignIn(navigate);
    });
  };
  return (
    <div className="space-y-4">
      <p className="text-slate-800">
        {t(sent ? "codeSent" : "greeting", { name: invitation.name, number: invitation.phoneNumber })}
      </p>
      {sent ? (
        <form onSubmit={verify} className="space-y-3" noValidate>
          <TextField
            label={t("codeLabel")}
            value={code}
            onValueChange={(value) => setCode(value.replace(/\D/g, "").slice(0, PHONE_CODE.length))}
            error={codeError}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={PHONE_CODE.length}
            className="max-w-xs"
          />
          <div className="flex flex-wrap gap-3">
            <button type="submit" className={primaryActionClass} disabled={busy}>
              {t("signIn")}
            </button>
            <button type="button" className={secondaryActionClass} disabled={busy} onClick={() => void send()}>
              {t("resend")}
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className={primaryActionClass} disabled={busy} onClick={() => void send()}>
          {t("sendCode")}
        </button>
      )}
      {alert ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {alert}
        </p>
      ) : null}
    </div>
  );
}

/**
 * /mate/join?t=…: where a mate's invitation by SMS leads (issue 41, record 073). The link stands for
 * the mate's number, shown masked; a code by SMS to it signs them in, no password, and the mate app
 * opens on their jobs. The link works once: after that the mate logs in with their number.
 */
export function MateJoinPage() {
  const t = useT(mateJoinMessages);
  usePageMeta(t("title"));
  const [params] = useSearchParams();
  const token = params.get(MATE_JOIN.param)?.trim() ?? "";
  const check = useQuery(
    {
      queryKey: ["mate-join", token],
      queryFn: () => join("check", { token }, joinCheckResponseSchema),
      enabled: token !== "",
      retry: false,
      staleTime: Number.POSITIVE_INFINITY,
    },
    appQueryClient,
  );
  return (
    <PageShell title={t("title")} icon={<Smartphone className="size-7" />} lead={t("lead")} homeLink={false}>
      {token !== "" && check.isPending ? (
        <LoadingState />
      ) : check.data ? (
        <CodeStep token={token} invitation={check.data} />
      ) : (
        <div role="alert" className="space-y-2">
          <p className="font-medium text-red-700">{t("invalidLink")}</p>
          <p className="text-slate-700">{t("usedLinkHint")}</p>
        </div>
      )}
    </PageShell>
  );
}
