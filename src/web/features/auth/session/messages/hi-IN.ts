import { translation } from "#domain/i18n/messages.ts";
import type { messages as en } from "./en-IN.ts";

export const messages = translation<typeof en>()({
  welcomeBack: "फिर से स्वागत है, {name}!",
  welcomeBackNoName: "फिर से स्वागत है!",
  sessionNotStarted: "लॉग इन शुरू नहीं हो पाया। कृपया फिर से कोशिश करें।",
});
