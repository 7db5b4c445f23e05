import { translation } from "#domain/i18n/messages.ts";
import type { messages as en } from "./en-IN.ts";

export const messages = translation<typeof en>()({
  footerServices: "सेवा",
  footerCompany: "कंपनी",
  workWithMates: "Mates सोबत काम करा",
  contactUs: "संपर्क करा",
  followUs: "आम्हाला फॉलो करा",
  opensInNewTab: "(नवीन टॅबमध्ये उघडेल)",
  phoneBookings: "बुकिंग",
  phoneSupport: "मदत",
  phoneJoin: "मेट होण्यासाठी",
  anchorAbout: "आमच्याबद्दल",
  anchorHow: "हे कसे काम करते",
  anchorPricing: "किंमती",
  anchorCareers: "करिअर",
  anchorSupport: "मदत",
  anchorTerms: "अटी",
  anchorPrivacy: "प्रायव्हसी",
});
