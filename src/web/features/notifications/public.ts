/** What other features and pages may use of notifications (issue 19). */
export { NotificationSettings } from "./notification-settings.tsx";
export { dropSubscriptionHere } from "./push-device.ts";
export { PushOffer } from "./push-offer.tsx";
