import type { ServiceGroup } from "#domain/constants.ts";

/** One line per service group, shown above its services. */
export const GROUP_SUMMARIES: Record<ServiceGroup, string> = {
  Homekit: "Cleaning, repairs and appliance care by mates who come to your home.",
  Nearkart: "Errands from shops near you: a mate buys what you need and brings it to your door.",
  Renova: "Painting, waterproofing, kitchens and full renovations, from site visit to hand-over.",
};
