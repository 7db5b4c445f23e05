import { translation } from "#domain/i18n/messages.ts";
import type { messages as en } from "./en-IN.ts";

export const messages = translation<typeof en>()({
  changedSubject: "आपके भुगतान की जानकारी बदली गई",
  changedText: "Mates आपको जहाँ भुगतान करता है, वह अभी मेट ऐप में बदला गया है।",
  paidTo: "भुगतान यहाँ",
  bankAccount: "बैंक अकाउंट {masked} ({ifsc})",
  upiId: "UPI ID {masked}",
  heldUntil: "अगला भुगतान तब तक रुका रहेगा",
  notYou:
    "अगर यह आपने नहीं किया, तो तुरंत हमें कॉल करें: हो सकता है किसी के पास आपका लॉग इन हो। तब तक आपका अगला भुगतान रोका गया है।",
});
