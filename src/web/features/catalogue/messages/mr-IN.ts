import { translation } from "#domain/i18n/messages.ts";
import type { messages as en } from "./en-IN.ts";

export const messages = translation<typeof en>()({
  fromPrice: "{price} पासून",
  groupsLabel: "सेवा ग्रुप",
  loadFailed: "सेवा लोड होऊ शकल्या नाहीत.",
  noServices: "सध्या {group} मध्ये कोणतीही सेवा नाही.",
  loadingServices: "सेवा लोड होत आहेत…",
});
