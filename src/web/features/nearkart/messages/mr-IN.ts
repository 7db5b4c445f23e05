import { translation } from "#domain/i18n/messages.ts";
import type { messages as en } from "./en-IN.ts";

export const messages = translation<typeof en>()({
  heading: "त्याच दिवशी डिलिव्हरी",
  slot: "सकाळी 6:00 ते रात्री 9:00 दरम्यान 30 मिनिटांची वेळ निवडा, आज (आतापासून 2 तासांनंतर) किंवा पुढच्या 6 दिवसांपैकी कोणत्याही दिवशी.",
  free: "तुमच्या दारात मोफत डिलिव्हरी; वस्तू दुकानाच्या छापील MRP ला.",
  outOfStock: "एखादी वस्तू स्टॉकमध्ये नसेल तर तिच्याऐवजी दुसरे काही घेण्याआधी मेट तुम्हाला कॉल करतो.",
});
