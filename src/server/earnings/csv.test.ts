import { describe, expect, it } from "vitest";
import { csvField, csvLine } from "./csv.ts";

describe("CSV for a spreadsheet", () => {
  it("quotes what needs quoting and doubles quotes", () => {
    expect(csvField('Mary "Molly" D\'Souza, Bhayandar')).toBe('"Mary ""Molly"" D\'Souza, Bhayandar"');
    expect(csvLine(["a", 1, null])).toBe("a,1,\r\n");
  });

  it("shows text a spreadsheet would run as a formula as text, and leaves amounts as numbers", () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvField("+91 98200 00000")).toBe("'+91 98200 00000");
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvField("-cmd")).toBe("'-cmd");
    expect(csvField("-12.50")).toBe("-12.50");
    expect(csvField(-1250)).toBe("-1250");
  });
});
