import { translation } from "#domain/i18n/messages.ts";
import type { messages as en } from "./en-IN.ts";

export const messages = translation<typeof en>()({
  title: "त्योहार",
  description:
    "दिवाली, गणेश चतुर्थी, नवरात्रि, क्रिसमस और मानसून के लिए अपना मुंबई वाला घर एक बार में तैयार करें: हर पैकेज उसकी सर्विस और दुकान का सामान आपके कार्ट में डाल देता है।",
  lead: "मुंबई के त्योहारों के लिए घर एक ही बार में तैयार करें: हर पैकेज ज़रूरी सर्विस और दुकान का सामान आपके कार्ट में डाल देता है, और दिन आप चुनते हैं।",
  loadFailed: "पैकेज लोड नहीं हो पाए।",
  onNow: "अभी चल रहा है",
  comingNext: "अगला त्योहार",
  whenToday: "{day} · आज",
  whenIn: "{day} · {count, plural, one {# दिन में} other {# दिन में}}",
  package: "पैकेज",
  packageNote: "GST शामिल; कार्ट में कुछ भी बदल सकते हैं",
  addPackage: "पैकेज कार्ट में डालें",
  addPackageNamed: "पैकेज कार्ट में डालें: {name}",
  diwaliName: "दिवाली की डीप क्लीनिंग",
  diwaliSummary: "लक्ष्मी पूजा से पहले पूरा फ़्लैट चमकता हुआ, सोफ़ा साफ़ और दरवाज़े पर दीये।",
  ganeshName: "गणपति बाप्पा का स्वागत",
  ganeshSummary: "गणेशोत्सव के दस दिनों के लिए साफ़ घर, ताज़ी मालाएँ और चालू लाइटें।",
  navratriName: "नवरात्रि की तैयारी",
  navratriSummary: "नौ रातों के लिए मालाएँ और मेहमानों के लिए तैयार सोफ़ा।",
  christmasName: "घर पर क्रिसमस",
  christmasSummary: "चमचमाता फ़्लैट, स्टार और लाइटें लगी हुईं, और ईरानी बेकरी का प्लम केक।",
  monsoonName: "मानसून की तैयारी",
  monsoonSummary: "बारिश से पहले: सीलन की जाँच, नालियाँ साफ़ और कीड़े-मकोड़े बाहर।",
});
