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
