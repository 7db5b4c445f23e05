import { translation } from "#domain/i18n/messages.ts";
import type { messages as en } from "./en-IN.ts";

export const messages = translation<typeof en>()({
  jobs: "कामे",
  availability: "उपलब्धता",
  earnings: "कमाई",
  ratings: "रेटिंग",
  navLabel: "मेट ॲप",
  myJobs: "माझी कामे",
  loginTitle: "तुमची कामे पाहण्यासाठी लॉग इन करा",
  loginHint: "ज्या ईमेलवर किंवा मोबाइल नंबरवर तुमचे Mates आमंत्रण आले, तोच वापरा.",
  refusalTitle: "हे पेज Mates प्रोफेशनल्ससाठी आहे",
  refusalHint: "मेटना अकाउंट आमंत्रणाने मिळते. तुमची बुकिंग तुमच्या प्रोफाइलमध्ये आहेत.",
});
