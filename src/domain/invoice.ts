import { z } from "zod";
import { BOOKING_RULES } from "./booking.ts";
import type { ServiceGroup } from "./constants.ts";
import { stateCodeOfGstin, stateNameOf } from "./gstin.ts";
import { kolkataDay } from "./kolkata-time.ts";

/**
 * Tax invoices (issue 17): every paid job gets one. Prices include GST at 18 %; the invoice shows
 * each line's taxable value and tax, CGST and SGST when the seller's state is the place of supply
 * (`placeOfSupply`) and IGST otherwise, the buyer's GSTIN when they book for a business, the total in words,
 * and a number from a gap-free series per financial year (decision record 032).
 */

/**
 * The state of every served address (the Mumbai area): where the services are performed, and the
 * place of supply of those in relation to the home itself.
 */
export const SERVED_STATE = { state: "Maharashtra", code: "27" } as const;

/**
 * How the place of supply of a service is decided (IGST Act, section 12; decision record 053):
 * - `property`: a service directly in relation to immovable property (cleaning a home or office,
 *   pest control, electrical, plumbing and carpentry work, painting, renovation, interior design
 *   and its site visits) is supplied where the property is: the booking's address (section 12(3)),
 *   whoever the buyer is.
 * - `goods`: a service on movable things (an AC's service, an appliance's repair, a sofa's
 *   cleaning) follows the general rule: to a registered buyer, the state of their GSTIN; to anyone
 *   else, the address on record, the booking's (section 12(2)).
 * - `delivery`: a local delivery (Nearkart) is transport of goods: to a registered buyer, the state
 *   of their GSTIN; to anyone else, where the goods are handed over, a shop in the Mumbai area
 *   (section 12(8)).
 */
export type SupplyKind = "property" | "goods" | "delivery";

const SERVICES_ON_GOODS = new Set(["ac-service", "appliance-repair", "sofa-cleaning"]);

export function supplyKindOf(service: string, group: string): SupplyKind {
  if (group === "Nearkart") return "delivery";
  return SERVICES_ON_GOODS.has(service) ? "goods" : "property";
}

export type StateOfSupply = { state: string; code: string };

/**
 * The place of supply of a job at a served address: the address's state, unless the service is not
 * tied to the property and the buyer gave a GSTIN, whose state it then is.
 */
export function placeOfSupply(kind: SupplyKind, buyerGstin: string | undefined): StateOfSupply {
  if (kind === "property" || !buyerGstin) return SERVED_STATE;
  const code = stateCodeOfGstin(buyerGstin);
  return { state: stateNameOf(code) ?? code, code };
}

/** April to March in Kolkata: "2026-27" for any day from 1 April 2026 to 31 March 2027. */
export function financialYear(at: Date): string {
  const [year, month] = kolkataDay(at).split("-").map(Number) as [number, number];
  const first = month >= 4 ? year : year - 1;
  return `${first}-${String((first + 1) % 100).padStart(2, "0")}`;
}

/**
 * "MT/26-27/000042": at most 16 characters, as GST invoices must be (rule 46), unique within the
 * financial year and consecutive.
 */
export function invoiceNumber(fy: string, sequence: number): string {
  if (!Number.isInteger(sequence) || sequence < 1 || sequence > 999_999) {
    throw new RangeError("An invoice sequence runs from 1 to 999999 within a financial year.");
  }
  return `MT/${fy.slice(2)}/${String(sequence).padStart(6, "0")}`;
}

/** "MT/26-27/000042" ⇄ "MT-26-27-000042", the form that fits in a URL path. */
export const invoiceSlug = (number: string) => number.replaceAll("/", "-");
export function numberOfSlug(slug: string): string | undefined {
  const match = /^MT-(\d{2}-\d{2})-(\d{6})$/.exec(slug);
  return match ? `MT/${match[1]}/${match[2]}` : undefined;
}

/**
 * The Services Accounting Code of each service, at the 4-digit heading (enough for a business
 * under ₹5 crore of turnover): 9985 support services (cleaning, pest control), 9987 maintenance
 * and repair, 9954 construction (installation, finishing, renovation), 9983 professional services
 * (design, site visits), 9968 local delivery (Nearkart).
 */
const SAC_BY_SERVICE: Record<string, string> = {
  "ac-service": "9987",
  "appliance-repair": "9987",
  electrician: "9954",
  plumber: "9954",
  carpenter: "9954",
  "interior-design": "9983",
  "site-visit": "9983",
};
const SAC_BY_GROUP: Record<ServiceGroup, string> = { Homekit: "9985", Renova: "9954", Nearkart: "9968" };

export function sacOf(service: string, group: string): string {
  return SAC_BY_SERVICE[service] ?? SAC_BY_GROUP[group as ServiceGroup] ?? "9985";
}

export type TaxSplit = {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
};

/**
 * A GST-inclusive amount split into its taxable value and tax, in whole paise: the taxable value is
 * rounded, the tax is the rest, so the parts always add up to the amount. Within a state the tax is
 * halved into CGST and SGST (an odd paisa goes to SGST).
 */
export function splitGst(inclusivePaise: number, intraState: boolean): TaxSplit {
  const rate = BOOKING_RULES.gstPercent;
  const taxablePaise = Math.round((inclusivePaise * 100) / (100 + rate));
  const tax = inclusivePaise - taxablePaise;
  if (!intraState) return { taxablePaise, cgstPaise: 0, sgstPaise: 0, igstPaise: tax };
  const cgstPaise = Math.floor(tax / 2);
  return { taxablePaise, cgstPaise, sgstPaise: tax - cgstPaise, igstPaise: 0 };
}

const ONES = [
  "",
  "One",
  "Two",
  "Three",
  "Four",
  "Five",
  "Six",
  "Seven",
  "Eight",
  "Nine",
  "Ten",
  "Eleven",
  "Twelve",
  "Thirteen",
  "Fourteen",
  "Fifteen",
  "Sixteen",
  "Seventeen",
  "Eighteen",
  "Nineteen",
];
const TENS = ["", "", "Twenty", "Thirty", "Forty", "Fifty", "Sixty", "Seventy", "Eighty", "Ninety"];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n] ?? "";
  const ten = TENS[Math.floor(n / 10)] ?? "";
  return n % 10 === 0 ? ten : `${ten}-${ONES[n % 10]}`;
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return [hundreds ? `${ONES[hundreds]} Hundred` : "", rest ? belowHundred(rest) : ""].filter(Boolean).join(" ");
}

/** A whole number in words the Indian way: crore, lakh, thousand. */
export function numberInWords(n: number): string {
  if (!Number.isInteger(n) || n < 0) throw new RangeError("Only whole numbers from zero can be written out.");
  if (n === 0) return "Zero";
  const parts: string[] = [];
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  if (crore) parts.push(`${numberInWords(crore)} Crore`);
  if (lakh) parts.push(`${belowHundred(lakh)} Lakh`);
  if (thousand) parts.push(`${belowHundred(thousand)} Thousand`);
  if (rest) parts.push(belowThousand(rest));
  return parts.join(" ");
}

/** "Rupees One Thousand Two Hundred Thirty-Four and Fifty Paise Only". */
export function amountInWords(amountPaise: number): string {
  const rupees = Math.floor(amountPaise / 100);
  const rest = amountPaise % 100;
  return `Rupees ${numberInWords(rupees)}${rest ? ` and ${numberInWords(rest)} Paise` : ""} Only`;
}

export const sellerSchema = z.object({
  legalName: z.string(),
  address: z.string(),
  gstin: z.string(),
  state: z.string(),
  stateCode: z.string(),
});
export type Seller = z.infer<typeof sellerSchema>;

const taxSplitSchema = z.object({
  taxablePaise: z.number().int(),
  cgstPaise: z.number().int(),
  sgstPaise: z.number().int(),
  igstPaise: z.number().int(),
});

/** An invoice as it was issued: nothing in it changes afterwards. */
export const invoiceSchema = z.object({
  number: z.string(),
  issuedAt: z.string(),
  bookingId: z.string(),
  seller: sellerSchema,
  buyer: z.object({
    name: z.string(),
    email: z.string(),
    address: z.string(),
    /** A business's GSTIN and legal name, when the customer booked for one (issue 36). */
    gstin: z.string().optional(),
    legalName: z.string().optional(),
  }),
  placeOfSupply: z.object({ state: z.string(), code: z.string() }),
  intraState: z.boolean(),
  lines: z.array(
    taxSplitSchema.extend({
      description: z.string(),
      sac: z.string(),
      quantity: z.number().int(),
      totalPaise: z.number().int(),
    }),
  ),
  totals: taxSplitSchema.extend({ totalPaise: z.number().int() }),
  totalInWords: z.string(),
  /** How it was paid: online (with the Razorpay payment id), or cash or UPI to the mate. */
  paidBy: z.string(),
  /**
   * Mates credit that paid part of it (record 058): a means of payment, so the lines and the tax
   * stay those of the whole supply; only present when credit was used.
   */
  creditPaise: z.number().int().positive().optional(),
  /** What was left to pay after the credit (the total less the credit). */
  afterCreditPaise: z.number().int().nonnegative().optional(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** The credit lines of an invoice: none without credit, never more credit than the total. */
export function creditOnInvoice(
  totalPaise: number,
  creditPaise: number,
): Pick<Invoice, "creditPaise" | "afterCreditPaise"> {
  const credit = Math.min(Math.max(0, creditPaise), totalPaise);
  return credit > 0 ? { creditPaise: credit, afterCreditPaise: totalPaise - credit } : {};
}

/** Builds the invoice's lines and totals from the job's GST-inclusive lines. */
export function invoiceLines(
  lines: readonly { description: string; sac: string; quantity: number; totalPaise: number }[],
  intraState: boolean,
): Pick<Invoice, "lines" | "totals" | "totalInWords"> {
  const split = lines.map((line) => ({ ...line, ...splitGst(line.totalPaise, intraState) }));
  const sum = (key: "taxablePaise" | "cgstPaise" | "sgstPaise" | "igstPaise" | "totalPaise") =>
    split.reduce((total, line) => total + line[key], 0);
  const totalPaise = sum("totalPaise");
  return {
    lines: split,
    totals: {
      taxablePaise: sum("taxablePaise"),
      cgstPaise: sum("cgstPaise"),
      sgstPaise: sum("sgstPaise"),
      igstPaise: sum("igstPaise"),
      totalPaise,
    },
    totalInWords: amountInWords(totalPaise),
  };
}
