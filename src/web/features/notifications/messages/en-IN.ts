import { source } from "#domain/i18n/messages.ts";
import { NOTIFICATION_SETTING_NAMES } from "#domain/notification-settings.ts";

export const messages = source({
  // The profile's notification settings (customers' and mates').
  title: { message: "Notifications", comment: "Profile: heading of the notification settings" },
  mailsCustomer: {
    message: "Mails about your bookings (confirmation, your mate, the bill, cancellations and refunds) always come.",
    comment: "Customer's profile, notification settings: the line under the heading",
  },
  mailsMate: {
    message: "Mails about your jobs always come.",
    comment: "Mate's profile, notification settings: the line under the heading",
  },
  thisDevice: {
    message: "Notifications on this device",
    comment: "Notification settings: label of the device's switch",
  },
  checking: { message: "Checking…", comment: "Notification settings: while the device's state is read" },
  unsupported: {
    message: "This browser cannot show notifications from Mates.",
    comment: "Notification settings: the browser has no push notifications",
  },
  blocked: {
    message: "Notifications are blocked for Mates in this browser's settings. Allow them there to turn them on.",
    comment: "Notification settings: the person blocked them in the browser",
  },
  off: { message: "Off on this device.", comment: "Notification settings: notifications are off here" },
  on: {
    message: "On: this device shows your booking's steps, even with Mates closed.",
    comment: "Notification settings: notifications are on here",
  },
  turnOff: { message: "Turn off", comment: "Notification settings: the switch's button while on" },
  turnOn: {
    message: "Turn on",
    comment: "Notification settings: the switch's button while off; the mate app's offer strip's button",
  },
  ratingReminders: {
    message: NOTIFICATION_SETTING_NAMES.ratingPrompts.label,
    comment: "Customer's notification settings: checkbox for mails and notifications asking for a rating",
  },
  ratingRemindersHint: {
    message: "A mail and a notification asking how a finished job went.",
    comment: "Customer's notification settings: the line under 'Rating reminders'",
  },
  notReady: {
    message: "Notifications need the app's offline support, which has not started. Reload the page.",
    comment: "Error when turning notifications on before the app's service worker runs",
  },
  // The offer to turn them on (a customer following a booking; the mate app's strip).
  offerCustomerTitle: {
    message: "Know when your mate is on the way",
    comment: "Booking page: the notification offer's heading",
  },
  offerCustomerBody: {
    message:
      "Turn on notifications and we tell you when a mate takes your booking, sets off and finishes, even with this tab closed.",
    comment: "Booking page: the notification offer's text",
  },
  offerMateTitle: { message: "Get new jobs on this phone", comment: "Mate app: the notification offer's heading" },
  offerMateBody: {
    message:
      "Turn on notifications and we tell you of new jobs, and of jobs moved or cancelled, even with the app closed.",
    comment: "Mate app: the notification offer's text",
  },
  turnOnNotifications: {
    message: "Turn on notifications",
    comment: "Notification offer: the button that turns them on",
  },
  turningOn: { message: "Turning on…", comment: "Notification offer: the button while it works" },
  notNow: {
    message: "Not now",
    comment: "Notification offer: the button that closes it (an X in the mate app, read out)",
  },
  offerOn: {
    message: "Notifications are on for this device. Turn them off in your profile.",
    comment: "Notification offer: after turning them on",
  },
  offerBlocked: {
    message: "Notifications are blocked for Mates in this browser's settings.",
    comment: "Notification offer: the browser refused",
  },
  offerOff: {
    message: "Notifications stay off. You can turn them on in your profile.",
    comment: "Notification offer: the person said no in the browser's question",
  },
});
