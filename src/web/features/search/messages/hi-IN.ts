import { translation } from "#domain/i18n/messages.ts";
import type { messages as en } from "./en-IN.ts";

export const messages = translation<typeof en>()({
  label: "सर्विस ढूँढें",
  region: "सर्विस खोज",
  placeholder: "सर्विस ढूँढें, जैसे प्लंबर",
  suggestions: "सुझाई गई सर्विस",
  loadFailed: "सर्विस लोड नहीं हो पाईं। कृपया फिर से कोशिश करें।",
  noMatch: "“{query}” से मिलती कोई सर्विस नहीं है।",
  found: "{count, plural, one {# सर्विस मिली} other {# सर्विस मिलीं}}।",
});
