import { translation } from "#domain/i18n/messages.ts";
import type { messages as en } from "./en-IN.ts";

export const messages = translation<typeof en>()({
  networkError: "Mates से संपर्क नहीं हो पाया। अपना इंटरनेट कनेक्शन जाँचें और फिर कोशिश करें।",
  httpError: "सर्वर से जवाब {status} आया। कृपया फिर कोशिश करें।",
  invalidResponse: "सर्वर का जवाब यह पेज पढ़ नहीं पाया। पेज रीलोड करके देखें।",
});
