import { describe, expect, it } from "vitest";
import { complianceText } from "./student-dashboard-page";

describe("the student dashboard's compliance sentence", () => {
  it("a compliant student with items expiring soon is told so", () => {
    expect(complianceText("compliant", 1)).toBe(
      "Every required item is approved and current; 1 expires within 30 days.",
    );
    expect(complianceText("compliant", 2)).toBe(
      "Every required item is approved and current; 2 expire within 30 days.",
    );
    expect(complianceText("compliant", 0)).toBe("Every required item is approved and current.");
    expect(complianceText("incomplete", 1)).toBe(
      "An item is missing, rejected or expired. Your compliance page shows which.",
    );
  });
});
