import { translation } from "#domain/i18n/messages.ts";
import type { messages as en } from "./en-IN.ts";

export const messages = translation<typeof en>()({
  resetSubject: "तुमचा Mates पासवर्ड बदला",
  resetAsk:
    "कोणीतरी तुमच्या Mates अकाउंटचा पासवर्ड बदलायला सांगितले आहे. ते तुम्ही असाल, तर नवीन पासवर्ड निवडण्यासाठी एका तासाच्या आत ही लिंक उघडा:",
  resetButton: "नवीन पासवर्ड निवडा",
  resetOnce: "ही लिंक एकदाच चालते. तुम्ही हे मागितले नसेल, तर या ईमेलकडे दुर्लक्ष करा: तुमचा पासवर्ड आहे तसाच राहील.",
  inviteSubject: "तुमचे Mates प्रोफेशनल अकाउंट",
  inviteIntro: "Mates मध्ये तुमचे स्वागत आहे. तुमचे व्हेरिफाइड मेट अकाउंट तयार आहे.",
  inviteAsk: "Mates ॲपसाठी तुमचा पासवर्ड निवडण्यासाठी {days} दिवसांच्या आत ही लिंक उघडा:",
  inviteButton: "तुमचा पासवर्ड निवडा",
  inviteAfter: "मग या ईमेल पत्त्याने आणि तुमच्या पासवर्डने लॉग इन करा; तुमची कामे इथे आहेत: {link}",
  inviteOnce: "ही लिंक एकदाच चालते. तुम्हाला याची अपेक्षा नसेल, तर या ईमेलकडे दुर्लक्ष करा.",
});
