import type { RatingTag } from "#domain/rating.ts";
import { defineMessages } from "#web/i18n/area.ts";
import { messages as en } from "./messages/en-IN.ts";

export const ratingsMessages = defineMessages("ratings", en, {
  "hi-IN": () => import("./messages/hi-IN.ts"),
  "mr-IN": () => import("./messages/mr-IN.ts"),
});

/** A rating tag's message (domain/rating.ts TAG_TEXT is its English). */
export const TAG_KEY: Record<RatingTag, keyof typeof en> = {
  on_time: "tagOnTime",
  polite: "tagPolite",
  quality: "tagQuality",
  cleaned_up: "tagCleanedUp",
};
