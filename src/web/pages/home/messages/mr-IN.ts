import { translation } from "#domain/i18n/messages.ts";
import type { messages as en } from "./en-IN.ts";

export const messages = translation<typeof en>()({
  heroEyebrow: "व्हेरिफाइड होम सेवा",
  heroLead:
    "साफसफाई, दुरुस्ती, दुकानातून खरेदी आणि नूतनीकरणासाठी व्हेरिफाइड मेट बुक करा. बुक करण्याआधीच प्रत्येक पर्यायाची किंमत आणि त्याला लागणारा वेळ दिसतो.",
  bookMate: "मेट बुक करा",
  howItWorks: "हे कसे काम करते",
  areasWeServe: "आम्ही या भागांत येतो",
  servicesHeading: "सेवा",
  servicesLead: "आधी ग्रुप निवडा, मग तुम्हाला हवी ती सेवा.",
});
