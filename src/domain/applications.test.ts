import { describe, expect, it } from "vitest";
import { applicationSubmissionSchema, submissionStudents } from "./application-submission";
import {
  applicationNoteLabel,
  applicationStatusLabel,
  applicationStatusTone,
  applyWindowRefusal,
  compareByStudentViewOrder,
  isWithdrawable,
  rotationPhase,
  submittedMessage,
  withdrawalRule,
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

describe("issue 9: dates, withdrawals, notes", () => {
  const today = "2026-05-10";
  it("applying: open before the start; once started only with late joiners; never once ended", () => {
    const p = (startDate: string, endDate: string, allowLateJoiners = false) => ({
      startDate,
      endDate,
      allowLateJoiners,
    });
    expect(applyWindowRefusal(p("2026-05-11", "2026-06-30"), today)).toBeNull();
    expect(applyWindowRefusal(p("2026-05-10", "2026-06-30"), today)?.code).toBe("rotation_started");
    expect(applyWindowRefusal(p("2026-05-01", "2026-06-30", true), today)).toBeNull();
    expect(applyWindowRefusal(p("2026-04-01", "2026-05-09", true), today)?.code).toBe("rotation_ended");
    // The end date is still part of the rotation.
    expect(rotationPhase("2026-04-01", "2026-05-10", today)).toBe("current");
  });

  it("withdrawal: before and during (leaving early), never an approved rotation after it ended", () => {
    const a = (status: string, startDate: string, endDate: string) =>
      withdrawalRule({ status, startDate, endDate }, today);
    expect(a("approved", "2026-06-01", "2026-07-01")).toEqual({ allowed: true, leavingEarly: false, freesSeat: true });
    expect(a("approved", "2026-05-01", "2026-07-01")).toEqual({ allowed: true, leavingEarly: true, freesSeat: true });
    expect(a("pending", "2026-05-01", "2026-07-01")).toEqual({ allowed: true, leavingEarly: false, freesSeat: false });
    expect(a("approved", "2026-04-01", "2026-05-01")).toMatchObject({ allowed: false });
    expect(a("pending", "2026-04-01", "2026-05-01")).toMatchObject({ allowed: true });
    expect(a("rejected", "2026-06-01", "2026-07-01")).toMatchObject({ allowed: false });
    expect(a("withdrawn", "2026-06-01", "2026-07-01")).toMatchObject({ allowed: false });
  });

  it("bulk: each student's own note or none; the older shape still means one note for each", () => {
    const placementId = crypto.randomUUID();
    const [x, y] = [crypto.randomUUID(), crypto.randomUUID()];
    const per = applicationSubmissionSchema.parse({
      placementId,
      students: [{ studentId: x, notes: " a " }, { studentId: y }],
    });
    expect(submissionStudents(per)).toEqual([
      { studentId: x, notes: "a" },
      { studentId: y, notes: null },
    ]);
    const old = applicationSubmissionSchema.parse({ placementId, studentIds: [x, y, x], notes: "n" });
    expect(submissionStudents(old)).toEqual([
      { studentId: x, notes: "n" },
      { studentId: y, notes: "n" },
    ]);
    expect(
      applicationSubmissionSchema.safeParse({ placementId, students: [{ studentId: x }], notes: "n" }).success,
    ).toBe(false);
  });

  it("labels whose note it is", () => {
    expect(applicationNoteLabel("program", "student")).toBe("Note from your program");
    expect(applicationNoteLabel("student", "student")).toBe("Your note");
  });
});
