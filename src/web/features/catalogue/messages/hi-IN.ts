import { translation } from "#domain/i18n/messages.ts";
import type { messages as en } from "./en-IN.ts";

export const messages = translation<typeof en>()({
  fromPrice: "{price} से शुरू",
  groupsLabel: "सर्विस ग्रुप",
  loadFailed: "सर्विस लोड नहीं हो पाईं।",
  noServices: "अभी {group} में कोई सर्विस नहीं है।",
  loadingServices: "सर्विस लोड हो रही हैं…",
});
