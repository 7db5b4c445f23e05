import { translation } from "#domain/i18n/messages.ts";
import type { messages as en } from "./en-IN.ts";

export const messages = translation<typeof en>()({
  label: "भाषा",
  offerText: "Mates आता मराठीतही आहे.",
  offerSwitch: "मराठीत पाहा",
  offerDismiss: "नको, धन्यवाद",
  offerRegion: "भाषा",
});
