/**
 * Spec §3: the user key is the full name with whitespace removed, followed by the current year and
 * month as YYYYMM. A Google user with no name uses "user" in place of the name. The month is
 * Mumbai's (Asia/Kolkata), whatever zone the server runs in.
 */

const yearMonth = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata", year: "numeric", month: "2-digit" });

export function keyMonth(at: Date): string {
  const parts = yearMonth.formatToParts(at);
  const year = parts.find((part) => part.type === "year")?.value ?? "";
  const month = parts.find((part) => part.type === "month")?.value ?? "";
  return `${year}${month}`;
}

export function userKeyBase(fullName: string | null | undefined, at: Date): string {
  const name = (fullName ?? "").replace(/\s+/g, "");
  return `${name === "" ? "user" : name}${keyMonth(at)}`;
}

/**
 * The key for the n-th person (n ≥ 1) whose base key is the same: the first keeps the spec's key,
 * later ones get a numeric suffix, so nobody ever gets someone else's record.
 */
export function userKeyCandidate(base: string, n: number): string {
  return n <= 1 ? base : `${base}-${n}`;
}
