import { defineMessages } from "#web/i18n/area.ts";
import { messages as en } from "./money/messages/en-IN.ts";

/** The mate app's money screens (earnings, payouts, PAN, dues): their own area, loaded with them. */
export const mateMoneyMessages = defineMessages("mate-money", en, {
  "hi-IN": () => import("./money/messages/hi-IN.ts"),
  "mr-IN": () => import("./money/messages/mr-IN.ts"),
});
