import { SERVED_AREAS } from "./constants.ts";

export type ServedArea = (typeof SERVED_AREAS)[number];

/**
 * Spec §9 matches served areas by substring. Real place names need more than that (see the
 * gazetteer's README): other spellings (Borivli, Kelve, Bhayander), sub-areas that geocoders return
 * for points inside a suburb (Charkop, Versova, Kashimira…), and names elsewhere in India that merely
 * contain a served name (Maladi, Khandheri, Andherighat). So a name matches a served area when the
 * area or one of its aliases stands in it as whole words, ignoring case, hyphens and dots.
 * A name alone cannot tell Malad in Mumbai from Malad in Pune district: the server decides with
 * the coordinates too (servedAt in server/geo).
 */
export const SERVED_AREA_ALIASES: Record<ServedArea, readonly string[]> = {
  Bhayandar: ["Bhayander", "Uttan", "भाईंदर"],
  "Mira Road": ["Kashimira", "Mira Bhayandar", "Mira Bhayander", "मीरा रोड"],
  Dahisar: ["Ketkipada", "दहिसर"],
  Borivali: ["Borivli", "Gorai", "Eksar", "Magathane", "Shimpoli", "बोरीवली"],
  Kandivali: ["Kandivli", "Charkop", "Poisar", "Thakur Village", "कांदिवली"],
  Malad: ["Malvani", "Marve", "Orlem", "Evershine Nagar", "मालाड"],
  Goregaon: ["Aarey", "Film City", "Bangur Nagar", "गोरेगाव"],
  Jogeshwari: ["Oshiwara", "जोगेश्वरी"],
  Andheri: ["Versova", "Lokhandwala", "Four Bungalows", "Marol", "Chakala", "SEEPZ", "अंधेरी"],
  Kelva: ["Kelve", "Kelwa", "केळवे"],
};

/** Lower case, no diacritics, hyphens, dots and commas as spaces, single spaces. */
export function normalisePlaceName(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[-_.,/()]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

const isLetter = (char: string | undefined) => char !== undefined && /[\p{L}\p{M}\p{N}]/u.test(char);

function containsWords(haystack: string, needle: string): boolean {
  let from = 0;
  for (;;) {
    const at = haystack.indexOf(needle, from);
    if (at < 0) return false;
    if (!isLetter(haystack[at - 1]) && !isLetter(haystack[at + needle.length])) return true;
    from = at + 1;
  }
}

const matchers: [ServedArea, string[]][] = SERVED_AREAS.map((area) => [
  area,
  [area, ...SERVED_AREA_ALIASES[area]].map(normalisePlaceName),
]);

/** The served area a place name names, if any (by name only; see servedAt on the server). */
export function servedAreaOf(name: string | null | undefined): ServedArea | undefined {
  if (!name) return undefined;
  const normalised = normalisePlaceName(name);
  for (const [area, names] of matchers) {
    if (names.some((candidate) => containsWords(normalised, candidate))) return area;
  }
  return undefined;
}
