import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { ENGLISH_ONLY } from "./message-exceptions.ts";

/**
 * No text a customer or a mate reads outside the message catalogs (issue 40, decision 068): this
 * reads every screen of theirs (the web app's .tsx files, less the operators' console, tests and
 * the catalogs themselves) and fails on English written into the markup: JSX text, the
 * attributes people read (aria-label, title, placeholder, alt and the like), a string or template
 * placed as a child, and toasts. What may stay English everywhere (the brand, abbreviations, the
 * product's group names) is listed in message-exceptions.ts. Missing translations are the
 * compiler's to catch (each translation is typed by its English source).
 */

const root = join(import.meta.dirname, "..");
const web = join(root, "src", "web");
const SKIPPED = [
  /[\\/]pages[\\/]ops[\\/]/,
  /[\\/]features[\\/]ops[\\/]/,
  /[\\/]messages[\\/]/,
  /\.test\.tsx$/,
  // The tax invoice is a legal document and stays in English (issue 40).
  /[\\/]features[\\/]payments[\\/]invoice-view\.tsx$/,
  /[\\/]pages[\\/]invoice-page\.tsx$/,
];
const READ_ATTRIBUTES =
  /^(aria-label|aria-description|aria-roledescription|aria-valuetext|title|placeholder|alt|label|description|heading|hint|emptyText|message|subtitle)$/;
const WORDS = /[A-Za-z]{2,}/;

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return files(path);
    return path.endsWith(".tsx") && !SKIPPED.some((pattern) => pattern.test(path)) ? [path] : [];
  });

const allowed = (text: string) => {
  const trimmed = text.replace(/\s+/g, " ").trim();
  return !WORDS.test(trimmed) || ENGLISH_ONLY.has(trimmed);
};

export function hardCodedTexts(path: string): string[] {
  const source = ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const report = (node: ts.Node, text: string) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    found.push(`${relative(root, path)}:${line + 1}: ${JSON.stringify(text.trim().slice(0, 60))}`);
  };
  const literalText = (node: ts.Node): string | null => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
    if (ts.isTemplateExpression(node))
      return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(" ");
    if (ts.isConditionalExpression(node)) return [literalText(node.whenTrue), literalText(node.whenFalse)].join(" ");
    if (ts.isBinaryExpression(node)) return [literalText(node.left), literalText(node.right)].join(" ");
    if (ts.isParenthesizedExpression(node)) return literalText(node.expression);
    return null;
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && !allowed(node.text)) report(node, node.text);
    if (ts.isJsxAttribute(node) && READ_ATTRIBUTES.test(node.name.getText(source)) && node.initializer) {
      const value = ts.isJsxExpression(node.initializer) ? node.initializer.expression : node.initializer;
      const text = value ? literalText(value) : null;
      if (text !== null && !allowed(text)) report(node, text);
    }
    if (ts.isJsxExpression(node) && node.expression && ts.isJsxElement(node.parent)) {
      const text = literalText(node.expression);
      if (text !== null && !allowed(text)) report(node, text);
    }
    if (ts.isCallExpression(node) && /^toast(\.\w+)?$/.test(node.expression.getText(source))) {
      const first = node.arguments[0];
      const text = first ? literalText(first) : null;
      if (text !== null && !allowed(text)) report(node, text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

if (import.meta.main) {
  const found = files(web).flatMap(hardCodedTexts);
  if (found.length > 0) {
    console.error(`English written into ${found.length} place(s) of customers' and mates' screens; use the catalogs:`);
    for (const line of found) console.error(`  ${line}`);
    process.exit(1);
  }
  console.log("check-messages: every text of customers' and mates' screens comes from the catalogs");
}
