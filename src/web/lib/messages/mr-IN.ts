import { translation } from "#domain/i18n/messages.ts";
import type { messages as en } from "./en-IN.ts";

export const messages = translation<typeof en>()({
  networkError: "Mates शी संपर्क होऊ शकला नाही. तुमचे इंटरनेट कनेक्शन तपासा आणि पुन्हा प्रयत्न करा.",
  httpError: "सर्व्हरकडून {status} असे उत्तर आले. कृपया पुन्हा प्रयत्न करा.",
  invalidResponse: "सर्व्हरचे उत्तर हे पेज वाचू शकले नाही. पेज रीलोड करून पाहा.",
});
