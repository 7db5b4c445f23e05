import { translation } from "#domain/i18n/messages.ts";
import type { messages as en } from "./en-IN.ts";

export const messages = translation<typeof en>()({
  holdUntil: "तुमची बुकिंग {time} पर्यंत राखून ठेवली आहे; पेमेंट झाल्यावर ती कन्फर्म होईल.",
  paymentFailed: "पेमेंट झाले नाही: {reason} कोणतेही पैसे कापले गेले नाहीत.",
  notCompleted: "पेमेंट पूर्ण झाले नाही.",
  notCompletedHold: "पेमेंट पूर्ण झाले नाही. {hold}",
  tryAgain: "पुन्हा प्रयत्न करा",
  payOnline: "{amount} ऑनलाइन पेमेंट करा",
  notStarted: "ऑनलाइन पेमेंट सुरू होऊ शकले नाही. कृपया पुन्हा प्रयत्न करा.",
  unreachable: "ऑनलाइन पेमेंटशी जोडता आले नाही. तुमचे इंटरनेट तपासा आणि पुन्हा प्रयत्न करा.",
  notUnderstood: "पेमेंटचे उत्तर समजले नाही.",
  didNotGoThrough: "पेमेंट पूर्ण होऊ शकले नाही.",
  payments: "पेमेंट",
  paidOnline: "ऑनलाइन पेमेंट: {amount}",
  refundProcessed: "{amount} चा रिफंड {day} रोजी झाला",
  refundFailed: "{amount} चा रिफंड पाठवता आला नाही: आमची टीम तुम्हाला फोन करेल",
  refundStarted: "{amount} चा रिफंड सुरू झाला: 5 ते 7 कामकाजाच्या दिवसांत तुमच्या खात्यात येईल",
  reference: " (संदर्भ {reference})",
  taxInvoice: "टॅक्स इनव्हॉइस {number}",
  credit: "Mates क्रेडिट",
  loadingCredit: "तुमचे क्रेडिट लोड होत आहे…",
  creditFailed: "तुमचे क्रेडिट लोड होऊ शकले नाही: {message}",
  toSpend: "<0>{amount}</0> वापरण्यासाठी",
  creditRules:
    "क्रेडिट तुमच्या पुढच्या बुकिंगमधून आपोआप वजा होते, सर्वात जुने आधी. प्रत्येक क्रेडिट मिळाल्यापासून एक वर्ष चालते; ते कधीही रोख दिले जात नाही.",
  history: "क्रेडिटचा हिशोब",
  validUntil: " · {day} पर्यंत वैध",
  givenBack: "परत दिले: {reason}",
  noCredit: "तुमच्याकडे अजून Mates क्रेडिट नाही.",
  lapsed: "“{reason}” चे {amount} {day} रोजी संपले.",
});
