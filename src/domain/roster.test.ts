import { describe, expect, it } from "vitest";
import { normalizeHeader, parseCsv, parseRoster, ROSTER_TEMPLATE } from "./roster";

describe("parseCsv", () => {
  it("handles quotes, doubled quotes, CRLF and a BOM", () => {
    const rows = parseCsv('\uFEFFa,b\r\n"x, y","say ""hi"""\r\n');
    expect(rows).toEqual([
      ["a", "b"],
      ["x, y", 'say "hi"'],
    ]);
  });
  it("skips blank lines", () => {
    expect(parseCsv("a\n\n\nb\n")).toEqual([["a"], ["b"]]);
  });
});

describe("parseRoster", () => {
  it("accepts common header variants", () => {
    expect(normalizeHeader("First Name")).toBe("first_name");
    expect(normalizeHeader("Surname")).toBe("last_name");
    expect(normalizeHeader("E-mail Address")).toBe("email");
    expect(normalizeHeader("Specialty")).toBe("specialty_interest");
    expect(normalizeHeader("Favourite colour")).toBeNull();
  });

  it("parses the template as one valid row", () => {
    const r = parseRoster(ROSTER_TEMPLATE);
    expect(r.missingColumns).toEqual([]);
    expect(r.rows).toHaveLength(1);
    expect(r.rows[0].errors).toEqual([]);
    expect(r.rows[0].values).toMatchObject({ firstName: "Avery", gpa: "3.62" });
  });

  it("names each row's errors: missing name, bad email, GPA out of range, duplicate in file", () => {
    const csv = [
      "First Name,Last Name,Email,GPA",
      ",Lee,lee@x.edu,3.1",
      "Sam,Ortiz,not-an-email,3.0",
      "Kai,Ng,kai@x.edu,4.5",
      "Ana,Diaz,ana@x.edu,3.9",
      "Ana,Diaz,ANA@x.edu,3.9",
    ].join("\n");
    const r = parseRoster(csv);
    expect(r.rows.map((x) => x.errors)).toEqual([
      ["First name is required"],
      ["Invalid email address"],
      ["GPA must be between 0.00 and 4.00"],
      [],
      ["Duplicate of line 5 in this file"],
    ]);
    expect(r.rows[3].values?.email).toBe("ana@x.edu");
  });

  it("reports missing required columns", () => {
    expect(parseRoster("name,phone\nA,1").missingColumns).toEqual(["first_name", "last_name", "email"]);
  });
});

describe("parseRoster specialties (issue 9)", () => {
  it("maps known synonyms to the catalogue and refuses anything else, naming the allowed values", () => {
    const csv = [
      "First Name,Last Name,Email,Specialty",
      "Ann,Lee,ann@x.edu,ICU",
      "Bo,Ng,bo@x.edu,Med-Surg",
      "Cy,Ray,cy@x.edu,L&D",
      "Di,Fox,di@x.edu,Underwater Basket Weaving",
      "Ed,Kay,ed@x.edu,",
    ].join("\n");
    const r = parseRoster(csv);
    expect(r.rows.map((row) => row.values?.specialtyInterest ?? null)).toEqual([
      "Intensive Care (ICU)",
      "Medical-Surgical",
      "Obstetrics / Labor & Delivery",
      null,
      null,
    ]);
    expect(r.rows[3].errors).toHaveLength(1);
    expect(r.rows[3].errors[0]).toMatch(
      /^Unknown specialty "Underwater Basket Weaving"\. Use one of: Medical-Surgical/,
    );
    expect(r.rows[4].errors).toEqual([]);
  });
});
