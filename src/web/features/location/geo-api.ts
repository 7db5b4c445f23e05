import { LIMITS } from "#domain/constants.ts";
import { type PlaceChoice, placeChoiceSchema, type ReverseAnswer, reverseAnswerSchema } from "#domain/geo.ts";
import { apiGet } from "#web/lib/api-client.ts";
import { errorMessage } from "#web/lib/error-message.ts";

/** GET /api/geo/reverse: the locality at a point; rejects with ApiError 404 when nobody knows it. */
export function fetchReverse(lat: number, lon: number, signal?: AbortSignal): Promise<ReverseAnswer> {
  const query = new URLSearchParams({ lat: lat.toFixed(6), lon: lon.toFixed(6) });
  return apiGet(`/api/geo/reverse?${query}`, reverseAnswerSchema, signal ? { signal } : {});
}

const suggestionsSchema = placeChoiceSchema.array();

/**
 * GET /api/geo/search: at most five places. Spec §8: a failed search is logged to the console and
 * its result is an empty list.
 */
export async function searchPlaces(q: string, signal?: AbortSignal): Promise<PlaceChoice[]> {
  try {
    const found = await apiGet(
      `/api/geo/search?${new URLSearchParams({ q })}`,
      suggestionsSchema,
      signal ? { signal } : {},
    );
    return found.slice(0, LIMITS.locationSuggestions);
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    console.warn("Location search failed:", errorMessage(error, String(error)));
    return [];
  }
}
