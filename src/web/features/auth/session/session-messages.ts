import { defineMessages, loadArea } from "#web/i18n/area.ts";
import { activeLocale, i18n } from "#web/i18n/i18n.ts";
import { messages as en } from "./messages/en-IN.ts";

export const sessionMessages = defineMessages("auth-session", en, {
  "hi-IN": () => import("./messages/hi-IN.ts"),
  "mr-IN": () => import("./messages/mr-IN.ts"),
});

type Key = keyof typeof en;

/**
 * A session text outside React (a toast, an error thrown from the sign-in flow), in the active
 * language; its catalog is fetched first if this language has not needed it yet (English is bundled).
 */
export async function sessionText(key: Key, values?: Record<string, unknown>): Promise<string> {
  const locale = activeLocale();
  await loadArea(sessionMessages, locale).catch(() => undefined);
  return i18n._(`${sessionMessages.name}.${key}`, values);
}
