import type { Logger } from "pino";
import { z } from "zod";
import { PHONE_CODE } from "#domain/phone-sign-in.ts";
import type { Msg91Config } from "#server/config-sms.ts";
import { type SmsSender, SmsUnavailable, withCountryCode } from "./sms.ts";

/** MSG91's answer: `{ type: "success", request_id }` or `{ type: "error", message }`, whatever the status. */
const answerSchema = z.object({
  type: z.string(),
  message: z.string().optional(),
  request_id: z.string().optional(),
});

/**
 * MSG91's OTP API (v5): `POST {MSG91_API_URL}/api/v5/otp` with the account's `authkey` header and
 * the DLT template's id, the number with its country code and the template's variable `otp` as
 * parameters (record 072). MSG91 fills the registered template; no text leaves the product. An
 * error body, a failed request or no answer within the timeout is SmsUnavailable; MSG91's message
 * is logged, never the code.
 */
export function msg91Sender(config: Msg91Config, timeoutMs: number, logger: Logger): SmsSender {
  return {
    sendCode: async ({ phoneNumber, code }) => {
      const mobile = withCountryCode(phoneNumber);
      const query = new URLSearchParams({
        template_id: config.templateId,
        mobile,
        otp: code,
        otp_length: String(PHONE_CODE.length),
        otp_expiry: String(Math.ceil(PHONE_CODE.ttlSeconds / 60)),
        sender: config.senderId,
      });
      let answer: z.infer<typeof answerSchema> | undefined;
      let status = 0;
      try {
        const response = await fetch(`${config.apiUrl}/api/v5/otp?${query}`, {
          method: "POST",
          headers: { authkey: config.authKey, "content-type": "application/json", accept: "application/json" },
          body: "{}",
          signal: AbortSignal.timeout(timeoutMs),
        });
        status = response.status;
        answer = answerSchema.safeParse(await response.json().catch(() => undefined)).data;
      } catch (error) {
        const timedOut = error instanceof Error && error.name === "TimeoutError";
        logger.error({ err: error, to: mobile, timedOut }, "MSG91 did not take the SMS");
        throw new SmsUnavailable(timedOut ? "MSG91 did not answer in time" : "MSG91 could not be reached");
      }
      if (status < 200 || status >= 300 || answer?.type !== "success") {
        logger.error({ status, to: mobile, message: answer?.message }, "MSG91 refused the SMS");
        throw new SmsUnavailable(`MSG91 answered ${status}: ${answer?.message ?? "no message"}`);
      }
      logger.info({ to: mobile, requestId: answer.request_id }, "SMS sent through MSG91");
    },
  };
}
