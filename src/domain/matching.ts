/** The best free verified mate for a job: nearest home locality to the address, then highest rating. */
/** A new mate has no rating yet (null): ranked after rated mates at the same distance, never excluded. */
export type Candidate = { id: string; lat: number; lon: number; rating: number | null; jobsDone: number };

/** Great-circle distance in kilometres. */
export function kmBetween(aLat: number, aLon: number, bLat: number, bLon: number): number {
  const rad = Math.PI / 180;
  const dLat = (bLat - aLat) * rad;
  const dLon = (bLon - aLon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(aLat * rad) * Math.cos(bLat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/**
 * Candidates in the order they are offered the job: nearer first (to the half kilometre, so that a
 * few hundred metres do not outweigh a much better rating), then higher rating, then more jobs done.
 */
export function rankMates<T extends Candidate>(candidates: readonly T[], at: { lat: number; lon: number }): T[] {
  const band = (mate: Candidate) => Math.round(kmBetween(at.lat, at.lon, mate.lat, mate.lon) * 2);
  return [...candidates].sort(
    (a, b) => band(a) - band(b) || ratingOf(b) - ratingOf(a) || b.jobsDone - a.jobsDone || a.id.localeCompare(b.id),
  );
}

/** For ordering only: no rating yet sorts below every rating (which is at least 1). */
export function ratingOf(mate: { rating: number | null }): number {
  return mate.rating ?? 0;
}

/** A rating as shown: one decimal, or null for a mate nobody has rated yet. */
export function shownRating(rating: number | null): number | null {
  return rating === null ? null : Math.round(rating * 10) / 10;
}
