import { translation } from "#domain/i18n/messages.ts";
import type { messages as en } from "./en-IN.ts";

export const messages = translation<typeof en>()({
  jobs: "काम",
  availability: "उपलब्धता",
  earnings: "कमाई",
  ratings: "रेटिंग",
  navLabel: "मेट ऐप",
  myJobs: "मेरे काम",
  loginTitle: "अपने काम देखने के लिए लॉग इन करें",
  loginHint: "वही ईमेल या मोबाइल नंबर डालें जिस पर आपका Mates इनविटेशन आया था।",
  refusalTitle: "यह पेज Mates के प्रोफ़ेशनल्स के लिए है",
  refusalHint: "मेट को अकाउंट इनविटेशन से मिलता है। आपकी बुकिंग आपकी प्रोफ़ाइल में हैं।",
});
