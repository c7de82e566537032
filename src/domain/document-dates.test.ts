import { describe, expect, it } from "vitest";
import { MAX_DATE_TEXT_CHARS, MAX_DATES_CONSIDERED, proposeDates } from "./document-dates";

const today = new Date("2026-03-20T12:00:00Z");
const propose = (text: string) => proposeDates(text, today);

describe("proposeDates: formats", () => {
  it.each([
    ["01/15/2026", "2026-01-15"],
    ["1/15/26", "2026-01-15"],
    ["1/5/2026", "2026-01-05"],
    ["01-15-2026", "2026-01-15"],
    ["2026-01-15", "2026-01-15"],
    ["2026-1-5", "2026-01-05"],
    ["Jan 15, 2026", "2026-01-15"],
    ["Jan. 15, 2026", "2026-01-15"],
    ["January 15 2026", "2026-01-15"],
    ["September 3rd, 2027", "2027-09-03"],
    ["Sept 3, 2027", "2027-09-03"],
    ["15 Jan 2026", "2026-01-15"],
    ["15-Jan-2026", "2026-01-15"],
    ["15 january, 2026", "2026-01-15"],
    ["DEC 31 2099", "2099-12-31"],
  ])("reads %s", (text, iso) => {
    expect(propose(`Issued ${text}`)).toEqual({ issuedOn: iso, found: [iso] });
  });

  it("ignores impossible dates", () => {
    for (const text of [
      "02/30/2026",
      "13/01/2026",
      "00/10/2026",
      "2026-02-29",
      "2026-13-01",
      "Feb 30, 2026",
      "31 Apr 2026",
      "1/0/2026",
    ]) {
      expect(propose(`Expires ${text}`), text).toEqual({ found: [] });
    }
  });

  it("accepts leap days only in leap years", () => {
    expect(propose("Expires 02/29/2028").expiresOn).toBe("2028-02-29");
    expect(propose("Expires 02/29/2100").found).toEqual([]); // 2100 is not a leap year
    expect(propose("Expires 2000-02-29").expiresOn).toBe("2000-02-29");
  });

  it("keeps years from 1950 to 2100 only", () => {
    expect(propose("Issued 1950-01-01").issuedOn).toBe("1950-01-01");
    expect(propose("Issued 1949-12-31").found).toEqual([]);
    expect(propose("Expires 12/31/2100").expiresOn).toBe("2100-12-31");
    expect(propose("Expires 01/01/2101").found).toEqual([]);
    expect(propose("Expires Jan 1, 2101").found).toEqual([]);
  });

  it("puts two-digit years in this century unless that is more than 50 years ahead", () => {
    expect(propose("Issued 1/15/76").issuedOn).toBe("2076-01-15");
    expect(propose("Issued 1/15/77").issuedOn).toBe("1977-01-15");
    expect(propose("Issued 1/15/00").issuedOn).toBe("2000-01-15");
  });

  it("does not read dates out of longer numbers", () => {
    expect(propose("Lot 123/15/2026 ; ID 2026-01-15-77 ; phone 555-12-2026-9")).toEqual({ found: [] });
    expect(propose("Case 11/12/2026/4").found).toEqual([]);
  });
});

describe("proposeDates: labels", () => {
  it("reads a BLS card", () => {
    expect(propose("BLS Provider  Issue Date 03/14/2026  Recommended Renewal Date 03/31/2028")).toEqual({
      issuedOn: "2026-03-14",
      expiresOn: "2028-03-31",
      found: ["2026-03-14", "2028-03-31"],
    });
  });

  it.each([
    ["Issued", "issuedOn"],
    ["Date Issued:", "issuedOn"],
    ["Date of issue", "issuedOn"],
    ["Administered", "issuedOn"],
    ["Completed on", "issuedOn"],
    ["Given", "issuedOn"],
    ["Test date", "issuedOn"],
    ["Collected", "issuedOn"],
    ["Expires", "expiresOn"],
    ["Expiration date:", "expiresOn"],
    ["EXP", "expiresOn"],
    ["Exp.", "expiresOn"],
    ["Valid through", "expiresOn"],
    ["Valid until", "expiresOn"],
    ["Renew by", "expiresOn"],
    ["Recommended renewal", "expiresOn"],
  ])("classifies a date after %s", (label, field) => {
    expect(propose(`${label} 2027-06-30`)).toEqual({ [field]: "2027-06-30", found: ["2027-06-30"] });
  });

  it("proposes nothing for a date without a label, or after a date of birth", () => {
    expect(propose("Jane Doe 2026-01-15")).toEqual({ found: ["2026-01-15"] });
    expect(propose("Expires: see below. DOB 1990-04-02")).toEqual({ found: ["1990-04-02"] });
  });

  it("does not let a label reach past another date or too far back", () => {
    expect(propose("Issued 2026-01-15 2026-02-15")).toEqual({
      issuedOn: "2026-01-15",
      found: ["2026-01-15", "2026-02-15"],
    });
    expect(propose(`Expires ${"x".repeat(80)} 2026-01-15`)).toEqual({ found: ["2026-01-15"] });
  });

  it("reads a label on the line above, and columns in order", () => {
    expect(propose("Expiration Date\n03/31/2028")).toEqual({ expiresOn: "2028-03-31", found: ["2028-03-31"] });
    expect(propose("Issue Date      Expiration Date\n03/14/2026      03/31/2028")).toEqual({
      issuedOn: "2026-03-14",
      expiresOn: "2028-03-31",
      found: ["2026-03-14", "2028-03-31"],
    });
  });

  it("takes the first date of each kind and lists each date once", () => {
    expect(
      propose("Administered 01/02/2026\nAdministered 02/02/2026\nValid until 2027-01-02\nPrinted 01/02/2026"),
    ).toEqual({ issuedOn: "2026-01-02", expiresOn: "2027-01-02", found: ["2026-01-02", "2026-02-02", "2027-01-02"] });
  });

  it("reads OCR-like text with a line per label", () => {
    expect(propose("TB Test Result\nDate Collected 01/15/2026\nValid Through 01/15/2027\n")).toEqual({
      issuedOn: "2026-01-15",
      expiresOn: "2027-01-15",
      found: ["2026-01-15", "2027-01-15"],
    });
  });

  it("handles empty text", () => {
    expect(propose("")).toEqual({ found: [] });
  });
});

describe("proposeDates: bounds", () => {
  /** The n-th day from 2026-01-01, as YYYY-MM-DD (20,000 distinct valid dates span 1950..2100). */
  const day = (n: number) => new Date(Date.UTC(2026, 0, 1) - n * 86_400_000).toISOString().slice(0, 10);

  it("considers only the first dates of a document holding 20,000", () => {
    const lines = Array.from({ length: 20_000 }, (_, n) => `${n % 2 ? "Expires" : "Issued"} ${day(n)}`);
    const result = propose(lines.join("\n"));
    expect(result.found).toHaveLength(MAX_DATES_CONSIDERED);
    expect(result.found[0]).toBe(day(0));
    expect(result.found.at(-1)).toBe(day(MAX_DATES_CONSIDERED - 1));
    expect(result).toMatchObject({ issuedOn: day(0), expiresOn: day(1) });
  });

  it("handles 20,000 dates on one line and as many labels", () => {
    const text = Array.from({ length: 20_000 }, (_, n) => `Issued Expires ${day(n)}`).join(" ");
    const result = propose(text);
    expect(result.found).toHaveLength(MAX_DATES_CONSIDERED);
    expect(result).toMatchObject({ expiresOn: day(0) });
  });

  it("reads only the first characters of a long text", () => {
    const padding = "x".repeat(MAX_DATE_TEXT_CHARS);
    expect(propose(`Issued 2026-01-15\n${padding}\nExpires 2028-01-31`)).toEqual({
      issuedOn: "2026-01-15",
      found: ["2026-01-15"],
    });
  });

  it("keeps columns under a label line when the date lines are long", () => {
    const text = `Issue Date   Expiration Date\n03/14/2026   03/31/2028 ${"filler ".repeat(20_000)}`;
    expect(propose(text)).toEqual({
      issuedOn: "2026-03-14",
      expiresOn: "2028-03-31",
      found: ["2026-03-14", "2028-03-31"],
    });
  });
});
