import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { parse, type Token } from "@messageformat/parser";
import { describe, expect, it } from "vitest";
import { type SourceCatalog, textOf } from "./messages.ts";

/** `?source`: the module as written, not compiled (vite-messages.ts). */

/** Every catalog folder of the project: `…/messages/` holding `en-IN.ts`, `hi-IN.ts`, `mr-IN.ts`. */
function catalogFolders(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (!entry.isDirectory() || entry.name === "node_modules") return [];
    const path = join(dir, entry.name);
    return entry.name === "messages" ? [path] : catalogFolders(path);
  });
}

/** The placeholders, plural/select arguments and markup tags a message uses, sorted. */
function shapeOf(message: string): string[] {
  const found = new Set<string>();
  const visit = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === "argument" || token.type === "function") found.add(`{${token.arg}}`);
      if (token.type === "plural" || token.type === "select" || token.type === "selectordinal") {
        found.add(`{${token.arg}, ${token.type}}`);
        for (const option of token.cases) visit(option.tokens);
      }
    }
  };
  visit(parse(message));
  for (const tag of message.match(/<\/?\d+>|<\d+\/>/g) ?? []) found.add(tag);
  return [...found].sort();
}

const root = join(import.meta.dirname, "../../..");
const folders = catalogFolders(join(root, "src"));

describe("message catalogs", () => {
  it("exist", () => {
    expect(folders.length).toBeGreaterThan(0);
  });

  for (const folder of folders) {
    const name = relative(root, folder);
    it(`${name}: every message in Hindi and Marathi, with the source's placeholders and a note`, async () => {
      const en = ((await import(`${join(folder, "en-IN.ts")}?source`)) as { messages: SourceCatalog }).messages;
      for (const [key, entry] of Object.entries(en)) {
        expect(entry.comment.trim().length, `${name} ${key}: a note for the translator`).toBeGreaterThan(5);
      }
      for (const locale of ["hi-IN", "mr-IN"]) {
        const translated = (
          (await import(`${join(folder, `${locale}.ts`)}?source`)) as { messages: Record<string, string> }
        ).messages;
        expect(Object.keys(translated).sort(), `${name} ${locale}: the same ids`).toEqual(Object.keys(en).sort());
        for (const [key, entry] of Object.entries(en)) {
          const text = translated[key] ?? "";
          expect(text.trim(), `${name} ${locale} ${key}: translated`).not.toBe("");
          expect(shapeOf(text), `${name} ${locale} ${key}: placeholders`).toEqual(shapeOf(textOf(entry)));
        }
      }
    });
  }
});
