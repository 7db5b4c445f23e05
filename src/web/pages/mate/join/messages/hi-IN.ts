import { translation } from "#domain/i18n/messages.ts";
import type { messages as en } from "./en-IN.ts";

export const messages = translation<typeof en>()({
  title: "Mates में आपका स्वागत है",
  lead: "अपने मोबाइल नंबर से साइन इन करें: पासवर्ड की ज़रूरत नहीं।",
  greeting: "नमस्ते {name}। हम {number} पर SMS से 6 अंकों का कोड भेजेंगे।",
  sendCode: "मुझे कोड भेजें",
  codeSent: "हमने {number} पर कोड भेजा है। यह 5 मिनट तक मान्य है।",
  codeLabel: "SMS वाला कोड",
  signIn: "साइन इन करें",
  resend: "नया कोड भेजें",
  wholeCode: "कोड के 6 अंक डालें।",
  invalidLink: "यह इनविटेशन लिंक गलत है, इस्तेमाल हो चुका है या इसकी समय-सीमा खत्म हो गई है। Mates टीम से नया लिंक मांगें।",
  usedLinkHint: "एक बार साइन इन कर चुके हैं? Mates ऐप में अपने मोबाइल नंबर से लॉग इन करें।",
  wrongCode: "यह कोड सही नहीं है। SMS देखकर फिर से कोशिश करें।",
  expiredCode: "इस कोड की समय-सीमा खत्म हो गई है। नया कोड मांगें।",
  noCode: "पहले कोड मांगें।",
  tooManyTries: "बहुत ज़्यादा गलत कोशिशें। नया कोड मांगें।",
  tooSoon: "दोबारा मांगने से पहले थोड़ा इंतज़ार करें।",
  smsUnavailable: "हम कोड नहीं भेज पाए। कृपया फिर से कोशिश करें।",
  disabled: "यह अकाउंट बंद है। कृपया Mates सपोर्ट टीम को लिखें।",
});
