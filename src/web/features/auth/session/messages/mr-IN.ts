import { translation } from "#domain/i18n/messages.ts";
import type { messages as en } from "./en-IN.ts";

export const messages = translation<typeof en>()({
  welcomeBack: "पुन्हा स्वागत आहे, {name}!",
  welcomeBackNoName: "पुन्हा स्वागत आहे!",
  sessionNotStarted: "लॉग इन सुरू होऊ शकले नाही. कृपया पुन्हा प्रयत्न करा.",
});
