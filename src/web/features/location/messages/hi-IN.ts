import { translation } from "#domain/i18n/messages.ts";
import type { messages as en } from "./en-IN.ts";

export const messages = translation<typeof en>()({
  chooseTitle: "अपनी लोकेशन चुनें",
  close: "बंद करें",
  chooseText: "Mates नीचे दिए गए इलाकों में वेरिफ़ाइड मेट भेजता है। अपना इलाका ढूँढें या ब्राउज़र से पता लगवाएँ।",
  searchArea: "अपना इलाका ढूँढें",
  useCurrent: "मेरी अभी की लोकेशन लें",
  areasWeServe: "हम इन इलाकों में आते हैं",
  typeMore: "ढूँढने के लिए कम से कम {count} अक्षर लिखें।",
  noPlaces: "“{query}” से मिलती कोई जगह नहीं है।",
  placesFound: "{count, plural, one {# जगह मिली} other {# जगहें मिलीं}}।",
  placeholder: "जैसे Kandivali West, Mira Road",
  suggestions: "सुझाई गई जगहें",
  unavailableTitle: "सर्विस उपलब्ध नहीं है",
  unavailableText: "माफ़ कीजिए, Mates अभी {city} में उपलब्ध नहीं है।",
  servedSummary:
    "Mates मुंबई के पश्चिमी उपनगरों में अंधेरी से भायंदर तक, और केलवा में काम करता है। बुक करने के लिए इनमें से कोई इलाका अपनी लोकेशन चुनें।",
  ok: "ठीक है",
});
