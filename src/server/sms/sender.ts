import type { Logger } from "pino";
import type { Config } from "#server/config.ts";
import { msg91Sender } from "./msg91.ts";
import { outboxSender } from "./outbox.ts";
import type { SmsSender } from "./sms.ts";

/** MSG91 when it is set up (SMS_PROVIDER=msg91), else the outbox folder beside the mails. */
export function createSmsSender(config: Config, logger: Logger): SmsSender {
  return config.sms.msg91
    ? msg91Sender(config.sms.msg91, config.sms.timeoutMs, logger)
    : outboxSender({
        dataDir: config.dataDir,
        host: new URL(config.appOrigin).hostname,
        logCodes: config.nodeEnv !== "production",
        logger,
      });
}
