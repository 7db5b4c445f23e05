/**
 * The payout capability's queue jobs (issue 39), named once so the pieces that schedule them and the
 * handlers that run them agree.
 */
export const PAYOUT_WORK = {
  /** Makes the weekly run (draft) for the week before; schedules the next one. Key: `payout-run:<week>`. */
  run: "payout-run",
  /** Sends one approved payout to RazorpayX (idempotent by the payout's id). Key: `payout-send:<payoutId>`. */
  send: "payout-send",
  /** The nightly reconciliation with RazorpayX; schedules the next night. Key: `payout-reconcile:<day>`. */
  reconcile: "payout-reconcile",
} as const;
