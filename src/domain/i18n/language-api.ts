import { z } from "zod";
import { LOCALES } from "./locales.ts";

/** `GET`/`PUT /api/me/language`: the language a signed-in person's mails and pushes go out in. */
export const languageSchema = z.strictObject({
  locale: z.enum(LOCALES, { error: `The language must be one of ${LOCALES.join(", ")}.` }),
});
export type LanguageBody = z.infer<typeof languageSchema>;
