import { translation } from "#domain/i18n/messages.ts";
import type { messages as en } from "./en-IN.ts";

export const messages = translation<typeof en>()({
  errorTitle: "काहीतरी चुकले",
  errorText: "हे पेज दाखवता आले नाही. पेज रीलोड केल्यावर बहुतेक वेळा ठीक होते; नाहीतर होम पेजवरून पुन्हा सुरू करा.",
  errorDetails: "तपशील: {detail}",
  reload: "रीलोड करा",
  homePage: "होम पेज",
});
