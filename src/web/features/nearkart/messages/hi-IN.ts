import { translation } from "#domain/i18n/messages.ts";
import type { messages as en } from "./en-IN.ts";

export const messages = translation<typeof en>()({
  heading: "उसी दिन डिलीवरी",
  slot: "सुबह 6:00 से रात 9:00 बजे के बीच 30 मिनट का समय चुनें, आज (अभी से 2 घंटे बाद से) या अगले 6 दिनों में से किसी भी दिन।",
  free: "आपके दरवाज़े तक मुफ़्त डिलीवरी; सामान दुकान के छपे MRP पर।",
  outOfStock: "कोई सामान स्टॉक में न हो तो उसकी जगह कुछ और लेने से पहले मेट आपको कॉल करता है।",
});
