import { z } from "zod";

/** `GET /api/geo/reverse?lat=&lon=`: the locality at a point, and whether Mates serves it (spec §9). */
export const reverseAnswerSchema = z.object({
  city: z.string().min(1),
  served: z.boolean(),
  source: z.enum(["google", "nominatim", "gazetteer"]),
});
export type ReverseAnswer = z.infer<typeof reverseAnswerSchema>;

/** One suggestion of `GET /api/geo/search?q=` (at most five, spec §9). */
export const placeSuggestionSchema = z.object({
  name: z.string(),
  displayName: z.string(),
  lat: z.number(),
  lon: z.number(),
});
export type PlaceSuggestion = z.infer<typeof placeSuggestionSchema>;

/**
 * A suggestion as the API gives it: with whether an address there is served (spec §9, decided by
 * the server from the name and the distance), so a form can say so the moment a place is chosen.
 */
export const placeChoiceSchema = placeSuggestionSchema.extend({ served: z.boolean() });
export type PlaceChoice = z.infer<typeof placeChoiceSchema>;

/**
 * A generous rectangle around India, from Indira Point (6.75° N, Great Nicobar) to the northern
 * frontier (~37° N), and from Gujarat's western tip (~68.2° E) to Arunachal Pradesh (~97.4° E). It
 * holds Lakshadweep and the Andaman & Nicobar Islands, and, being a rectangle, parts of the
 * neighbouring countries too: it keeps the geocoders from being asked about the rest of the world,
 * it is not a border.
 */
export const INDIA_BOUNDS = { south: 6.5, north: 37.5, west: 68, east: 97.5 } as const;

export function isInIndia(lat: number, lon: number): boolean {
  return lat >= INDIA_BOUNDS.south && lat <= INDIA_BOUNDS.north && lon >= INDIA_BOUNDS.west && lon <= INDIA_BOUNDS.east;
}

export const OUTSIDE_INDIA_MESSAGE = "Mates looks up places in India only, and this point is outside India.";
