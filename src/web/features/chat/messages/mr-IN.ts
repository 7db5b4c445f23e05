import { translation } from "#domain/i18n/messages.ts";
import type { messages as en } from "./en-IN.ts";

export const messages = translation<typeof en>()({
  loadError: "चॅट लोड होऊ शकले नाही.",
  empty: "अजून कोणताही मेसेज नाही. फोन नंबर आणि ईमेल पत्ते दुसऱ्या बाजूपासून लपवले जातात.",
  messages: "मेसेज",
  read: "वाचला",
  sent: "पाठवला",
  messageTo: "{name} यांना मेसेज",
  send: "पाठवा",
});
