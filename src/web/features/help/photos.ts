import { i18n } from "#web/i18n/i18n.ts";
import { helpMessages } from "./help-messages.ts";
import type { messages } from "./messages/en-IN.ts";

type HelpKey = keyof typeof messages;

/** A help text outside a hook; the help catalog is loaded, since PhotoField (useT) drew in this language. */
const helpText = (key: HelpKey, values: Record<string, unknown>) => i18n._(`${helpMessages.name}.${key}`, values);

/**
 * A quick check of photos in the browser, so a wrong one is named before it is sent; the server
 * decides by their bytes. Re-work and help take photos by the same rules. Said in the active language.
 */
export function photoProblem(
  photos: readonly File[],
  rules: { maxPhotos: number; maxPhotoBytes: number },
): string | undefined {
  const mb = rules.maxPhotoBytes / (1024 * 1024);
  if (photos.length > rules.maxPhotos) return helpText("tooMany", { count: rules.maxPhotos });
  const wrong = photos.find((photo) => !/\.(jpe?g|png)$/i.test(photo.name));
  if (wrong) return helpText("notPhoto", { name: wrong.name });
  const big = photos.find((photo) => photo.size > rules.maxPhotoBytes);
  if (big) return helpText("tooBig", { name: big.name, mb });
  return undefined;
}
