import { translation } from "#domain/i18n/messages.ts";
import type { messages as en } from "./en-IN.ts";

export const messages = translation<typeof en>()({
  label: "भाषा",
  offerText: "Mates अब हिन्दी में भी है।",
  offerSwitch: "हिन्दी में देखें",
  offerDismiss: "नहीं, धन्यवाद",
  offerRegion: "भाषा",
});
