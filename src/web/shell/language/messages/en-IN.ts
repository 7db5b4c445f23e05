import { source } from "#domain/i18n/messages.ts";

export const messages = source({
  label: { message: "Language", comment: "Label of the language menu in the header, the mobile menu and the footer" },
  offerText: {
    message: "Mates is also in English.",
    comment: "First-visit offer, shown in the language offered (English offers itself only in English)",
  },
  offerSwitch: { message: "Switch to English", comment: "First-visit offer: the button that switches" },
  offerDismiss: { message: "No thanks", comment: "First-visit offer: the button that closes it" },
  offerRegion: { message: "Language", comment: "First-visit offer: name of the region, read by screen readers" },
});
