import { defineMessages } from "#web/i18n/area.ts";
import { messages as en } from "./messages/en-IN.ts";

/** A service page's messages (options, scope, side column, FAQs): they load with the service page only. */
export const serviceDetailsMessages = defineMessages("service-details", en, {
  "hi-IN": () => import("./messages/hi-IN.ts"),
  "mr-IN": () => import("./messages/mr-IN.ts"),
});
