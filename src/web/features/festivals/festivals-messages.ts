import { defineMessages } from "#web/i18n/area.ts";
import { messages as en } from "./messages/en-IN.ts";

/** /festivals messages, with the festivals' names and summaries (English source: #domain/festivals.ts). */
export const festivalsMessages = defineMessages("festivals", en, {
  "hi-IN": () => import("./messages/hi-IN.ts"),
  "mr-IN": () => import("./messages/mr-IN.ts"),
});
