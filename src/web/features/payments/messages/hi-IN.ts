import { translation } from "#domain/i18n/messages.ts";
import type { messages as en } from "./en-IN.ts";

export const messages = translation<typeof en>()({
  holdUntil: "आपकी बुकिंग {time} तक रखी गई है; भुगतान होते ही कन्फ़र्म हो जाएगी।",
  paymentFailed: "पेमेंट नहीं हुआ: {reason} कोई पैसा नहीं कटा।",
  notCompleted: "पेमेंट पूरा नहीं हुआ।",
  notCompletedHold: "पेमेंट पूरा नहीं हुआ। {hold}",
  tryAgain: "फिर से कोशिश करें",
  payOnline: "{amount} ऑनलाइन भुगतान करें",
  notStarted: "ऑनलाइन पेमेंट शुरू नहीं हो पाया। कृपया फिर से कोशिश करें।",
  unreachable: "ऑनलाइन पेमेंट से कनेक्ट नहीं हो पाया। अपना इंटरनेट देखें और फिर से कोशिश करें।",
  notUnderstood: "पेमेंट का जवाब समझ में नहीं आया।",
  didNotGoThrough: "पेमेंट पूरा नहीं हो पाया।",
  payments: "भुगतान",
  paidOnline: "ऑनलाइन भुगतान: {amount}",
  refundProcessed: "{amount} का रिफ़ंड {day} को हो गया",
  refundFailed: "{amount} का रिफ़ंड नहीं भेजा जा सका: हमारी टीम आपको कॉल करेगी",
  refundStarted: "{amount} का रिफ़ंड शुरू हो गया: 5 से 7 कामकाजी दिनों में आपके खाते में आ जाएगा",
  reference: " (रेफ़रेंस {reference})",
  taxInvoice: "टैक्स इनवॉइस {number}",
  credit: "Mates क्रेडिट",
  loadingCredit: "आपका क्रेडिट लोड हो रहा है…",
  creditFailed: "आपका क्रेडिट लोड नहीं हो पाया: {message}",
  toSpend: "<0>{amount}</0> इस्तेमाल के लिए",
  creditRules:
    "क्रेडिट आपकी अगली बुकिंग में अपने-आप कट जाता है, सबसे पुराना पहले। हर क्रेडिट मिलने के दिन से एक साल तक चलता है; इसे कभी कैश में नहीं दिया जाता।",
  history: "क्रेडिट का हिसाब",
  validUntil: " · {day} तक मान्य",
  givenBack: "वापस मिला: {reason}",
  noCredit: "अभी आपके पास कोई Mates क्रेडिट नहीं है।",
  lapsed: "“{reason}” के {amount} {day} को खत्म हो गए।",
});
