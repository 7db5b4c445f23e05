import { z } from "zod";
import type { PushPayload } from "./push-payload.ts";

/**
 * Web push between the browser and the server (issue 19, record 036): the server's key, a device's
 * subscription and its removal, the message sent (push-payload.ts), and this device's choice.
 */

/**
 * Ours, in localStorage (beside the spec's keys of constants.ts, kept here so the start-up bundle
 * does not carry it): "off" once this device's notifications were turned off or their offer declined.
 */
export const PUSH_CHOICE_KEY = "pushChoice";

/** A push message: the contract the service worker reads (push-payload.ts). */
export type PushMessage = PushPayload;

/** A browser's push subscription as PushSubscription.toJSON() gives it. */
export const pushSubscriptionSchema = z
  .object({
    endpoint: z
      .url({ protocol: /^https$/, error: "A push endpoint is an https URL." })
      .max(2048, "A push endpoint is at most 2048 characters."),
    expirationTime: z.number().nullable().optional(),
    keys: z
      .object({
        p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, "p256dh is a base64url P-256 public key."),
        auth: z.string().regex(/^[A-Za-z0-9_-]{16,24}={0,2}$/, "auth is a base64url 16-byte secret."),
      })
      .strict(),
  })
  .strict();
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;
export const pushUnsubscribeSchema = z.object({ endpoint: z.string().min(1).max(2048) }).strict();

export const pushKeySchema = z.object({ publicKey: z.string() });
