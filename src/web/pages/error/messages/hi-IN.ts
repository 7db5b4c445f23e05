import { translation } from "#domain/i18n/messages.ts";
import type { messages as en } from "./en-IN.ts";

export const messages = translation<typeof en>()({
  errorTitle: "कुछ गड़बड़ हो गई",
  errorText: "यह पेज दिखाया नहीं जा सका। पेज रीलोड करने से अक्सर ठीक हो जाता है; नहीं तो होम पेज से फिर शुरू करें।",
  errorDetails: "जानकारी: {detail}",
  reload: "रीलोड करें",
  homePage: "होम पेज",
});
