import { HELP_RULES } from "#domain/help.ts";
import { DESK_RULES, type DeskSettings } from "#domain/help-desk.ts";
import type { Seller } from "#domain/invoice.ts";
import { DEFAULT_PAYOUT_SETTINGS, type PayoutSettings } from "#domain/payouts.ts";
import type { RazorpayConfig } from "#server/config.ts";
import type { RazorpayXConfig } from "#server/config-payouts.ts";
import type { Database } from "#server/db/client.ts";
import type { EventBus } from "#server/events/bus.ts";
import type { Gazetteer } from "#server/geo/gazetteer.ts";

/**
 * What every capability's work is given: the database, the event bus, the clock and the settings
 * read once at start-up. compose.ts builds it; a capability imports this type, never another
 * capability's module, to name it.
 */
export type AppDeps = {
  db: Database;
  events: EventBus;
  gazetteer: Gazetteer;
  now?: () => Date;
  /** The durable queue's worker: poked after a commit that scheduled work due now. */
  queue?: { poke(): void };
  /** Charged when a customer cancels once a mate is on the way (VISITING_CHARGE_RUPEES, ₹99). */
  visitingChargeRupees?: number;
  /** From how long before the start a mate may set off (SET_OFF_WINDOW_MINUTES, 2 hours). */
  setOffWindowMinutes?: number;
  /** How long after the start, with no mate arrived, the no-show rescue is offered (NO_SHOW_AFTER_MINUTES, 15). */
  noShowAfterMinutes?: number;
  /** The Mates credit a customer is given for cancelling a no-show (NO_SHOW_CREDIT_RUPEES, ₹100). */
  noShowCreditRupees?: number;
  /** The resolution desk's limits (DAMAGE_COVER_RUPEES, DAMAGE_WINDOW_HOURS, CASE_CREDIT_MAX_RUPEES). */
  desk?: DeskSettings;
  /** Who issues the tax invoice of each paid job. */
  seller: Seller;
  /** Razorpay, when its keys are set: "Pay now" is offered. */
  razorpay?: RazorpayConfig | undefined;
  /** Paying the mates: commission by group, TDS, the weekly run, the dues limit (issue 39). */
  payouts?: PayoutSettings;
  /** RazorpayX Payouts, when its account is set (with Razorpay's keys): payouts are sent. */
  razorpayX?: RazorpayXConfig | undefined;
};

/**
 * The app's clock: the injected one in tests, the wall clock otherwise. It takes anything with an
 * optional `now`, so a capability's own deps type need not be AppDeps.
 */
export const nowOf = (deps: Pick<AppDeps, "now">) => deps.now?.() ?? new Date();

/** The desk's limits: the settings, or their defaults. */
export const deskSettingsOf = (deps: Pick<AppDeps, "desk">): DeskSettings =>
  deps.desk ?? {
    damageCoverRupees: HELP_RULES.damageCoverRupees,
    damageWindowHours: HELP_RULES.damageWindowHours,
    caseCreditMaxRupees: DESK_RULES.caseCreditMaxRupees,
  };

/** The payout settings: the configured ones, or their defaults. */
export const payoutSettingsOf = (deps: Pick<AppDeps, "payouts">): PayoutSettings =>
  deps.payouts ?? DEFAULT_PAYOUT_SETTINGS;
