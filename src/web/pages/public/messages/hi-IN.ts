import { translation } from "#domain/i18n/messages.ts";
import type { messages as en } from "./en-IN.ts";

export const messages = translation<typeof en>()({
  notFoundTitle: "पेज नहीं मिला",
  notFoundLead:
    "इस पते पर कोई पेज नहीं है। हो सकता है वह कहीं और चला गया हो, या लिंक में कोई गलती हो। कोई सर्विस ढूँढें या होम पेज पर जाएँ।",
  findService: "सर्विस ढूँढें",
  serviceNotFound: "सर्विस नहीं मिली",
  serviceNotFoundLead: "<0>“{name}”</0> नाम की कोई सर्विस हमारे पास नहीं है। जो चाहिए उसे ढूँढें, या सारी सर्विस देखें।",
  groupServiceNotFoundLead:
    "<0>“{name}”</0> नाम की कोई {group} सर्विस हमारे पास नहीं है। जो चाहिए उसे ढूँढें, या सारी सर्विस देखें।",
  groupServiceNotFound: "{group} सर्विस नहीं मिली",
  browseAll: "सारी सर्विस देखें",
  service: "सर्विस",
  serviceLoadFailed: "यह सर्विस लोड नहीं हो पाई।",
  pleaseTryAgain: "कृपया फिर से कोशिश करें।",
  otherGroup: "{title} एक {group} सर्विस है",
  notPartOf: "यह {group} का हिस्सा नहीं है।",
  seeService: "{title} देखें",
  goHome: "होम पेज पर जाएँ",
  brandSection: "Mates, {section}",
  sectionHome: "होम",
});
