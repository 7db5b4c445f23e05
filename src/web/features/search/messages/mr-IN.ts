import { translation } from "#domain/i18n/messages.ts";
import type { messages as en } from "./en-IN.ts";

export const messages = translation<typeof en>()({
  label: "सेवा शोधा",
  region: "सेवा शोध",
  placeholder: "सेवा शोधा, उदा. प्लंबर",
  suggestions: "सुचवलेल्या सेवा",
  loadFailed: "सेवा लोड होऊ शकल्या नाहीत. कृपया पुन्हा प्रयत्न करा.",
  noMatch: "“{query}” शी जुळणारी कोणतीही सेवा नाही.",
  found: "{count, plural, one {# सेवा सापडली} other {# सेवा सापडल्या}}.",
});
