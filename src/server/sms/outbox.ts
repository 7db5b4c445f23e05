import { mkdir, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { Logger } from "pino";
import { CODE_TEMPLATE, codeSmsText, type SmsSender, withCountryCode } from "./sms.ts";

/**
 * Without a provider each SMS is written to DATA_DIR/outbox/ beside the mails, as
 * `<timestamp>-sms-<10-digit number>.json` holding `{ to, template, variables, text }`, so the
 * product works on its embedded defaults and tests read the code there. The code is logged only
 * outside production (`logCodes`); a production log line never carries it.
 */
export function outboxSender(options: { dataDir: string; host: string; logCodes: boolean; logger: Logger }): SmsSender {
  const outbox = join(resolve(options.dataDir), "outbox");
  return {
    sendCode: async ({ phoneNumber, code }) => {
      const sms = {
        to: withCountryCode(phoneNumber),
        template: CODE_TEMPLATE,
        variables: { otp: code },
        text: codeSmsText(code, options.host),
      };
      await mkdir(outbox, { recursive: true });
      const file = join(outbox, `${new Date().toISOString().replace(/[:.]/g, "-")}-sms-${phoneNumber}.json`);
      await writeFile(file, `${JSON.stringify(sms, null, 2)}\n`);
      options.logger.info(
        { file, to: sms.to, ...(options.logCodes ? { code } : {}) },
        "SMS written to the outbox (no SMS_PROVIDER)",
      );
    },
  };
}
