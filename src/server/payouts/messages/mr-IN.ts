import { translation } from "#domain/i18n/messages.ts";
import type { messages as en } from "./en-IN.ts";

export const messages = translation<typeof en>()({
  changedSubject: "तुमची पेआउटची माहिती बदलली",
  changedText: "Mates तुम्हाला जिथे पैसे पाठवते, ते आत्ताच मेट ॲपमध्ये बदलले आहे.",
  paidTo: "पैसे इथे",
  bankAccount: "बँक अकाउंट {masked} ({ifsc})",
  upiId: "UPI ID {masked}",
  heldUntil: "पुढचा पेआउट तोपर्यंत थांबेल",
  notYou: "हे तुम्ही केले नसेल, तर लगेच आम्हाला कॉल करा: कदाचित कोणाकडे तुमचे लॉग इन आहे. तोपर्यंत तुमचा पुढचा पेआउट थांबवला आहे.",
});
