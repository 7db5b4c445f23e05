import { z } from "zod";
import { formatBp, PAYOUT_RULES, type PayoutSettings, percentToBp } from "#domain/payouts.ts";
import { optionalString, wholeNumber } from "./config-values.ts";

/**
 * The payout settings (issue 39, record 061): commission per service group, TDS, the weekly run's
 * day, the dues limit, the hold after a new destination, RazorpayX's account. Part of config.ts's
 * environment schema; kept here so that file stays one screenful of the other settings.
 */

const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"] as const;

/** A percentage with up to two decimals ("20", "0.1") as basis points, with its default. */
const percent = (fallbackBp: number) =>
  z.preprocess(
    (value) => (value === undefined || value === "" ? formatBp(fallbackBp).replace(" %", "") : value),
    z.string().transform((value, context) => {
      const bp = percentToBp(value);
      if (bp === undefined) {
        context.addIssue({ code: "custom", message: "must be a percentage from 0 to 100, like 20 or 0.1" });
        return z.NEVER;
      }
      return bp;
    }),
  );

export const payoutEnv = {
  COMMISSION_HOMEKIT_PERCENT: percent(PAYOUT_RULES.commissionBp.Homekit),
  COMMISSION_RENOVA_PERCENT: percent(PAYOUT_RULES.commissionBp.Renova),
  COMMISSION_NEARKART_PERCENT: percent(PAYOUT_RULES.commissionBp.Nearkart),
  TDS_PERCENT: percent(PAYOUT_RULES.tdsBp),
  TDS_NO_PAN_PERCENT: percent(PAYOUT_RULES.tdsNoPanBp),
  PAYOUT_DAY: z
    .preprocess(
      (value) => (value === undefined || value === "" ? "monday" : String(value).trim().toLowerCase()),
      z.enum(WEEKDAYS, { error: `must be a day of the week: ${WEEKDAYS.join(", ")}` }),
    )
    .transform((day) => WEEKDAYS.indexOf(day)),
  MATE_DUES_LIMIT_RUPEES: wholeNumber(PAYOUT_RULES.duesLimitRupees, "rupees", { min: 1, max: 10_000_000 }),
  PAYOUT_HOLD_HOURS: wholeNumber(PAYOUT_RULES.destinationHoldHours, "hours", { max: 24 * 30 }),
  RAZORPAYX_REQUESTS_PER_SECOND: wholeNumber(PAYOUT_RULES.requestsPerSecond, "requests a second", { min: 1, max: 10 }),
  RAZORPAYX_ACCOUNT_NUMBER: optionalString.refine(
    (value) => value === undefined || /^[0-9]{10,20}$/.test(value),
    "must be the RazorpayX business account number (digits)",
  ),
  RAZORPAYX_WEBHOOK_SECRET: optionalString,
};

type PayoutEnv = z.output<z.ZodObject<typeof payoutEnv>>;

/** RazorpayX: the business account payouts leave from, and the secret its webhooks are signed with. */
export type RazorpayXConfig = { accountNumber: string; webhookSecret: string };

/** The payout settings from the parsed environment (config-checks.ts has checked their combinations). */
export function payoutSettings(e: PayoutEnv): { settings: PayoutSettings; razorpayX: RazorpayXConfig | undefined } {
  const settings: PayoutSettings = {
    commissionBp: {
      Homekit: e.COMMISSION_HOMEKIT_PERCENT,
      Renova: e.COMMISSION_RENOVA_PERCENT,
      Nearkart: e.COMMISSION_NEARKART_PERCENT,
    },
    tdsBp: e.TDS_PERCENT,
    tdsNoPanBp: e.TDS_NO_PAN_PERCENT,
    payoutWeekday: e.PAYOUT_DAY,
    duesLimitRupees: e.MATE_DUES_LIMIT_RUPEES,
    destinationHoldHours: e.PAYOUT_HOLD_HOURS,
    requestsPerSecond: e.RAZORPAYX_REQUESTS_PER_SECOND,
  };
  const razorpayX =
    e.RAZORPAYX_ACCOUNT_NUMBER && e.RAZORPAYX_WEBHOOK_SECRET
      ? { accountNumber: e.RAZORPAYX_ACCOUNT_NUMBER, webhookSecret: e.RAZORPAYX_WEBHOOK_SECRET }
      : undefined;
  return { settings, razorpayX };
}
