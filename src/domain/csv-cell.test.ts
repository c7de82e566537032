import { describe, expect, it } from "vitest";
import { csvCell, csvRow } from "./csv-cell";

describe("csvCell", () => {
  it("quotes a cell holding a separator a spreadsheet may split on, a quote or a line break", () => {
    expect(csvCell("Smith;=1+1;x")).toBe('"Smith;=1+1;x"');
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell("a\tb")).toBe('"a\tb"');
    expect(csvCell("a\rb")).toBe('"a\rb"');
    expect(csvCell("a\nb")).toBe('"a\nb"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
  });

  it("neutralises a leading = + - @ tab or CR, and quotes it when it also needs quotes", () => {
    expect(csvCell("=1+1")).toBe("'=1+1");
    expect(csvCell("+1")).toBe("'+1");
    expect(csvCell("-1")).toBe("'-1");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\t=1")).toBe('"\'\t=1"');
    expect(csvCell("\r=1")).toBe('"\'\r=1"');
    expect(csvCell("=1;2")).toBe('"\'=1;2"');
  });

  it("writes plain values as they are, nothing for null, dates in ISO", () => {
    expect(csvCell("Smith")).toBe("Smith");
    expect(csvCell(42)).toBe("42");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell(new Date("2026-01-02T03:04:05Z"))).toBe("2026-01-02T03:04:05.000Z");
  });

  it("joins a row with commas", () => {
    expect(csvRow(["Ann", "Smith;=1+1;x", null])).toBe('Ann,"Smith;=1+1;x",');
  });
});
