/**
 * A whole number in Indian digit grouping, as `Intl.NumberFormat("en-IN")` writes it: the last
 * three digits, then pairs ("12,34,567"); a fraction is rounded half away from zero and negative zero
 * keeps its sign, as Intl does. Made for amounts of money: what String() writes with an exponent or
 * without digits (1e21 and up, Infinity, NaN) is returned as it writes it.
 *
 * Written out rather than asked of Intl because a page's first Intl call loads the browser's ICU
 * data: 12–33 ms in this machine's Chromium, four times that on the phone Lighthouse simulates, and
 * the prices on the home page's service cards were one of the two Intl calls its first screen made
 * (issue 15; docs/benchmarks.md, "the start-up's long tasks").
 */
export function groupIndian(value: number): string {
  const digits = String(Math.round(Math.abs(value)));
  const sign = value < 0 || Object.is(value, -0) ? "-" : "";
  if (digits.length <= 3 || !/^\d+$/.test(digits)) return `${sign}${digits}`;
  const head = digits.slice(0, -3);
  const pairs = head.replace(/\B(?=(\d{2})+$)/g, ",");
  return `${sign}${pairs},${digits.slice(-3)}`;
}
