import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { proposeDates } from "../../domain/document-dates";
import { makeDemoPdf } from "../factories/documents";
import { extractText } from "./document-text";
import { inspectUpload } from "./file-inspection";

const today = new Date("2026-03-20T12:00:00Z");

describe("extractText: PDF text layer", () => {
  it("reads a BLS card and its dates are proposed", async () => {
    const bytes = await makeDemoPdf({
      title: "BLS Provider",
      lines: ["Issue Date 03/14/2026  Recommended Renewal Date 03/31/2028", "American Heart Association"],
    });
    const text = await extractText({ bytes, contentType: "application/pdf" });
    expect(text).toContain("BLS Provider");
    expect(text).toContain("Issue Date 03/14/2026");
    expect(proposeDates(text, today)).toEqual({
      issuedOn: "2026-03-14",
      expiresOn: "2028-03-31",
      found: ["2026-03-14", "2028-03-31"],
    });
    // The caller's bytes are left intact (pdf.js takes a copy over).
    expect(bytes.byteLength).toBeGreaterThan(0);
  });

  it("reads the first three pages only", async () => {
    const bytes = await makeDemoPdf({
      title: "Packet",
      morePages: [["Page two"], ["Page three"], ["Page four Expires 01/01/2030"]],
    });
    const text = await extractText({ bytes, contentType: "application/pdf" });
    expect(text).toContain("Page three");
    expect(text).not.toContain("Page four");
  });

  it("answers an empty string for a damaged PDF or another type", async () => {
    const broken = new TextEncoder().encode("%PDF-1.7\nthis is not a PDF at all");
    expect(await extractText({ bytes: broken, contentType: "application/pdf" })).toBe("");
    expect(await extractText({ bytes: broken, contentType: "text/plain" })).toBe("");
  });
});

describe("extractText: OCR of images", () => {
  it("reads a PNG (rendered once by Chromium, committed) with data from node_modules", async () => {
    const bytes = new Uint8Array(await readFile(path.join(import.meta.dirname, "__fixtures__", "tb-test-card.png")));
    expect(await inspectUpload({ bytes, fileName: "tb.png" })).toMatchObject({ ok: true, contentType: "image/png" });
    const text = await extractText({ bytes, contentType: "image/png" });
    expect(text).toMatch(/Valid Through/i);
    expect(proposeDates(text, today)).toEqual({
      issuedOn: "2026-01-15",
      expiresOn: "2027-01-15",
      found: ["2026-01-15", "2027-01-15"],
    });
  }, 60_000);

  it("answers an empty string for an image it cannot read, and when time is up", async () => {
    const bytes = new Uint8Array(await readFile(path.join(import.meta.dirname, "__fixtures__", "tb-test-card.png")));
    expect(await extractText({ bytes: bytes.subarray(0, 100), contentType: "image/png" })).toBe("");
    expect(await extractText({ bytes, contentType: "image/png", timeoutMs: 1 })).toBe("");
  }, 60_000);
});
