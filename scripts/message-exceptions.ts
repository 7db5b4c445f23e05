/**
 * Texts that stay as they are in every language (scripts/check-messages.ts): the brand and the
 * names of its service groups, abbreviations people read in Latin letters whatever their
 * language, and units. Each is a whole text as it stands in the markup, trimmed.
 */
export const ENGLISH_ONLY = new Set<string>([
  "Mates",
  "Homekit",
  "Nearkart",
  "Renova",
  "UPI",
  "GST",
  "GSTIN",
  "PAN",
  "IFSC",
  "OTP",
  "PDF",
  "CSV",
  // The mate app (issue 40): tax and payment terms mates read in Latin letters in every language
  // (the glossary keeps TDS), the bank's transfer reference, and the sample PAN of the PAN field.
  "TDS",
  "UPI ID",
  "UTR",
  "ABCDE1234F",
]);
