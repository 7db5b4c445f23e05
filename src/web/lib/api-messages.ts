import { defineMessages, loadArea } from "#web/i18n/area.ts";
import { activeLocale, i18n } from "#web/i18n/i18n.ts";
import { messages as en } from "./messages/en-IN.ts";

export const apiMessages = defineMessages("api", en, {
  "hi-IN": () => import("./messages/hi-IN.ts"),
  "mr-IN": () => import("./messages/mr-IN.ts"),
});

/** The API client's own words for a failure, in the active language (English when its catalog cannot be had). */
export async function apiFailureText(key: keyof typeof en, values?: Record<string, unknown>): Promise<string> {
  await loadArea(apiMessages, activeLocale());
  return i18n._(`${apiMessages.name}.${key}`, values);
}
