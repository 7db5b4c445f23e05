import { source } from "#domain/i18n/messages.ts";

export const messages = source({
  loadError: {
    message: "The chat could not be loaded.",
    comment: "Booking chat (customer's and mate's): failed to load",
  },
  empty: {
    message: "No messages yet. Phone numbers and e-mail addresses are hidden from the other side.",
    comment: "Booking chat: no messages yet",
  },
  messages: { message: "Messages", comment: "Booking chat: name of the message list (screen readers)" },
  read: { message: "Read", comment: "Booking chat: under one's own message, the other side has read it" },
  sent: { message: "Sent", comment: "Booking chat: under one's own message, not read yet" },
  messageTo: {
    message: "Message to {name}",
    comment: "Booking chat: label of the box to write in ({name}: first name)",
  },
  send: { message: "Send", comment: "Booking chat: send button" },
});
