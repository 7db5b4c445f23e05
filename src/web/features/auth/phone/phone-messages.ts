import { defineMessages } from "#web/i18n/area.ts";
import { messages as en } from "./messages/en-IN.ts";

/** The mobile number sign-in's texts, loaded with its own chunk (the popup's step, the profile's part). */
export const phoneMessages = defineMessages("auth-phone", en, {
  "hi-IN": () => import("./messages/hi-IN.ts"),
  "mr-IN": () => import("./messages/mr-IN.ts"),
});

export type PhoneKey = keyof typeof en;
