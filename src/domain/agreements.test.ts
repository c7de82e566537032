import { describe, expect, it } from "vitest";
import {
  agreementFieldsSchema,
  agreementReminderWindow,
  agreementStatus,
  coversRotation,
  missingContactSides,
} from "./agreements";

// A fixed clock: every rule takes today as an argument.
const TODAY = "2026-03-01";

describe("agreement status from the dates", () => {
  it("draft and terminated are what was decided, whatever the dates", () => {
    expect(agreementStatus({ stage: "draft", endDate: "2020-01-01" }, TODAY)).toBe("draft");
    expect(agreementStatus({ stage: "terminated", endDate: "2030-01-01" }, TODAY)).toBe("terminated");
  });
  it("a signed agreement is active, expiring within 90 days of its end (both ends counted), expired after", () => {
    const signed = (endDate: string) => agreementStatus({ stage: "executed", endDate }, TODAY);
    expect(signed("2026-05-31")).toBe("active"); // 91 days left
    expect(signed("2026-05-30")).toBe("expiring"); // 90 days left
    expect(signed(TODAY)).toBe("expiring"); // its last day
    expect(signed("2026-02-28")).toBe("expired");
  });
});

describe("coverage of a rotation", () => {
  const signed = { stage: "executed" as const, startDate: "2026-01-01", endDate: "2027-12-31" };
  it("contains the rotation's dates, both ends included", () => {
    expect(coversRotation(signed, { startDate: "2026-01-01", endDate: "2027-12-31" }, TODAY)).toBe(true);
    expect(coversRotation(signed, { startDate: "2027-12-01", endDate: "2028-01-15" }, TODAY)).toBe(false);
    expect(coversRotation(signed, { startDate: "2025-12-31", endDate: "2026-02-01" }, TODAY)).toBe(false);
  });
  it("a draft, a terminated or an expired agreement covers nothing", () => {
    const rotation = { startDate: "2026-04-01", endDate: "2026-05-01" };
    expect(coversRotation({ ...signed, stage: "draft" }, rotation, TODAY)).toBe(false);
    expect(coversRotation({ ...signed, stage: "terminated" }, rotation, TODAY)).toBe(false);
    expect(
      coversRotation({ ...signed, endDate: "2026-02-01" }, { startDate: "2026-01-10", endDate: "2026-01-20" }, TODAY),
    ).toBe(false);
  });
});

describe("reminder windows (90, 30, 7 days)", () => {
  it("the smallest window at least the days left; none on or after the end", () => {
    expect(agreementReminderWindow(120)).toBeNull();
    expect(agreementReminderWindow(90)).toBe(90);
    expect(agreementReminderWindow(31)).toBe(90);
    expect(agreementReminderWindow(30)).toBe(30);
    expect(agreementReminderWindow(8)).toBe(30);
    expect(agreementReminderWindow(7)).toBe(7);
    expect(agreementReminderWindow(1)).toBe(7);
    expect(agreementReminderWindow(0)).toBeNull();
    expect(agreementReminderWindow(-3)).toBeNull();
  });
});

describe("fields", () => {
  it("end before start names endDate; an extreme date is refused; contacts need a name", () => {
    const bad = agreementFieldsSchema.safeParse({
      title: "Clinical affiliation",
      startDate: "2026-05-01",
      endDate: "2026-04-01",
      contacts: [{ side: "program", name: "" }],
    });
    expect(bad.success).toBe(false);
    const paths = bad.error?.issues.map((i) => i.path.join(".")).sort();
    expect(paths).toEqual(["contacts.0.name", "endDate"]);
    expect(
      agreementFieldsSchema.safeParse({ title: "x", startDate: "0001-01-01", endDate: "2026-01-01" }).success,
    ).toBe(false);
  });
  it("a signed agreement names a contact on each side", () => {
    expect(missingContactSides([])).toEqual(["program", "facility"]);
    expect(missingContactSides([{ side: "facility" }])).toEqual(["program"]);
    expect(missingContactSides([{ side: "facility" }, { side: "program" }])).toEqual([]);
  });
});
