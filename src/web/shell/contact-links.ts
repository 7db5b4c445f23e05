/** "+91 22 4890 1100" → "tel:+912248901100". */
export function telHref(number: string): string {
  return `tel:${number.replace(/[^\d+]/g, "")}`;
}
