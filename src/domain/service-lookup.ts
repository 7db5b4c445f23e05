import type { Catalogue, Service } from "./catalogue.ts";
import type { ServiceGroup } from "./constants.ts";

/** Every service of the catalogue, in group order. */
export function allServices(catalogue: Catalogue): Service[] {
  return catalogue.groups.flatMap((group) => group.services);
}

function normalise(text: string): string {
  let decoded = text;
  try {
    decoded = decodeURIComponent(text);
  } catch {
    // Keep the raw text when it is not valid percent-encoding.
  }
  return decoded
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, " ");
}

/**
 * The service a URL segment names: its URL name ("home-painting") or its title
 * ("Home Painting", "home%20painting"; in another language its English title too, or the
 * translated one), case-insensitive. With a group, only that group's
 * services count (/renova/{service}, /nearkart/{serviceTitle}).
 */
export function findService(catalogue: Catalogue, segment: string, group?: ServiceGroup): Service | undefined {
  const wanted = normalise(segment);
  if (wanted.length === 0) return undefined;
  return allServices(catalogue).find(
    (service) =>
      (group === undefined || service.group === group) &&
      (normalise(service.name) === wanted ||
        normalise(service.title) === wanted ||
        (service.englishTitle !== undefined && normalise(service.englishTitle) === wanted)),
  );
}
