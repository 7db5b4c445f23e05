import { z } from "zod";
import { PUSH_CHOICE_KEY, pushKeySchema } from "#domain/web-push.ts";
import { apiGet, apiSend } from "#web/lib/api-client.ts";

/**
 * This device's web push (issue 19, record 036): the browser's permission, its subscription with
 * the push service, and the copy the server keeps for this sign-in. The browser is asked only when
 * a person chooses to turn notifications on (after a first booking, or in the mate app); a person
 * who said no, or turned them off, is not offered them again on this device (`pushChoice`).
 */
const okSchema = z.object({ ok: z.literal(true) });
const READY_TIMEOUT_MS = 10_000;

export type PushState = "unsupported" | "blocked" | "off" | "on";

export function pushSupported(): boolean {
  return (
    typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window
  );
}

const declined = () => localStorage.getItem(PUSH_CHOICE_KEY) === "off";
const remember = (choice: "off" | null) =>
  choice ? localStorage.setItem(PUSH_CHOICE_KEY, choice) : localStorage.removeItem(PUSH_CHOICE_KEY);

/** Turning notifications on before the app's service worker runs (the screen says so in its words). */
export class PushNotReadyError extends Error {
  constructor() {
    super("push_not_ready");
    this.name = "PushNotReadyError";
  }
}

/** The service worker's registration, once it is active (it is registered on every page load). */
async function registration(): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PushNotReadyError()), READY_TIMEOUT_MS);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Whether this device shows this person's notifications now. */
export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return "unsupported";
  if (Notification.permission === "denied") return "blocked";
  if (Notification.permission !== "granted" || declined()) return "off";
  // Asked without waiting: a page whose worker has not started yet has no subscription either.
  const subscription = await (await navigator.serviceWorker.getRegistration())?.pushManager.getSubscription();
  return subscription ? "on" : "off";
}

/** Whether to offer notifications on this device: supported, never asked, never declined. */
export function shouldOffer(): boolean {
  return pushSupported() && Notification.permission === "default" && !declined();
}

/** Says no to the offer: it is not made again on this device (the profile can still turn them on). */
export function declineOffer(): void {
  remember("off");
}

/** Asks the browser (if it has not been answered), subscribes, and gives the server the subscription. */
export async function turnOn(): Promise<PushState> {
  if (!pushSupported()) return "unsupported";
  const permission =
    Notification.permission === "default" ? await Notification.requestPermission() : Notification.permission;
  if (permission === "denied") return "blocked";
  if (permission !== "granted") return "off";
  remember(null);
  await subscribeHere();
  return "on";
}

async function subscribeHere(): Promise<void> {
  const manager = (await registration()).pushManager;
  const { publicKey } = await apiGet("/api/push/key", pushKeySchema);
  let subscription = await manager.getSubscription();
  // One made with another server key (the keys were changed) can never be sent to: made anew.
  if (subscription && keyOf(subscription) !== publicKey) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await manager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey });
  await apiSend("PUT", "/api/push/subscription", subscription.toJSON(), okSchema);
}

/** The server key a subscription was made with, base64url like /api/push/key's. */
function keyOf(subscription: PushSubscription): string | undefined {
  const key = subscription.options.applicationServerKey;
  if (!key) return undefined;
  const bytes = new Uint8Array(key);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** Stops pushes to this device: the server forgets the subscription and the browser drops it. */
export async function turnOff(): Promise<PushState> {
  remember("off");
  if (!pushSupported()) return "unsupported";
  const subscription = await (await navigator.serviceWorker.getRegistration())?.pushManager.getSubscription();
  if (subscription) {
    await apiSend("DELETE", "/api/push/subscription", { endpoint: subscription.endpoint }, okSchema);
    await subscription.unsubscribe();
  }
  return "off";
}

/**
 * A person who allowed notifications on this device before (and did not turn them off) gets them
 * again after signing in anew: the server keeps a subscription per sign-in, so it is given again.
 */
export async function resubscribeIfAllowed(): Promise<void> {
  if (!pushSupported() || Notification.permission !== "granted" || declined()) return;
  await subscribeHere();
}

/**
 * At sign-out the browser drops this device's subscription too: the server forgets it with the
 * sign-in, and pushes the push service still holds for it (the device was offline) never show.
 */
export async function dropSubscriptionHere(): Promise<void> {
  if (!pushSupported()) return;
  const subscription = await (await navigator.serviceWorker.getRegistration())?.pushManager.getSubscription();
  await subscription?.unsubscribe();
}
