import { describe, expect, it } from "vitest";
import {
  applicationStatusLabel,
  applicationStatusTone,
  applicationSubmissionSchema,
  compareByStudentViewOrder,
  isWithdrawable,
  submittedMessage,
} from "./applications";

describe("application status labels per view (spec section 4)", () => {
  it("student view: Under Review / Approved / Not Selected / Withdrawn", () => {
    expect(["pending", "approved", "rejected", "withdrawn"].map((s) => applicationStatusLabel(s, "student"))).toEqual([
      "Under Review",
      "Approved",
      "Not Selected",
      "Withdrawn",
    ]);
  });
  it("facility view says New for pending; program view says Pending", () => {
    expect(applicationStatusLabel("pending", "facility")).toBe("New");
    expect(applicationStatusLabel("pending", "program")).toBe("Pending");
    expect(applicationStatusLabel("approved", "program")).toBe("Approved");
  });
  it("an unknown status displays as pending", () => {
    expect(applicationStatusLabel("under_review", "student")).toBe("Under Review");
    expect(applicationStatusLabel("accepted", "program")).toBe("Pending");
    expect(applicationStatusLabel(null, "facility")).toBe("New");
    expect(applicationStatusTone("whatever")).toBe("warning");
    expect(applicationStatusTone("approved")).toBe("success");
  });
  it("student view sorts pending, approved, rejected, withdrawn", () => {
    expect(["withdrawn", "rejected", "mystery", "approved", "pending"].sort(compareByStudentViewOrder)).toEqual([
      "mystery",
      "pending",
      "approved",
      "rejected",
      "withdrawn",
    ]);
  });
});

describe("application rules", () => {
  it("only pending and approved applications can be withdrawn (D7)", () => {
    expect(isWithdrawable("pending")).toBe(true);
    expect(isWithdrawable("approved")).toBe(true);
    expect(isWithdrawable("rejected")).toBe(false);
    expect(isWithdrawable("withdrawn")).toBe(false);
  });
  it("submission: a student must be chosen, at most 200, notes trimmed", () => {
    const placementId = crypto.randomUUID();
    const none = applicationSubmissionSchema.safeParse({ placementId, studentIds: [] });
    expect(none.success).toBe(false);
    expect(none.error?.issues[0].message).toBe("A student must be chosen");
    const tooMany = applicationSubmissionSchema.safeParse({
      placementId,
      studentIds: Array.from({ length: 201 }, () => crypto.randomUUID()),
    });
    expect(tooMany.error?.issues[0].message).toBe("At most 200 students per submission");
    const ok = applicationSubmissionSchema.parse({ placementId, studentIds: [crypto.randomUUID()], notes: "  " });
    expect(ok.notes).toBeNull();
  });
  it("'Application submitted', with the count for a bulk", () => {
    expect(submittedMessage(1)).toBe("Application submitted");
    expect(submittedMessage(3)).toBe("3 applications submitted");
  });
});
