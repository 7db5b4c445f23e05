import { readFileSync } from "node:fs";
import { z } from "zod";
import { normalisePlaceName } from "#domain/served-area.ts";

const entrySchema = z.object({
  name: z.string(),
  alternateNames: z.array(z.string()),
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
  pincodes: z.array(z.string().regex(/^\d{6}$/)),
  district: z.string(),
  served: z.boolean(),
});
export type Locality = z.infer<typeof entrySchema>;

const EARTH_KM = 6371;
const rad = (deg: number) => (deg * Math.PI) / 180;

export function distanceKm(aLat: number, aLon: number, bLat: number, bLon: number): number {
  const dLat = rad(bLat - aLat);
  const dLon = rad(bLon - aLon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(aLat)) * Math.cos(rad(bLat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.sqrt(h));
}

export type Gazetteer = ReturnType<typeof createGazetteer>;

/** The built-in gazetteer: nearest locality, pincode lookup and name search, all offline. */
export function createGazetteer(localities: Locality[]) {
  const names = localities.map((locality) => ({
    locality,
    keys: [locality.name, ...locality.alternateNames].map(normalisePlaceName),
  }));

  return {
    localities,
    /** The nearest locality within maxKm, or undefined. */
    nearest(lat: number, lon: number, maxKm = 3): (Locality & { km: number }) | undefined {
      let best: (Locality & { km: number }) | undefined;
      for (const locality of localities) {
        const km = distanceKm(lat, lon, locality.lat, locality.lon);
        if (km <= maxKm && (!best || km < best.km)) best = { ...locality, km };
      }
      return best;
    },
    byPostcode(postcode: string | undefined): Locality | undefined {
      if (!postcode) return undefined;
      const pin = postcode.replace(/\s/g, "");
      return localities.find((locality) => locality.pincodes.includes(pin));
    },
    byName(name: string): Locality | undefined {
      const key = normalisePlaceName(name);
      return names.find((entry) => entry.keys.includes(key))?.locality;
    },
    /** Localities whose name or alternate name starts with, or has a word starting with, the query. */
    search(query: string, limit: number): Locality[] {
      const q = normalisePlaceName(query);
      if (!q) return [];
      const scored: { locality: Locality; score: number }[] = [];
      for (const { locality, keys } of names) {
        let score = 0;
        for (const key of keys) {
          if (key === q) score = Math.max(score, 3);
          else if (key.startsWith(q)) score = Math.max(score, 2);
          else if (key.split(" ").some((word) => word.startsWith(q))) score = Math.max(score, 1);
        }
        if (score > 0) scored.push({ locality, score: score + (locality.served ? 0.5 : 0) });
      }
      return scored
        .sort((a, b) => b.score - a.score || a.locality.name.localeCompare(b.locality.name))
        .slice(0, limit)
        .map((entry) => entry.locality);
    },
  };
}

export function loadGazetteer(): Gazetteer {
  const raw: unknown = JSON.parse(readFileSync(new URL("./data/mumbai-localities.json", import.meta.url), "utf8"));
  return createGazetteer(entrySchema.array().parse(raw));
}
