import { pathToFileURL } from "node:url";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import type { Plugin } from "vite";
import { type SourceMessage, textOf } from "./src/domain/i18n/messages.ts";

/** A catalog module of the web app: `src/web/…/messages/<locale>.ts` (decision 068). */
export const WEB_CATALOG = /[\\/]src[\\/]web[\\/](?:.+[\\/])?messages[\\/](?:en-IN|hi-IN|mr-IN)\.ts$/;

/**
 * Compiles the web app's message catalogs at build time: a catalog module (its English source with
 * translators' notes, or a translation) becomes `export const messages = { key: compiled }`, Lingui's
 * compiled form, so the page carries no MessageFormat parser and no notes. The module is run in
 * Node (types stripped) to read it: catalogs are data, with no imports but types and
 * `#domain/i18n/messages.ts`.
 */
export function compiledMessages(): Plugin {
  return {
    name: "mates-compiled-messages",
    enforce: "pre",
    async load(id) {
      const [file = id, query] = id.split("?");
      // `?source` asks for the module as written (the catalogs' unit test reads the notes).
      if (!WEB_CATALOG.test(file) || query === "source") return null;
      this.addWatchFile(file);
      const module = (await import(`${pathToFileURL(file).href}?at=${Date.now()}`)) as {
        messages: Record<string, SourceMessage | string>;
      };
      const compiled: Record<string, unknown> = {};
      for (const [key, entry] of Object.entries(module.messages)) {
        try {
          compiled[key] = compileMessage(textOf(entry));
        } catch (error) {
          this.error(`${file}: message "${key}" is not valid MessageFormat: ${String(error)}`);
        }
      }
      return { code: `export const messages = ${JSON.stringify(compiled)};`, map: null };
    },
  };
}
