import type { Logger } from "pino";
import type { RazorpayConfig } from "#server/config.ts";
import type { RazorpayXConfig } from "#server/config-payouts.ts";
import { type AppDeps, payoutSettingsOf } from "#server/context.ts";
import { AppError } from "#server/http/errors.ts";
import { createRazorpayXClient, type RazorpayXClient } from "./razorpayx.ts";

/** What the payouts' work is given (compose.ts's bookings dependencies have all of it). */
export type PayoutDeps = AppDeps & { logger: Logger; razorpay?: RazorpayConfig | undefined };

/** One client per app (per RazorpayX settings object), so its pacing covers every caller of the instance. */
const clients = new WeakMap<RazorpayXConfig, RazorpayXClient>();

export const PAYOUTS_OFF_MESSAGE =
  "Payouts through RazorpayX are not set up yet, so payout details cannot be saved. Please try again later.";

/** RazorpayX's settings and this instance's client; a 409 when it is not set up. */
export function razorpayXOf(deps: PayoutDeps): { x: RazorpayXConfig; client: RazorpayXClient } {
  const x = deps.razorpayX;
  if (!x || !deps.razorpay) throw new AppError(409, "payouts_off", PAYOUTS_OFF_MESSAGE);
  let client = clients.get(x);
  if (!client) {
    client = createRazorpayXClient(deps.razorpay, x, payoutSettingsOf(deps).requestsPerSecond);
    clients.set(x, client);
  }
  return { x, client };
}
