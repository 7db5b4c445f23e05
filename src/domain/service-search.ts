import { LIMITS } from "./constants.ts";

/**
 * Service search (spec §5, §9): suggestions start at 2 characters, at most 6 of them.
 * Matches on titles, case-insensitive, and forgives small typos ("plumbr" finds Plumber).
 *
 * Ranking, best first:
 *   0 exact prefix   — the title starts with the query ("ac" → "AC Service and Repair")
 *   1 word prefix    — every query word starts a word of the title ("clean" → "Sofa Cleaning")
 *   2 substring      — the query appears inside the title ("ning" → "Deep Cleaning")
 *   3 fuzzy          — every query word is within a small edit distance of a title word
 *                      (or of its beginning): ≤1 edit for words of 4–6 letters, ≤2 from 7 letters.
 * Ties: smaller edit distance, earlier match position, shorter title, catalogue order.
 *
 * With aliases (search-aliases.ts: what Mumbai types, in Devanagari and in Latin letters, issue 40)
 * a service also matches by each of its aliases and, when the screen shows another language, by
 * its English title (`englishTitle`, ranked as a title). Title prefix matches come first, then
 * alias prefix matches, then inner and fuzzy matches of titles, then of aliases (`tierOf`).
 * Words that only say "the one
 * who does it" ("nal wala", "बिजली वाला") or "I need" are left out of the query when others remain.
 */

type Titled = { readonly title: string; readonly name?: string; readonly englishTitle?: string | undefined };
export type SearchAliases = Readonly<Record<string, readonly string[]>>;

/**
 * Where a match stands among all: a title's prefix matches (ranks 0 and 1) first, then an alias's,
 * then a title's inner and fuzzy matches (2 and 3), then an alias's. What a title starts with is
 * never pushed down by an alias; a word people type for a trade comes before a look-alike inside
 * another title (पेंटर inside कारपेंटर, सीलन one letter from सीलिंग).
 */
function tierOf(rank: number, alias: boolean): number {
  const prefix = rank < 2;
  return (prefix ? 0 : 4) + (alias ? 2 : 0) + (rank % 2);
}

/** Words around a trade that say nothing of which one: "wala", "चाहिए", "ka"… */
const FILLER_WORDS = [
  "wala",
  "wale",
  "wali",
  "waala",
  "waale",
  "vala",
  "walla",
  "bhaiya",
  "chahiye",
  "pahije",
  "ka",
  "ki",
  "ke",
  "ko",
  "वाला",
  "वाले",
  "वाली",
  "वाल्या",
  "चाहिए",
  "पाहिजे",
  "हवा",
  "हवी",
  "का",
  "की",
  "के",
  "को",
  "ची",
  "चा",
  "चे",
];
/** Folded as the query is (./searchWords: "वाली" is typed and compared as "वालि"). */
const FILLER = new Set(FILLER_WORDS.flatMap((word) => searchWords(word)));

type Scored<T> = { item: T; rank: number; distance: number; position: number; index: number };

/**
 * Lowercase words of a text; punctuation and hyphens separate words ("Full-Home" → full, home).
 * Devanagari is folded the way people type it loosely: no nukta (फ़ = फ), chandrabindu as
 * anusvara, long ई and ऊ signs as short ones.
 */
export function searchWords(text: string): string[] {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f\u093c]/g, "")
    .replace(/\u0901/g, "\u0902")
    .replace(/\u0940/g, "\u093f")
    .replace(/\u0942/g, "\u0941")
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

/** The query's words without filler, unless nothing else is left. */
function meaningfulWords(words: string[]): string[] {
  const kept = words.filter((word) => !FILLER.has(word));
  return kept.length > 0 ? kept : words;
}

/** Edits allowed for a query word of this length: none under 4 letters, 1 up to 6, 2 from 7. */
export function allowedTypos(wordLength: number): number {
  if (wordLength >= 7) return 2;
  if (wordLength >= 4) return 1;
  return 0;
}

/**
 * Optimal string alignment distance (Damerau-Levenshtein with adjacent transpositions):
 * insertions, deletions, substitutions and swaps of neighbours each cost 1.
 * Gives up early and returns max + 1 when the distance is certainly above max.
 */
export function editDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row: number[] = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const previous = rows[i - 1] as number[];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] as number) + 1, (row[j - 1] as number) + 1, (previous[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      }
      row.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (i > 0 && rowMin > max) return max + 1;
    rows.push(row);
  }
  return (rows[a.length] as number[])[b.length] as number;
}

/**
 * Smallest distance between a query word and a title word, also comparing against the title
 * word's beginning so that a half-typed word with a typo still matches ("cleen" → "cleaning").
 */
function wordDistance(queryWord: string, titleWord: string, max: number): number {
  let best = editDistance(queryWord, titleWord, max);
  for (let length = queryWord.length - 1; length <= queryWord.length + 1 && best > 0; length++) {
    if (length < 1 || length >= titleWord.length) continue;
    best = Math.min(best, editDistance(queryWord, titleWord.slice(0, length), max));
  }
  return best;
}

/** Total edits for the fuzzy rank, or undefined when some query word matches no title word. */
function fuzzyDistance(queryWords: string[], titleWords: string[]): number | undefined {
  let total = 0;
  for (const queryWord of queryWords) {
    const max = allowedTypos(queryWord.length);
    let best = max + 1;
    for (const titleWord of titleWords) {
      if (titleWord.startsWith(queryWord)) {
        best = 0;
        break;
      }
      if (max > 0) best = Math.min(best, wordDistance(queryWord, titleWord, max));
    }
    if (best > max) return undefined;
    total += best;
  }
  return total;
}

function score<T extends Titled>(
  item: T,
  text: string,
  index: number,
  query: string,
  queryWords: string[],
): Scored<T> | undefined {
  const title = searchWords(text).join(" ");
  const titleWords = title.split(" ");
  if (title.startsWith(query)) return { item, rank: 0, distance: 0, position: 0, index };

  const wordStarts = queryWords.map((word) => titleWords.findIndex((titleWord) => titleWord.startsWith(word)));
  if (wordStarts.every((position) => position >= 0)) {
    return { item, rank: 1, distance: 0, position: Math.min(...wordStarts), index };
  }

  const at = title.indexOf(query);
  if (at >= 0) return { item, rank: 2, distance: 0, position: at, index };

  const distance = fuzzyDistance(queryWords, titleWords);
  if (distance !== undefined) return { item, rank: 3, distance, position: 0, index };
  return undefined;
}

/** The better of two matches of one service (the title's and an alias's, ranks already tiered). */
function better<T>(a: Scored<T> | undefined, b: Scored<T> | undefined): Scored<T> | undefined {
  if (!a || !b) return a ?? b;
  return b.rank < a.rank || (b.rank === a.rank && b.distance < a.distance) ? b : a;
}

/**
 * Services whose titles (or aliases, keyed by the services' names) match the query, best first.
 * Returns [] for queries shorter than LIMITS.serviceSearchMinChars (after trimming) and never
 * more than `limit` results.
 */
export function searchServices<T extends Titled>(
  services: readonly T[],
  query: string,
  limit: number = LIMITS.serviceSuggestions,
  aliases: SearchAliases = {},
): T[] {
  const trimmed = query.trim();
  if (trimmed.length < LIMITS.serviceSearchMinChars) return [];
  const queryWords = meaningfulWords(searchWords(trimmed));
  if (queryWords.length === 0) return [];
  const normalized = queryWords.join(" ");

  const scored: Scored<T>[] = [];
  services.forEach((service, index) => {
    const tiered = (found: Scored<T> | undefined, alias: boolean) =>
      found && { ...found, rank: tierOf(found.rank, alias) };
    let result = tiered(score(service, service.title, index, normalized, queryWords), false);
    if (service.englishTitle) {
      result = better(result, tiered(score(service, service.englishTitle, index, normalized, queryWords), false));
    }
    for (const alias of (service.name && aliases[service.name]) || []) {
      result = better(result, tiered(score(service, alias, index, normalized, queryWords), true));
    }
    if (result) scored.push(result);
  });
  scored.sort(
    (a, b) =>
      a.rank - b.rank ||
      a.distance - b.distance ||
      a.position - b.position ||
      a.item.title.length - b.item.title.length ||
      a.index - b.index,
  );
  return scored.slice(0, Math.max(0, limit)).map((entry) => entry.item);
}
