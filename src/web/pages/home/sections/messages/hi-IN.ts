import { translation } from "#domain/i18n/messages.ts";
import type { messages as en } from "./en-IN.ts";

export const messages = translation<typeof en>()({
  howItWorksHeading: "यह कैसे काम करता है",
  step: "स्टेप {number}",
  stepChooseTitle: "सर्विस चुनें",
  stepChooseText: "जो चाहिए वो चुनें। हर विकल्प की कीमत और लगभग कितना समय लगेगा, साफ़ दिखता है।",
  stepWhereTitle: "पता बताएँ",
  stepWhereText: "वह पता डालें जहाँ मेट को आना है, हमारे इलाकों में से किसी एक में।",
  stepPayTitle: "कन्फ़र्म करें और भुगतान करें",
  stepPayText: "विकल्प और कीमत जाँच लें, फिर अपनी बुकिंग का भुगतान करें।",
  stepMeetTitle: "अपने मेट से मिलें",
  stepMeetText: "हम आपकी बुकिंग पर एक वेरिफ़ाइड मेट भेजते हैं और बताते हैं कि कौन आ रहा है।",
  whyVerified: "वेरिफ़ाइड मेट ही क्यों",
  whyVerifiedLead: "आप किसी को अपने घर में आने दे रहे हैं। हर मेट इन सभी जाँचों से गुज़रता है।",
  checkIdTitle: "पहचान की जाँच",
  checkIdText: "Mates से जुड़ने से पहले हर मेट का सरकारी ID वेरिफ़ाई किया जाता है।",
  checkBackgroundTitle: "बैकग्राउंड की जाँच",
  checkBackgroundText: "पहला काम लेने से पहले हम हर मेट का बैकग्राउंड चेक करते हैं।",
  checkTrainedTitle: "काम की ट्रेनिंग",
  checkTrainedText: "मेट अपने काम की और लोगों के घर में काम करने के तरीके की ट्रेनिंग लेते हैं।",
  checkRatedTitle: "हर काम के बाद रेटिंग",
  checkRatedText: "आप हर काम को रेटिंग देते हैं, और इन्हीं रेटिंग से तय होता है कि किन मेट को आगे बुकिंग मिलती रहेगी।",
  hoursLine: "मेट {hours} काम करते हैं।",
  openNow: "अभी खुला है।",
  closedNow: "अभी बंद है।",
});
