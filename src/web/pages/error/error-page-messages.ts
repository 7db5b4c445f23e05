import { defineMessages } from "#web/i18n/area.ts";
import { messages as en } from "./messages/en-IN.ts";

/** The failed-page screen's texts, apart from the other public pages': it is start-up code. */
export const errorPageMessages = defineMessages("page-error", en, {
  "hi-IN": () => import("./messages/hi-IN.ts"),
  "mr-IN": () => import("./messages/mr-IN.ts"),
});
