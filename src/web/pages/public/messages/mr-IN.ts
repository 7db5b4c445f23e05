import { translation } from "#domain/i18n/messages.ts";
import type { messages as en } from "./en-IN.ts";

export const messages = translation<typeof en>()({
  notFoundTitle: "पेज सापडले नाही",
  notFoundLead: "या पत्त्यावर कोणतेही पेज नाही. ते दुसरीकडे हलवले असेल, किंवा लिंकमध्ये चूक असेल. एखादी सेवा शोधा किंवा होम पेजवर जा.",
  findService: "सेवा शोधा",
  serviceNotFound: "सेवा सापडली नाही",
  serviceNotFoundLead: "<0>“{name}”</0> नावाची कोणतीही सेवा आमच्याकडे नाही. तुम्हाला हवे ते शोधा, किंवा सर्व सेवा पाहा.",
  groupServiceNotFoundLead:
    "<0>“{name}”</0> नावाची कोणतीही {group} सेवा आमच्याकडे नाही. तुम्हाला हवे ते शोधा, किंवा सर्व सेवा पाहा.",
  groupServiceNotFound: "{group} सेवा सापडली नाही",
  browseAll: "सर्व सेवा पाहा",
  service: "सेवा",
  serviceLoadFailed: "ही सेवा लोड होऊ शकली नाही.",
  pleaseTryAgain: "कृपया पुन्हा प्रयत्न करा.",
  otherGroup: "{title} ही {group} ची सेवा आहे",
  notPartOf: "ती {group} चा भाग नाही.",
  seeService: "{title} पाहा",
  goHome: "होम पेजवर जा",
  brandSection: "Mates, {section}",
  sectionHome: "होम",
});
