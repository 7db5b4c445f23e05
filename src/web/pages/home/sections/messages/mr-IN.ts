import { translation } from "#domain/i18n/messages.ts";
import type { messages as en } from "./en-IN.ts";

export const messages = translation<typeof en>()({
  howItWorksHeading: "हे कसे काम करते",
  step: "पायरी {number}",
  stepChooseTitle: "सेवा निवडा",
  stepChooseText: "तुम्हाला हवे ते निवडा. प्रत्येक पर्यायाची किंमत आणि साधारण किती वेळ लागेल ते दिसते.",
  stepWhereTitle: "पत्ता सांगा",
  stepWhereText: "मेटने जिथे यायचे तो पत्ता द्या, आमच्या भागांपैकी एखाद्या भागातला.",
  stepPayTitle: "कन्फर्म करा आणि पेमेंट करा",
  stepPayText: "पर्याय आणि किंमत तपासा, मग तुमच्या बुकिंगचे पेमेंट करा.",
  stepMeetTitle: "तुमच्या मेटला भेटा",
  stepMeetText: "आम्ही तुमच्या बुकिंगसाठी व्हेरिफाइड मेट पाठवतो आणि कोण येत आहे ते दाखवतो.",
  whyVerified: "व्हेरिफाइड मेटच का",
  whyVerifiedLead: "तुम्ही कोणालातरी घरात घेत आहात. प्रत्येक मेटची या सर्व तपासण्या होतात.",
  checkIdTitle: "ओळख तपासली",
  checkIdText: "Mates मध्ये येण्याआधी प्रत्येक मेटचा सरकारी ID व्हेरिफाय केला जातो.",
  checkBackgroundTitle: "पार्श्वभूमी तपासली",
  checkBackgroundText: "पहिले काम घेण्याआधी आम्ही प्रत्येक मेटची पार्श्वभूमी तपासतो.",
  checkTrainedTitle: "कामाचे प्रशिक्षण",
  checkTrainedText: "मेटना त्यांच्या कामाचे आणि लोकांच्या घरात काम करण्याचे प्रशिक्षण दिलेले असते.",
  checkRatedTitle: "प्रत्येक कामानंतर रेटिंग",
  checkRatedText: "तुम्ही प्रत्येक कामाला रेटिंग देता, आणि त्यावरूनच ठरते की कोणत्या मेटना पुढे बुकिंग मिळत राहतील.",
  hoursLine: "मेट {hours} काम करतात.",
  openNow: "आता सुरू आहे.",
  closedNow: "आता बंद आहे.",
});
