import { translation } from "#domain/i18n/messages.ts";
import type { messages as en } from "./en-IN.ts";

export const messages = translation<typeof en>()({
  title: "Mates मध्ये तुमचे स्वागत आहे",
  lead: "तुमच्या मोबाइल नंबरने साइन इन करा: पासवर्डची गरज नाही.",
  greeting: "नमस्कार {name}. आम्ही {number} वर SMS ने 6 अंकी कोड पाठवू.",
  sendCode: "मला कोड पाठवा",
  codeSent: "आम्ही {number} वर कोड पाठवला आहे. तो 5 मिनिटे वैध आहे.",
  codeLabel: "SMS मधील कोड",
  signIn: "साइन इन करा",
  resend: "नवीन कोड पाठवा",
  wholeCode: "कोडचे 6 अंक टाका.",
  invalidLink: "ही आमंत्रण लिंक चुकीची आहे, वापरली गेली आहे किंवा तिची मुदत संपली आहे. Mates टीमकडे नवीन लिंक मागा.",
  usedLinkHint: "आधी एकदा साइन इन केले आहे? Mates ॲपमध्ये तुमच्या मोबाइल नंबरने लॉग इन करा.",
  wrongCode: "हा कोड बरोबर नाही. SMS तपासून पुन्हा प्रयत्न करा.",
  expiredCode: "या कोडची मुदत संपली आहे. नवीन कोड मागा.",
  noCode: "आधी कोड मागा.",
  tooManyTries: "खूप चुकीचे प्रयत्न झाले. नवीन कोड मागा.",
  tooSoon: "पुन्हा मागण्यापूर्वी थोडा वेळ थांबा.",
  smsUnavailable: "आम्ही कोड पाठवू शकलो नाही. कृपया पुन्हा प्रयत्न करा.",
  disabled: "हे अकाउंट बंद आहे. कृपया Mates सपोर्ट टीमला लिहा.",
});
