import { defineMessages } from "#web/i18n/area.ts";
import { messages as en } from "./messages/en-IN.ts";

/** Messages of the pages around the catalogue (not found, failed page, service page states, role frames). */
export const publicPagesMessages = defineMessages("page-public", en, {
  "hi-IN": () => import("./messages/hi-IN.ts"),
  "mr-IN": () => import("./messages/mr-IN.ts"),
});
