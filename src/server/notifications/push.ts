import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import type { Agent } from "node:https";
import { join, resolve } from "node:path";
import type { Logger } from "pino";
import webpush from "web-push";
import { z } from "zod";
import type { PushMessage } from "#domain/web-push.ts";

export type VapidKeys = { publicKey: string; privateKey: string };
export type Vapid = VapidKeys & { subject: string };

const storedKeys = z.object({ publicKey: z.string().length(87), privateKey: z.string().length(43) });

/**
 * The VAPID keys: the settings' pair, or one made once and kept in DATA_DIR/vapid.json (readable by
 * the server's user alone), so a development restart keeps the browsers' subscriptions valid.
 */
export function vapidKeys(
  settings: { keys: VapidKeys | undefined; subject: string },
  dataDir: string,
  logger: Logger,
): Vapid {
  if (settings.keys) return { ...settings.keys, subject: settings.subject };
  const file = join(resolve(dataDir), "vapid.json");
  if (existsSync(file)) {
    const parsed = storedKeys.safeParse(readJson(file));
    if (parsed.success) return { ...parsed.data, subject: settings.subject };
    // Subscriptions made with the old key stop working (the push services refuse with 403, and
    // those subscriptions are then dropped); each device subscribes again at its next visit.
    logger.warn({ file }, "vapid.json is not a key pair: making a new one");
  }
  const keys = webpush.generateVAPIDKeys();
  mkdirSync(resolve(dataDir), { recursive: true });
  writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  logger.info({ file }, "made web push keys (no VAPID_PUBLIC_KEY): kept for the next start");
  return { ...keys, subject: settings.subject };
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

export type PushTarget = { endpoint: string; p256dh: string; auth: string };
/**
 * sent: the push service took it; gone: the subscription no longer exists (404, 410) or was made
 * with another VAPID key (403: it can never be sent to with ours).
 */
export type PushOutcome = "sent" | "gone";
export type PushSender = {
  publicKey: string;
  send(
    target: PushTarget,
    message: PushMessage,
    options: { ttlSeconds: number; urgency: Urgency },
  ): Promise<PushOutcome>;
};
type Urgency = "very-low" | "low" | "normal" | "high";

/**
 * Sends encrypted pushes (RFC 8291) signed with VAPID (RFC 8292) through the web-push library. Any
 * other refusal (429, 5xx, a network error) throws, so the queue retries with backoff.
 */
export function createPushSender(vapid: Vapid, options: { agent?: Agent; timeoutMs?: number } = {}): PushSender {
  return {
    publicKey: vapid.publicKey,
    async send(target, message, { ttlSeconds, urgency }) {
      try {
        await webpush.sendNotification(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          JSON.stringify(message),
          {
            vapidDetails: vapid,
            TTL: ttlSeconds,
            urgency,
            // Replaces a notice of the same tag still waiting in the push service (a later step wins).
            topic: topicOf(message.tag),
            timeout: options.timeoutMs ?? 10_000,
            ...(options.agent ? { agent: options.agent } : {}),
          },
        );
        return "sent";
      } catch (error) {
        if (error instanceof webpush.WebPushError && [403, 404, 410].includes(error.statusCode)) {
          return "gone";
        }
        throw error;
      }
    },
  };
}

/** A Topic header is at most 32 characters of the URL-safe base64 alphabet. */
export function topicOf(tag: string): string {
  return tag.replace(/[^A-Za-z0-9_-]/g, "").slice(-32);
}
