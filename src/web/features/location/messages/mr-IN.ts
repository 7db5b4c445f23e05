import { translation } from "#domain/i18n/messages.ts";
import type { messages as en } from "./en-IN.ts";

export const messages = translation<typeof en>()({
  chooseTitle: "तुमचे लोकेशन निवडा",
  close: "बंद करा",
  chooseText: "Mates खाली दिलेल्या भागांत व्हेरिफाइड मेट पाठवते. तुमचा भाग शोधा किंवा ब्राउझरला शोधू द्या.",
  searchArea: "तुमचा भाग शोधा",
  useCurrent: "माझे सध्याचे लोकेशन वापरा",
  areasWeServe: "आम्ही या भागांत येतो",
  typeMore: "शोधण्यासाठी किमान {count} अक्षरे लिहा.",
  noPlaces: "“{query}” शी जुळणारी कोणतीही जागा नाही.",
  placesFound: "{count, plural, one {# जागा सापडली} other {# जागा सापडल्या}}.",
  placeholder: "उदा. Kandivali West, Mira Road",
  suggestions: "सुचवलेल्या जागा",
  unavailableTitle: "सेवा उपलब्ध नाही",
  unavailableText: "क्षमस्व, Mates सध्या {city} मध्ये उपलब्ध नाही.",
  servedSummary:
    "Mates मुंबईच्या पश्चिम उपनगरांत अंधेरीपासून भाईंदरपर्यंत, आणि केळव्यात सेवा देते. बुक करण्यासाठी यापैकी एखादा भाग तुमचे लोकेशन म्हणून निवडा.",
  ok: "ठीक आहे",
});
