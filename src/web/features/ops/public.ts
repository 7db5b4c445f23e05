// The operator console's screens (issue 16), composed by the /ops pages.
export { ApplicationsView, ApplicationView } from "./applications-view.tsx";
export { BookingsView, BookingView } from "./bookings-view.tsx";
export { CasesView, DeskCaseView } from "./cases-view.tsx";
export { CommissionView } from "./commission-view.tsx";
export { FinanceView } from "./finance-view.tsx";
export { MatesView, MateView } from "./mates-view.tsx";
export { PayoutsView } from "./payouts-view.tsx";
export { AuditView, CustomersView, CustomerView, OperatorsView } from "./people-view.tsx";
export { ReviewsView } from "./reviews-view.tsx";
export { TranslationsView, TranslationView } from "./translations-view.tsx";
export { useOpsEvents } from "./use-ops-events.ts";
