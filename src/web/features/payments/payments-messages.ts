import { defineMessages, loadArea } from "#web/i18n/area.ts";
import { activeLocale, i18n } from "#web/i18n/i18n.ts";
import { messages as en } from "./messages/en-IN.ts";

export const paymentsMessages = defineMessages("payments", en, {
  "hi-IN": () => import("./messages/hi-IN.ts"),
  "mr-IN": () => import("./messages/mr-IN.ts"),
});

export type PaymentsKey = keyof typeof en;

/** A payments text outside React (Checkout's outcomes), in the active language, its catalog fetched first. */
export async function paymentsText(key: PaymentsKey, values?: Record<string, unknown>): Promise<string> {
  await loadArea(paymentsMessages, activeLocale()).catch(() => undefined);
  return i18n._(`${paymentsMessages.name}.${key}`, values);
}
