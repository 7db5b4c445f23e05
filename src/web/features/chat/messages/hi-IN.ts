import { translation } from "#domain/i18n/messages.ts";
import type { messages as en } from "./en-IN.ts";

export const messages = translation<typeof en>()({
  loadError: "चैट लोड नहीं हो सकी।",
  empty: "अभी कोई मैसेज नहीं। फ़ोन नंबर और ईमेल पते दूसरी तरफ़ से छिपे रहते हैं।",
  messages: "मैसेज",
  read: "पढ़ लिया",
  sent: "भेजा गया",
  messageTo: "{name} को मैसेज",
  send: "भेजें",
});
