import { translation } from "#domain/i18n/messages.ts";
import type { messages as en } from "./en-IN.ts";

export const messages = translation<typeof en>()({
  resetSubject: "अपना Mates पासवर्ड बदलें",
  resetAsk:
    "किसी ने आपके Mates अकाउंट का पासवर्ड बदलने के लिए कहा है। अगर वह आप थे, तो नया पासवर्ड चुनने के लिए एक घंटे के अंदर यह लिंक खोलें:",
  resetButton: "नया पासवर्ड चुनें",
  resetOnce: "यह लिंक एक ही बार चलता है। अगर आपने यह नहीं माँगा था, तो इस ईमेल को छोड़ दें: आपका पासवर्ड जैसा है वैसा ही रहेगा।",
  inviteSubject: "आपका Mates प्रोफ़ेशनल अकाउंट",
  inviteIntro: "Mates में आपका स्वागत है। आपका वेरिफ़ाइड मेट अकाउंट तैयार है।",
  inviteAsk: "Mates ऐप के लिए अपना पासवर्ड चुनने के लिए {days} दिन के अंदर यह लिंक खोलें:",
  inviteButton: "अपना पासवर्ड चुनें",
  inviteAfter: "फिर इस ईमेल पते और अपने पासवर्ड से लॉग इन करें; आपके काम यहाँ हैं: {link}",
  inviteOnce: "यह लिंक एक ही बार चलता है। अगर आपको इसकी उम्मीद नहीं थी, तो इस ईमेल को छोड़ दें।",
});
