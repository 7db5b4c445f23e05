import { defineMessages } from "#web/i18n/area.ts";
import { messages as en } from "./messages/en-IN.ts";

/** The cart's messages: the cart page, the add-to-cart button and the cart's toasts. */
export const cartMessages = defineMessages("cart", en, {
  "hi-IN": () => import("./messages/hi-IN.ts"),
  "mr-IN": () => import("./messages/mr-IN.ts"),
});

export type CartT = (key: keyof typeof en, values?: Record<string, unknown>) => string;
