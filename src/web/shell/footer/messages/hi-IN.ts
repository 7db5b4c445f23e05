import { translation } from "#domain/i18n/messages.ts";
import type { messages as en } from "./en-IN.ts";

export const messages = translation<typeof en>()({
  footerServices: "सर्विस",
  footerCompany: "कंपनी",
  workWithMates: "Mates के साथ काम करें",
  contactUs: "संपर्क करें",
  followUs: "हमें फ़ॉलो करें",
  opensInNewTab: "(नए टैब में खुलेगा)",
  phoneBookings: "बुकिंग",
  phoneSupport: "मदद",
  phoneJoin: "मेट बनने के लिए",
  anchorAbout: "हमारे बारे में",
  anchorHow: "यह कैसे काम करता है",
  anchorPricing: "कीमतें",
  anchorCareers: "करियर",
  anchorSupport: "मदद",
  anchorTerms: "शर्तें",
  anchorPrivacy: "प्राइवेसी",
});
