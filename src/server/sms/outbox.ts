import { mkdir, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { Logger } from "pino";
import {
  CODE_TEMPLATE,
  codeSmsText,
  INVITATION_TEMPLATE,
  invitationSmsText,
  type SmsSender,
  withCountryCode,
} from "./sms.ts";

/**
 * Without a provider each SMS is written to DATA_DIR/outbox/ beside the mails, as
 * `<timestamp>-sms-<10-digit number>.json` holding `{ to, template, variables, text }`, so the
 * product works on its embedded defaults and tests read the code there. The code is logged only
 * outside production (`logCodes`); a production log line never carries it.
 */
export function outboxSender(options: { dataDir: string; host: string; logCodes: boolean; logger: Logger }): SmsSender {
  const outbox = join(resolve(options.dataDir), "outbox");
  const write = async (
    phoneNumber: string,
    sms: { template: string; variables: Record<string, string>; text: string },
  ) => {
    await mkdir(outbox, { recursive: true });
    const file = join(outbox, `${new Date().toISOString().replace(/[:.]/g, "-")}-sms-${phoneNumber}.json`);
    await writeFile(file, `${JSON.stringify({ to: withCountryCode(phoneNumber), ...sms }, null, 2)}\n`);
    return file;
  };
  return {
    sendCode: async ({ phoneNumber, code }) => {
      const file = await write(phoneNumber, {
        template: CODE_TEMPLATE,
        variables: { otp: code },
        text: codeSmsText(code, options.host),
      });
      options.logger.info(
        { file, to: withCountryCode(phoneNumber), ...(options.logCodes ? { code } : {}) },
        "SMS written to the outbox (no SMS_PROVIDER)",
      );
    },
    sendInvitation: async ({ phoneNumber, token, link, days }) => {
      const file = await write(phoneNumber, {
        template: INVITATION_TEMPLATE,
        variables: { token },
        text: invitationSmsText(link, days),
      });
      options.logger.info(
        { file, to: withCountryCode(phoneNumber) },
        "Invitation SMS written to the outbox (no SMS_PROVIDER)",
      );
    },
  };
}
