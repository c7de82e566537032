import { describe, expect, it } from "vitest";
import {
  addMonths,
  checkDocumentDates,
  documentInForce,
  effectiveExpiry,
  type ItemDocument,
  itemReadiness,
  itemStatus,
  pendingRenewal,
  type RequirementType,
  studentStatus,
} from "./compliance";

const TODAY = "2026-11-23";
const type = (over: Partial<RequirementType>): RequirementType => ({
  id: "bls",
  name: "BLS",
  category: "certification",
  proof: "card",
  asksIssuedOn: "required",
  asksExpiresOn: "optional",
  validity: "months",
  validityMonths: 24,
  ...over,
});

describe("effectiveExpiry", () => {
  it("months: issue date plus N months, the day before", () => {
    expect(effectiveExpiry(type({}), "2026-03-14", null)).toBe("2028-03-13");
    expect(effectiveExpiry(type({ validityMonths: 12 }), "2024-02-29", null)).toBe("2025-02-27");
  });
  it("months: a date stated on the document wins", () => {
    expect(effectiveExpiry(type({}), "2026-03-14", "2028-03-31")).toBe("2028-03-31");
  });
  it("season: June 30 of the season the dose belongs to", () => {
    const flu = type({ validity: "season", validityMonths: null });
    expect(effectiveExpiry(flu, "2026-10-01", null)).toBe("2027-06-30");
    expect(effectiveExpiry(flu, "2026-07-01", null)).toBe("2027-06-30");
    expect(effectiveExpiry(flu, "2026-06-30", null)).toBe("2026-06-30");
    expect(effectiveExpiry(flu, "2027-01-15", null)).toBe("2027-06-30");
  });
  it("none: valid for good; document: the stated date", () => {
    expect(effectiveExpiry(type({ validity: "none", validityMonths: null }), "2000-01-01", "2001-01-01")).toBeNull();
    expect(effectiveExpiry(type({ validity: "document", validityMonths: null }), "2026-01-01", "2027-01-01")).toBe(
      "2027-01-01",
    );
  });
  it("addMonths clamps to the month's last day", () => {
    expect(addMonths("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonths("2027-12-15", 1)).toBe("2028-01-15");
    expect(addMonths("2026-05-10", -5)).toBe("2025-12-10");
  });
});

describe("itemStatus at the boundaries (today 2026-11-23)", () => {
  const approved = (expiresOn: string | null) => ({ status: "approved" as const, issuedOn: "2025-01-01", expiresOn });
  it.each([
    [null, "missing"],
    [{ status: "rejected" as const, issuedOn: null, expiresOn: null }, "rejected"],
    [{ status: "submitted" as const, issuedOn: null, expiresOn: "2027-01-01" }, "submitted"],
    [{ status: "submitted" as const, issuedOn: null, expiresOn: "2026-11-22" }, "expired"],
    [approved(null), "approved"],
    [approved("2026-11-22"), "expired"],
    [approved("2026-11-23"), "expiring"],
    [approved("2026-12-23"), "expiring"],
    [approved("2026-12-24"), "approved"],
  ])("%j → %s", (doc, expected) => {
    expect(itemStatus(doc, TODAY)).toBe(expected);
  });
});

describe("studentStatus (D6)", () => {
  it.each([
    [[], "compliant"],
    [["missing", "missing"], "pending"],
    [["approved", "missing"], "incomplete"],
    [["approved", "rejected"], "incomplete"],
    [["approved", "expired"], "incomplete"],
    [["approved", "submitted"], "pending"],
    [["submitted", "missing"], "incomplete"],
    [["approved", "expiring"], "compliant"],
    [["approved", "approved"], "compliant"],
  ] as const)("%j → %s", (items, expected) => {
    expect(studentStatus([...items])).toBe(expected);
  });
});

describe("itemReadiness for a rotation ending 2027-02-01", () => {
  it("needs an approved document valid through the last day", () => {
    expect(itemReadiness(null, TODAY, "2027-02-01")).toBe("missing");
    expect(itemReadiness({ status: "submitted", issuedOn: null, expiresOn: null }, TODAY, "2027-02-01")).toBe(
      "missing",
    );
    expect(itemReadiness({ status: "approved", issuedOn: null, expiresOn: "2027-01-31" }, TODAY, "2027-02-01")).toBe(
      "expiring_before_end",
    );
    expect(itemReadiness({ status: "approved", issuedOn: null, expiresOn: "2027-02-01" }, TODAY, "2027-02-01")).toBe(
      "met",
    );
    expect(itemReadiness({ status: "approved", issuedOn: null, expiresOn: null }, TODAY, "2027-02-01")).toBe("met");
  });
});

describe("documentInForce: a renewal never hides the approved document it renews", () => {
  const doc = (status: ItemDocument["status"], expiresOn: string | null, isCurrent = false): ItemDocument => ({
    status,
    issuedOn: null,
    expiresOn,
    isCurrent,
  });
  const old = doc("approved", "2026-12-15");
  it.each([
    ["awaiting review", doc("submitted", "2028-12-15", true)],
    ["rejected", doc("rejected", null, true)],
  ])("a renewal %s leaves the approved one in force until it expires", (_, renewal) => {
    const docs = [renewal, old];
    expect(documentInForce(docs, TODAY)).toBe(old);
    expect(pendingRenewal(docs, old)).toBe(renewal);
    expect(documentInForce(docs, "2026-12-15")).toBe(old);
    expect(documentInForce(docs, "2026-12-16")).toBe(renewal);
    expect(pendingRenewal(docs, renewal)).toBeNull();
  });
  it("an approved renewal replaces it; the newest approved one counts; nothing uploaded is null", () => {
    const renewed = doc("approved", "2028-12-15", true);
    expect(documentInForce([renewed, old], TODAY)).toBe(renewed);
    const older = doc("approved", null);
    const current = doc("submitted", null, true);
    expect(documentInForce([current, old, older], TODAY)).toBe(old);
    expect(documentInForce([], TODAY)).toBeNull();
    expect(pendingRenewal([], null)).toBeNull();
  });
});

describe("checkDocumentDates", () => {
  it("names the field of each problem", () => {
    expect(checkDocumentDates(type({}), { issuedOn: null, expiresOn: null }, TODAY)).toMatchObject({
      field: "issuedOn",
    });
    expect(checkDocumentDates(type({}), { issuedOn: "2026-11-24", expiresOn: null }, TODAY)).toMatchObject({
      field: "issuedOn",
      message: "Issue date cannot be in the future",
    });
    expect(checkDocumentDates(type({}), { issuedOn: "1949-12-31", expiresOn: null }, TODAY)).toMatchObject({
      field: "issuedOn",
    });
    expect(checkDocumentDates(type({}), { issuedOn: "2026-01-10", expiresOn: "2026-01-09" }, TODAY)).toMatchObject({
      field: "expiresOn",
      message: "Expiration date must be after the issue date",
    });
    expect(checkDocumentDates(type({}), { issuedOn: "2026-01-10", expiresOn: "2046-11-24" }, TODAY)).toMatchObject({
      field: "expiresOn",
    });
    expect(checkDocumentDates(type({}), { issuedOn: "2020-01-10", expiresOn: null }, TODAY)).toMatchObject({
      message: "This document has already expired",
    });
    expect(
      checkDocumentDates(
        type({ validity: "document", validityMonths: null, asksExpiresOn: "required" }),
        { issuedOn: "2026-01-01", expiresOn: null },
        TODAY,
      ),
    ).toMatchObject({ field: "expiresOn", message: "Expiration date is required" });
  });
  it("returns the stored dates with the derived expiry", () => {
    expect(checkDocumentDates(type({}), { issuedOn: "2026-03-14", expiresOn: null }, TODAY)).toEqual({
      ok: true,
      issuedOn: "2026-03-14",
      expiresOn: "2028-03-13",
    });
    expect(
      checkDocumentDates(
        type({ validity: "none", validityMonths: null, asksExpiresOn: "no" }),
        { issuedOn: "2010-01-01", expiresOn: "2011-01-01" },
        TODAY,
      ),
    ).toEqual({ ok: true, issuedOn: "2010-01-01", expiresOn: null });
  });
});
