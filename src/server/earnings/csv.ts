/**
 * CSV an accountant opens in Excel (RFC 4180): fields with a comma, a quote or a line break are
 * quoted and their quotes doubled, lines end CRLF, and the file starts with a UTF-8 byte-order mark
 * so Excel reads ₹ and names in Indian scripts as UTF-8.
 */
export const BOM = "\uFEFF";

/**
 * A text a spreadsheet would run as a formula (=, +, @, a tab, or - not followed by a digit): a name
 * typed by an applicant or a reason typed by an operator is shown as text, with a leading apostrophe.
 * Amounts ("-12.50") stay numbers.
 */
const FORMULA = /^(?:[=+@\t\r]|-(?!\d))/;

export function csvField(value: string | number | null | undefined): string {
  const raw = value === null || value === undefined ? "" : String(value);
  const text = typeof value === "string" && FORMULA.test(raw) ? `'${raw}` : raw;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (fields: readonly (string | number | null | undefined)[]) =>
  `${fields.map(csvField).join(",")}\r\n`;

/** A whole CSV file: the mark, the header, the rows. */
export const csvFile = (header: readonly string[], rows: readonly (readonly (string | number | null)[])[]) =>
  BOM + csvLine(header) + rows.map(csvLine).join("");

/** The answer's headers for a CSV download named `filename`. */
export const csvHeaders = (filename: string) => ({
  "content-type": "text/csv; charset=utf-8",
  "content-disposition": `attachment; filename="${filename}"`,
});
