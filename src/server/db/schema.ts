/** The whole database schema, composed from each capability's pieces (drizzle-kit reads this file). */
export { addresses } from "#server/addresses/schema.ts";
export { applicationDocuments, applications } from "#server/applications/schema.ts";
export { accounts, sessions, userKeyClaims, users, verifications } from "#server/auth/schema.ts";
export { bookingHistory, bookings, jobExtras, jobs } from "#server/bookings/schema.ts";
export { cartItems } from "#server/cart/schema.ts";
export {
  catalogueVersion,
  serviceOptions,
  serviceOptionTranslations,
  services,
  serviceTranslations,
} from "#server/catalogue/schema.ts";
export { messages } from "#server/chat/schema.ts";
export { creditGrants, creditSpends } from "#server/credit/schema.ts";
export { helpCaseEntries, helpCases, mateWarnings } from "#server/help/schema.ts";
export { ledgerEntries, ledgerTransactions } from "#server/ledger/schema.ts";
export { mateBusy, mates } from "#server/mates/schema.ts";
export { notificationSettings, notifications, pushSubscriptions } from "#server/notifications/schema.ts";
export { auditLog } from "#server/ops/schema.ts";
export { invoiceSeries, invoices, payments, razorpayEvents, refunds } from "#server/payments/schema.ts";
export {
  commissionRates,
  mateDuesPayments,
  payoutDestinations,
  payoutEvents,
  payoutRuns,
  payouts,
  reconciliationFlags,
  settlements,
} from "#server/payouts/schema.ts";
export { queuedJobs } from "#server/queue/schema.ts";
export { ratings } from "#server/ratings/schema.ts";
export { reworkRequests } from "#server/rework/schema.ts";
export { zones } from "./zones-schema.ts";
