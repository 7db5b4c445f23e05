import type { Config } from "./config.ts";

/**
 * With REDIS_URL set, more than one instance is expected: what each would then keep to itself is
 * worth a warning at start (issue 42). Each line names the setting that shares it.
 */
export function severalInstanceWarnings(
  config: Pick<Config, "redisUrl" | "smtpUrl" | "uploads" | "dataDir">,
): string[] {
  if (!config.redisUrl) return [];
  const warnings: string[] = [];
  if (!config.smtpUrl) {
    warnings.push(
      "SMTP_URL is not set: each instance writes its mails to its own DATA_DIR/outbox and none is sent; set SMTP_URL",
    );
  }
  // UPLOADS_DIR, when set, is taken to be a folder the instances share (a network file system).
  if (config.uploads.kind === "files" && config.uploads.dir === `${config.dataDir.replace(/\/+$/, "")}/uploads`) {
    warnings.push(
      `applicants' documents go to this instance's folder (${config.uploads.dir}): another instance cannot show them; set S3_URL, or UPLOADS_DIR to a folder every instance shares`,
    );
  }
  return warnings;
}

/**
 * Without SMS_PROVIDER each SMS goes to DATA_DIR/outbox (issue 41 allows it), so in production
 * nobody would receive a sign-in code or a mate's invitation: worth a warning, not a refusal.
 */
export function smsWarnings(config: Pick<Config, "nodeEnv" | "sms">): string[] {
  if (config.nodeEnv !== "production" || config.sms.msg91) return [];
  return [
    "SMS_PROVIDER is not set: sign-in codes and mates' invitations are written to DATA_DIR/outbox and no SMS is sent; set SMS_PROVIDER=msg91 and the MSG91_ settings",
  ];
}

/** Every warning of the start, each a line for the log. */
export function startWarnings(config: Config): string[] {
  return [...severalInstanceWarnings(config), ...smsWarnings(config)];
}
