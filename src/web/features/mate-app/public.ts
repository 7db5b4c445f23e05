/** The mate app's screens, composed by the /mate pages. */
export { AvailabilityEditor, AvailabilityForm } from "./availability-form.tsx";
export { DuesBanner } from "./dues-banner.tsx";
export { EarningsView } from "./earnings-view.tsx";
export { JobList } from "./job-list.tsx";
export { JobScreen } from "./job-screen.tsx";
export { PanForm } from "./pan-form.tsx";
export { PayoutDestinationCard } from "./payout-destination.tsx";
export { RatingsView } from "./ratings-view.tsx";
export { ReleasedNotice } from "./released-notice.tsx";
export { SuspensionNotice } from "./suspension-notice.tsx";
export { useMateEvents } from "./use-mate-events.ts";
