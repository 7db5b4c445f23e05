import { translation } from "#domain/i18n/messages.ts";
import type { messages as en } from "./en-IN.ts";

export const messages = translation<typeof en>()({
  heroEyebrow: "वेरिफ़ाइड होम सर्विस",
  heroLead:
    "सफ़ाई, रिपेयर, दुकान से सामान और रिनोवेशन के लिए वेरिफ़ाइड मेट बुक करें। बुक करने से पहले ही हर विकल्प की कीमत और उसमें लगने वाला समय दिखता है।",
  bookMate: "मेट बुक करें",
  howItWorks: "यह कैसे काम करता है",
  areasWeServe: "हम इन इलाकों में आते हैं",
  servicesHeading: "सर्विस",
  servicesLead: "पहले ग्रुप चुनें, फिर अपनी ज़रूरत की सर्विस।",
});
