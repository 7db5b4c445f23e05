import type { Logger } from "pino";
import type { AppDeps } from "#server/context.ts";
import type { Mailer } from "#server/mail/mailer.ts";
import type { PushSender } from "./push.ts";

/** What the notices' queue jobs are given (compose.ts makes it once). */
export type NotificationDeps = AppDeps & {
  mailer: Mailer;
  push: PushSender;
  logger: Logger;
  appOrigin: string;
  /** Signs the one-click unsubscribe links. */
  secret: string;
};
