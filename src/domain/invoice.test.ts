import { describe, expect, it } from "vitest";
import {
  amountInWords,
  financialYear,
  invoiceLines,
  invoiceNumber,
  numberInWords,
  placeOfSupply,
  SERVED_STATE,
  sacOf,
  splitGst,
  supplyKindOf,
} from "./invoice.ts";
import { formatPaise, jobBalancePaise, paise, refundOnCancel } from "./payments.ts";

describe("financial years", () => {
  it("run from 1 April to 31 March in Kolkata", () => {
    expect(financialYear(new Date("2026-03-31T18:29:59Z"))).toBe("2025-26"); // 23:59 on 31 March IST
    expect(financialYear(new Date("2026-03-31T18:30:00Z"))).toBe("2026-27"); // 00:00 on 1 April IST
    expect(financialYear(new Date("2026-11-25T10:00:00Z"))).toBe("2026-27");
    expect(financialYear(new Date("2099-12-01T10:00:00Z"))).toBe("2099-00");
  });
});

describe("invoice numbers", () => {
  it("fit GST's 16 characters and count within the year", () => {
    expect(invoiceNumber("2026-27", 1)).toBe("MT/26-27/000001");
    expect(invoiceNumber("2026-27", 999_999).length).toBeLessThanOrEqual(16);
    expect(() => invoiceNumber("2026-27", 0)).toThrow(RangeError);
    expect(() => invoiceNumber("2026-27", 1_000_000)).toThrow(RangeError);
  });
});

describe("GST in a price that includes it", () => {
  it("splits into taxable value and tax that add up to the price", () => {
    for (const total of [1, 99, 100, 11_800, 49_900, 123_457, 10_000_000]) {
      for (const intra of [true, false]) {
        const split = splitGst(total, intra);
        expect(split.taxablePaise + split.cgstPaise + split.sgstPaise + split.igstPaise).toBe(total);
        for (const part of Object.values(split)) expect(Number.isInteger(part)).toBe(true);
      }
    }
  });
  it("is CGST and SGST within the state, IGST across states", () => {
    expect(splitGst(11_800, true)).toEqual({ taxablePaise: 10_000, cgstPaise: 900, sgstPaise: 900, igstPaise: 0 });
    expect(splitGst(11_800, false)).toEqual({ taxablePaise: 10_000, cgstPaise: 0, sgstPaise: 0, igstPaise: 1800 });
    // ₹499: taxable ₹422.88, tax ₹76.12 halved.
    expect(splitGst(49_900, true)).toEqual({ taxablePaise: 42_288, cgstPaise: 3806, sgstPaise: 3806, igstPaise: 0 });
  });
  it("adds the lines of an invoice and writes the total out", () => {
    const built = invoiceLines(
      [
        { description: "Deep Cleaning · 1 BHK", sac: "9985", quantity: 1, totalPaise: 249_900 },
        { description: "Extra: balcony", sac: "9985", quantity: 1, totalPaise: 30_000 },
      ],
      true,
    );
    expect(built.totals.totalPaise).toBe(279_900);
    expect(built.totals.taxablePaise + built.totals.cgstPaise + built.totals.sgstPaise).toBe(279_900);
    expect(built.totalInWords).toBe("Rupees Two Thousand Seven Hundred Ninety-Nine Only");
  });
});

describe("amounts in words", () => {
  it("use lakh and crore", () => {
    expect(numberInWords(0)).toBe("Zero");
    expect(numberInWords(15)).toBe("Fifteen");
    expect(numberInWords(101)).toBe("One Hundred One");
    expect(numberInWords(1_234)).toBe("One Thousand Two Hundred Thirty-Four");
    expect(numberInWords(2_50_000)).toBe("Two Lakh Fifty Thousand");
    expect(numberInWords(12_34_56_789)).toBe(
      "Twelve Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred Eighty-Nine",
    );
    expect(amountInWords(123_450)).toBe("Rupees One Thousand Two Hundred Thirty-Four and Fifty Paise Only");
    expect(() => numberInWords(-1)).toThrow(RangeError);
  });
});

describe("SAC codes", () => {
  it("follow the kind of work", () => {
    expect(sacOf("deep-cleaning", "Homekit")).toBe("9985");
    expect(sacOf("appliance-repair", "Homekit")).toBe("9987");
    expect(sacOf("plumber", "Homekit")).toBe("9954");
    expect(sacOf("home-painting", "Renova")).toBe("9954");
    expect(sacOf("interior-design", "Renova")).toBe("9983");
    expect(sacOf("groceries", "Nearkart")).toBe("9968");
  });
});

describe("money in paise", () => {
  it("refunds all in the free window and all but the visiting charge after", () => {
    expect(refundOnCancel(249_900, 0)).toBe(249_900);
    expect(refundOnCancel(249_900, 99)).toBe(240_000);
    expect(refundOnCancel(5_000, 99)).toBe(0);
    expect(paise(499)).toBe(49_900);
    expect(formatPaise(49_900)).toBe("₹499");
    expect(formatPaise(12_345_650)).toBe("₹1,23,456.50");
  });

  it("asks after the job for the bill, less the booked lines when they were paid up front", () => {
    const booking = {
      items: [
        { service: "plumber", lineTotalRupees: 449 },
        { service: "electrician", lineTotalRupees: 299 },
      ],
    };
    const job = { id: "j1", service: "plumber" };
    const extras = [
      { jobId: "j1", priceRupees: 150, status: "approved" },
      { jobId: "j1", priceRupees: 90, status: "declined" },
      { jobId: "j2", priceRupees: 500, status: "approved" },
    ];
    expect(jobBalancePaise(booking, job, extras, false)).toBe(59_900);
    expect(jobBalancePaise(booking, job, extras, true)).toBe(15_000);
    expect(jobBalancePaise(booking, job, [], true)).toBe(0);
  });
});

describe("the place of supply (decision record 053)", () => {
  const karnataka = "29AAGCB7383J1Z4";
  const maharashtra = "27AAPFU0939F1ZV";

  it("is the home's or office's state for work on the property, whoever the buyer is", () => {
    for (const [service, group] of [
      ["deep-cleaning", "Homekit"],
      ["pest-control", "Homekit"],
      ["electrician", "Homekit"],
      ["home-painting", "Renova"],
      ["interior-design", "Renova"],
      ["site-visit", "Renova"],
    ] as const) {
      expect(supplyKindOf(service, group), service).toBe("property");
      expect(placeOfSupply(supplyKindOf(service, group), karnataka), service).toEqual(SERVED_STATE);
    }
  });

  it("is a registered buyer's state for a service on their things or a delivery, else the address's", () => {
    for (const [service, group] of [
      ["ac-service", "Homekit"],
      ["appliance-repair", "Homekit"],
      ["sofa-cleaning", "Homekit"],
      ["groceries", "Nearkart"],
    ] as const) {
      const kind = supplyKindOf(service, group);
      expect(kind, service).not.toBe("property");
      expect(placeOfSupply(kind, karnataka), service).toEqual({ state: "Karnataka", code: "29" });
      expect(placeOfSupply(kind, maharashtra), service).toEqual({ state: "Maharashtra", code: "27" });
      expect(placeOfSupply(kind, undefined), service).toEqual(SERVED_STATE);
    }
  });
});
