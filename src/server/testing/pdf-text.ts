import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

/** The text of a PDF, page by page, as pdf.js reads it (tests check what an invoice says). */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const fonts = `${dirname(fileURLToPath(import.meta.resolve("pdfjs-dist/package.json")))}/standard_fonts/`;
  const document = await getDocument({ data: bytes, standardFontDataUrl: fonts }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= document.numPages; n++) {
    const content = await (await document.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ("str" in item ? item.str : "")).join(""));
  }
  return pages.join("\n");
}
