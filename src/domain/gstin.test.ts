import { describe, expect, it } from "vitest";
import { businessSchema, gstinCheckCharacter, gstinProblem, gstinSchema, stateCodeOf, stateNameOf } from "./gstin.ts";

describe("the GSTIN check character", () => {
  it("matches published GSTINs", () => {
    // Examples printed in GST documentation and on registered businesses' invoices.
    for (const gstin of ["27AAPFU0939F1ZV", "29AAGCB7383J1Z4", "24AAACC1206D1ZM", "27AAACR5055K1Z7"]) {
      expect(gstinCheckCharacter(gstin.slice(0, 14)), gstin).toBe(gstin[14]);
      expect(gstinProblem(gstin), gstin).toBeUndefined();
    }
  });

  it("is what makes the end-to-end seller's GSTIN valid, and the value used before is not", () => {
    expect(gstinCheckCharacter("27AABCM1234F1Z")).toBe("X");
    expect(gstinProblem("27AABCM1234F1ZX")).toBeUndefined();
    expect(gstinProblem("27AABCM1234F1Z5")).toMatch(/does not match the rest/);
  });

  it("catches one mistyped character and two swapped ones", () => {
    const valid = "27AAPFU0939F1ZV";
    expect(gstinProblem("27AAPFU0938F1ZV")).toMatch(/does not match/);
    expect(gstinProblem("27AAPFU0993F1ZV")).toMatch(/does not match/);
    expect(gstinProblem(valid)).toBeUndefined();
  });

  it("refuses what is not 14 letters and digits", () => {
    expect(() => gstinCheckCharacter("27AAPFU0939F1")).toThrow(RangeError);
    expect(() => gstinCheckCharacter("27aapfu0939f1z")).toThrow(RangeError);
  });
});

describe("a GSTIN as a customer types it", () => {
  it("drops spaces and hyphens and takes small letters", () => {
    expect(gstinSchema.parse(" 27aapfu0939f1zv ")).toBe("27AAPFU0939F1ZV");
    expect(gstinSchema.parse("27-AAPFU-0939F-1ZV")).toBe("27AAPFU0939F1ZV");
  });

  it("says what is wrong: length, layout, state code, check character", () => {
    const message = (value: string) => gstinSchema.safeParse(value).error?.issues[0]?.message;
    expect(message("")).toBe("Enter the business's GSTIN.");
    expect(message("27AAPFU0939F1Z")).toBe("A GSTIN has 15 characters, like 27AABCM1234F1ZX.");
    expect(message("27AAPFU093AF1ZV")).toMatch(/^A GSTIN is 2 digits of state code, the 10-character PAN/);
    expect(message("28AAPFU0939F1ZV")).toBe("A GSTIN starts with a state code; 28 is not one.");
    expect(message("99AAPFU0939F1ZV")).toBe("A GSTIN starts with a state code; 99 is not one.");
    expect(message("27AAPFU0939F1ZW")).toBe(
      "This GSTIN's last character does not match the rest: please check it for a typing mistake.",
    );
  });

  it("goes with the business's legal name", () => {
    expect(businessSchema.parse({ gstin: "27aapfu0939f1zv", legalName: "  Asha Traders Pvt Ltd " })).toEqual({
      gstin: "27AAPFU0939F1ZV",
      legalName: "Asha Traders Pvt Ltd",
    });
    expect(businessSchema.safeParse({ gstin: "27AAPFU0939F1ZV", legalName: " " }).error?.issues[0]?.message).toBe(
      "Enter the business's legal name, as registered for GST.",
    );
    expect(businessSchema.safeParse({ gstin: "27AAPFU0939F1ZV" }).success).toBe(false);
  });
});

describe("state codes", () => {
  it("name the state both ways", () => {
    expect(stateCodeOf("maharashtra")).toBe("27");
    expect(stateNameOf("29")).toBe("Karnataka");
    expect(stateNameOf("28")).toBeUndefined();
  });
});
