import { defineMessages } from "#web/i18n/area.ts";
import { messages as en } from "./messages/en-IN.ts";

/** The catalogue's listing texts (group tabs, service cards, skills checklist). */
export const catalogueMessages = defineMessages("catalogue", en, {
  "hi-IN": () => import("./messages/hi-IN.ts"),
  "mr-IN": () => import("./messages/mr-IN.ts"),
});
