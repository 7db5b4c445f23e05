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

type Logged = { to: string; what: string };

/**
 * One request to MSG91: an error body, a failed request or no answer within the timeout is
 * SmsUnavailable; MSG91's message is logged, never the code or the link's token.
 */
async function callMsg91(
  request: { url: string; authKey: string; body: string },
  timeoutMs: number,
  logger: Logger,
  logged: Logged,
): Promise<void> {
  let answer: z.infer<typeof answerSchema> | undefined;
  let status = 0;
  try {
    const response = await fetch(request.url, {
      method: "POST",
      headers: { authkey: request.authKey, "content-type": "application/json", accept: "application/json" },
      body: request.body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    status = response.status;
    answer = answerSchema.safeParse(await response.json().catch(() => undefined)).data;
  } catch (error) {
    const timedOut = error instanceof Error && error.name === "TimeoutError";
    logger.error({ err: error, ...logged, timedOut }, "MSG91 did not take the SMS");
    throw new SmsUnavailable(timedOut ? "MSG91 did not answer in time" : "MSG91 could not be reached");
  }
  if (status < 200 || status >= 300 || answer?.type !== "success") {
    logger.error({ status, ...logged, message: answer?.message }, "MSG91 refused the SMS");
    throw new SmsUnavailable(`MSG91 answered ${status}: ${answer?.message ?? "no message"}`);
  }
  logger.info({ ...logged, requestId: answer.request_id ?? answer.message }, "SMS sent through MSG91");
}

/**
 * MSG91 (record 072): codes through its OTP API (v5), `POST {MSG91_API_URL}/api/v5/otp` with the
 * account's `authkey` header and the DLT template's id, the number with its country code and the
 * template's variable `otp` as parameters; a mate's invitation (record 073) through its Flow API,
 * `POST {MSG91_API_URL}/api/v5/flow` with the invitation template's id and one recipient, its number
 * and the template's variable `token`. MSG91 fills the registered templates; no text leaves the product.
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
      const url = `${config.apiUrl}/api/v5/otp?${query}`;
      await callMsg91({ url, authKey: config.authKey, body: "{}" }, timeoutMs, logger, { to: mobile, what: "code" });
    },
    sendInvitation: async ({ phoneNumber, token }) => {
      const mobile = withCountryCode(phoneNumber);
      if (!config.inviteTemplateId) {
        logger.error({ to: mobile }, "MSG91_INVITE_TEMPLATE_ID is not set: no invitation by SMS");
        throw new SmsUnavailable("MSG91_INVITE_TEMPLATE_ID is not set");
      }
      const body = JSON.stringify({
        template_id: config.inviteTemplateId,
        sender: config.senderId,
        short_url: "0",
        recipients: [{ mobiles: mobile, token }],
      });
      const url = `${config.apiUrl}/api/v5/flow`;
      await callMsg91({ url, authKey: config.authKey, body }, timeoutMs, logger, { to: mobile, what: "invitation" });
    },
  };
}
