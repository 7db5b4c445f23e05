import { defineMessages } from "#web/i18n/area.ts";
import { messages as en } from "./messages/en-IN.ts";

/** The About page's messages: they load with the page only. */
export const aboutMessages = defineMessages("page-about", en, {
  "hi-IN": () => import("./messages/hi-IN.ts"),
  "mr-IN": () => import("./messages/mr-IN.ts"),
});
