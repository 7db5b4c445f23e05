import type { CartLine } from "./cart.ts";
import { kolkataDay } from "./kolkata-time.ts";

/**
 * Seasonal packages for Mumbai's festivals: what each includes (catalogue options, so the cart
 * and the booking price them), and the festival's dates. Dates are the festival day in Asia/Kolkata
 * for the years the product plans for; a festival is "on now" from `leadDays` before its day.
 */
export type Festival = {
  id: string;
  name: string;
  /** One line under the name. */
  summary: string;
  /** YYYY-MM-DD, the festival day (for monsoon-proofing: the usual onset of the rains in Mumbai). */
  dates: readonly string[];
  /** Days before the date from which the package is worth booking. */
  leadDays: number;
  lines: readonly CartLine[];
};

export const FESTIVALS: readonly Festival[] = [
  {
    id: "diwali",
    name: "Diwali deep cleaning",
    summary: "The whole flat scrubbed, the sofa fresh and diyas at the door before Lakshmi Puja.",
    dates: ["2026-11-08", "2027-10-29", "2028-10-17"],
    leadDays: 30,
    lines: [
      { service: "deep-cleaning", option: "2-bhk", quantity: 1 },
      { service: "sofa-cleaning", option: "5-seater", quantity: 1 },
      { service: "flowers-and-puja-items", option: "diya-set", quantity: 1 },
    ],
  },
  {
    id: "ganesh-chaturthi",
    name: "Ganesh Chaturthi welcome",
    summary: "A clean home, fresh garlands and working lights for the ten days of Ganeshotsav.",
    dates: ["2026-09-14", "2027-09-04", "2028-08-23"],
    leadDays: 21,
    lines: [
      { service: "deep-cleaning", option: "1-bhk", quantity: 1 },
      { service: "electrician", option: "light-fitting", quantity: 1 },
      { service: "flowers-and-puja-items", option: "marigold-garland", quantity: 4 },
      { service: "flowers-and-puja-items", option: "coconut", quantity: 1 },
    ],
  },
  {
    id: "navratri",
    name: "Navratri ready",
    summary: "Garlands for the nine nights and a sofa that can take the guests.",
    dates: ["2026-10-11", "2027-09-30", "2028-09-19"],
    leadDays: 14,
    lines: [
      { service: "sofa-cleaning", option: "3-seater", quantity: 1 },
      { service: "flowers-and-puja-items", option: "marigold-garland", quantity: 2 },
      { service: "flowers-and-puja-items", option: "agarbatti-pack", quantity: 1 },
      { service: "flowers-and-puja-items", option: "camphor-tablets", quantity: 1 },
    ],
  },
  {
    id: "christmas",
    name: "Christmas at home",
    summary: "A sparkling flat, the star and lights up, and plum cake from the Irani bakery.",
    dates: ["2026-12-25", "2027-12-25", "2028-12-25"],
    leadDays: 30,
    lines: [
      { service: "deep-cleaning", option: "2-bhk", quantity: 1 },
      { service: "electrician", option: "light-fitting", quantity: 1 },
      { service: "bakery", option: "plum-cake-500g", quantity: 1 },
    ],
  },
  {
    id: "monsoon",
    name: "Monsoon-proofing",
    summary: "Before the rains: seepage checked, drains cleared and pests kept out.",
    dates: ["2026-06-10", "2027-06-10", "2028-06-10"],
    leadDays: 60,
    lines: [
      { service: "site-visit", option: "waterproofing", quantity: 1 },
      { service: "plumber", option: "drain-blockage", quantity: 1 },
      { service: "pest-control", option: "cockroach-ant-2-bhk", quantity: 1 },
    ],
  },
];

const DAY_MS = 24 * 60 * 60 * 1000;
const dayNumber = (isoDate: string) => Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS;

export type FestivalOccurrence = {
  festival: Festival;
  date: string;
  /** Days from today to the festival day (0 on the day). */
  daysAway: number;
  /** Inside its booking window now. */
  onNow: boolean;
};

/**
 * The next occurrence of each festival, the ones on now first, then by date. A festival whose day
 * has passed this year moves to its next year's date; one with no date left is left out.
 */
export function upcomingFestivals(now: Date, festivals: readonly Festival[] = FESTIVALS): FestivalOccurrence[] {
  const today = dayNumber(kolkataDay(now));
  const occurrences: FestivalOccurrence[] = [];
  for (const festival of festivals) {
    const date = festival.dates.find((candidate) => dayNumber(candidate) >= today);
    if (!date) continue;
    const daysAway = dayNumber(date) - today;
    occurrences.push({ festival, date, daysAway, onNow: daysAway <= festival.leadDays });
  }
  return occurrences.sort((a, b) => Number(b.onNow) - Number(a.onNow) || a.daysAway - b.daysAway);
}
