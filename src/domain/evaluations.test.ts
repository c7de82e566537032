import { describe, expect, it } from "vitest";
import {
  DEFAULT_SITE_FORM,
  DEFAULT_STUDENT_FORM,
  type EvaluationQuestion,
  evaluationFormSchema,
  evaluationSettingsSchema,
  evaluationStatus,
  openPhases,
  phaseWindow,
  reminderDue,
  summarizeSiteEvaluations,
  validateAnswers,
} from "./evaluations";

// Evaluations' rules (issue 17) with a fixed clock: `today` is passed in everywhere.

const rotation = { startDate: "2026-03-02", endDate: "2026-03-29" };

describe("the default forms", () => {
  it("are valid forms a program could have written, with labelled 1–5 scales", () => {
    for (const [kind, form] of [
      ["student", DEFAULT_STUDENT_FORM],
      ["site", DEFAULT_SITE_FORM],
    ] as const) {
      expect(evaluationFormSchema.safeParse({ kind, ...form }).success).toBe(true);
      for (const q of form.questions) if (q.type === "rating") expect(q.scaleLabels).toHaveLength(5);
    }
    expect(DEFAULT_STUDENT_FORM.questions.map((q) => q.id)).toEqual(
      expect.arrayContaining(["professionalism", "safety", "clinical_judgment", "communication", "documentation"]),
    );
    expect(DEFAULT_STUDENT_FORM.questions.find((q) => q.type === "rating")).toMatchObject({
      scaleLabels: expect.arrayContaining(["Unsafe", "Exceeds expectations"]),
    });
    expect(DEFAULT_SITE_FORM.questions.map((q) => q.id)).toEqual(
      expect.arrayContaining(["orientation", "preceptor_support", "learning", "climate", "recommend", "comments"]),
    );
  });
});

describe("a program's form", () => {
  const q = (over: Partial<EvaluationQuestion> = {}) => ({
    id: "q1",
    type: "rating",
    label: "Punctual",
    scale: 5,
    required: true,
    ...over,
  });
  const issues = (body: unknown) => {
    const r = evaluationFormSchema.safeParse(body);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  };

  it("needs 1 to 40 questions", () => {
    expect(issues({ name: "F", kind: "student", questions: [] })).toEqual([
      "questions: A form has at least one question",
    ]);
    const many = Array.from({ length: 41 }, (_, i) => q({ id: `q${i}` }));
    expect(issues({ name: "F", kind: "student", questions: many })).toEqual([
      "questions: A form has at most 40 questions",
    ]);
    expect(issues({ name: "F", kind: "student", questions: many.slice(0, 40) })).toEqual([]);
  });

  it("needs labels of 1 to 300 characters, a scale of 2 to 10 and unique ids", () => {
    expect(issues({ name: "F", kind: "site", questions: [q({ label: " " })] })).toEqual([
      "questions.0.label: A question's label is required",
    ]);
    expect(issues({ name: "F", kind: "site", questions: [q({ label: "x".repeat(301) })] })).toEqual([
      "questions.0.label: A question's label is at most 300 characters",
    ]);
    expect(issues({ name: "F", kind: "site", questions: [q({ scale: 1 })] })).toEqual([
      "questions.0.scale: A scale has at least 2 points",
    ]);
    expect(issues({ name: "F", kind: "site", questions: [q({ scale: 11 })] })).toEqual([
      "questions.0.scale: A scale has at most 10 points",
    ]);
    expect(issues({ name: "F", kind: "site", questions: [q(), q({ type: "comment" })] })).toEqual([
      'questions.1.id: Question id "q1" is used twice',
    ]);
    expect(issues({ name: "F", kind: "site", questions: [q({ scaleLabels: ["Low", "High"] })] })).toEqual([
      "questions.0.scaleLabels: Name each of the 5 points, or none",
    ]);
    expect(issues({ name: "", kind: "site", questions: [q()] })).toEqual(["name: Name is required"]);
  });
});

describe("answers against the questions", () => {
  const questions: EvaluationQuestion[] = [
    { id: "skill", type: "rating", label: "Skill", scale: 4, required: true },
    { id: "extra", type: "rating", label: "Extra", scale: 5, required: false },
    { id: "note", type: "comment", label: "Note", required: true },
    { id: "more", type: "comment", label: "More", required: false },
  ];

  it("accepts required answers within the scale, in the form's order, blank optional comments dropped", () => {
    const r = validateAnswers(questions, [
      { questionId: "note", comment: "  Good  " },
      { questionId: "skill", rating: 4 },
      { questionId: "more", comment: "   " },
    ]);
    expect(r).toEqual({
      ok: true,
      answers: [
        { questionId: "skill", rating: 4 },
        { questionId: "note", comment: "Good" },
      ],
    });
  });

  it("names each missing, out-of-scale, too long or unknown answer", () => {
    const r = validateAnswers(questions, [
      { questionId: "skill", rating: 5 },
      { questionId: "extra", rating: 0 },
      { questionId: "note", comment: "x".repeat(4001) },
      { questionId: "ghost", rating: 1 },
    ]);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues).toEqual([
      { path: "answers.ghost", message: "This question is not on the form" },
      { path: "answers.skill", message: '"Skill" is rated from 1 to 4' },
      { path: "answers.extra", message: '"Extra" is rated from 1 to 5' },
      { path: "answers.note", message: '"Note" is at most 4,000 characters' },
    ]);
    const empty = validateAnswers(questions, []);
    expect(empty.ok ? [] : empty.issues.map((i) => i.path)).toEqual(["answers.skill", "answers.note"]);
  });

  it("takes a comment of exactly 4,000 characters", () => {
    const r = validateAnswers(questions, [
      { questionId: "skill", rating: 1 },
      { questionId: "note", comment: "x".repeat(4000) },
    ]);
    expect(r.ok).toBe(true);
  });
});

describe("when each phase opens and is due", () => {
  it("final: opens 7 days before the end, due `dueDays` after it", () => {
    expect(phaseWindow(rotation, "final", 7)).toEqual({ opensOn: "2026-03-22", dueOn: "2026-04-05" });
    expect(phaseWindow(rotation, "final", 14)).toEqual({ opensOn: "2026-03-22", dueOn: "2026-04-12" });
    // A rotation shorter than a week opens on its first day.
    expect(phaseWindow({ startDate: "2026-03-02", endDate: "2026-03-05" }, "final", 7).opensOn).toBe("2026-03-02");
  });

  it("midpoint: opens on the middle day, due `dueDays` after it", () => {
    expect(phaseWindow(rotation, "midpoint", 7)).toEqual({ opensOn: "2026-03-15", dueOn: "2026-03-22" });
  });

  it("the midpoint exists only when the program asks for it", () => {
    const noMid = { midpoint: false, dueDays: 7 };
    const mid = { midpoint: true, dueDays: 7 };
    expect(openPhases(rotation, mid, "2026-03-14")).toEqual([]);
    expect(openPhases(rotation, noMid, "2026-03-20")).toEqual([]);
    expect(openPhases(rotation, mid, "2026-03-20").map((p) => p.phase)).toEqual(["midpoint"]);
    expect(openPhases(rotation, mid, "2026-03-22").map((p) => p.phase)).toEqual(["midpoint", "final"]);
    expect(openPhases(rotation, noMid, "2026-03-22").map((p) => p.phase)).toEqual(["final"]);
  });

  it("settings: due days 1 to 30", () => {
    expect(evaluationSettingsSchema.safeParse({ midpoint: true, dueDays: 1 }).success).toBe(true);
    expect(evaluationSettingsSchema.safeParse({ midpoint: true, dueDays: 30 }).success).toBe(true);
    expect(evaluationSettingsSchema.safeParse({ midpoint: true, dueDays: 0 }).success).toBe(false);
    expect(evaluationSettingsSchema.safeParse({ midpoint: true, dueDays: 31 }).success).toBe(false);
  });
});

describe("status words", () => {
  const e = { submitted: false, opensOn: "2026-03-22", dueOn: "2026-04-05" };
  it("Not yet open, Open, Due soon, Overdue, Submitted", () => {
    expect(evaluationStatus(e, "2026-03-21")).toBe("not_open");
    expect(evaluationStatus(e, "2026-03-22")).toBe("open");
    expect(evaluationStatus(e, "2026-04-01")).toBe("open");
    expect(evaluationStatus(e, "2026-04-02")).toBe("due_soon");
    expect(evaluationStatus(e, "2026-04-05")).toBe("due_soon");
    expect(evaluationStatus(e, "2026-04-06")).toBe("overdue");
    expect(evaluationStatus({ ...e, submitted: true }, "2026-04-06")).toBe("submitted");
  });
});

describe("reminders", () => {
  it("each window once, in order: open, 3 days before due, overdue", () => {
    expect(reminderDue("2026-04-05", null, "2026-03-22")).toBe("open");
    expect(reminderDue("2026-04-05", "open", "2026-03-23")).toBeNull();
    expect(reminderDue("2026-04-05", "open", "2026-04-02")).toBe("due-3");
    expect(reminderDue("2026-04-05", "due-3", "2026-04-05")).toBeNull();
    expect(reminderDue("2026-04-05", "due-3", "2026-04-06")).toBe("overdue");
    expect(reminderDue("2026-04-05", "overdue", "2026-05-06")).toBeNull();
  });
  it("only the latest window when opened late", () => {
    expect(reminderDue("2026-04-05", null, "2026-04-04")).toBe("due-3");
    expect(reminderDue("2026-04-05", null, "2026-04-09")).toBe("overdue");
  });
});

describe("the facility's summary", () => {
  it("averages each rating question and sorts the comments", () => {
    const questions = DEFAULT_SITE_FORM.questions;
    const ev = (r: number, comment?: string) => ({
      questions,
      answers: [
        ...questions.filter((q) => q.type === "rating").map((q) => ({ questionId: q.id, rating: r })),
        ...(comment ? [{ questionId: "comments", comment }] : []),
      ],
    });
    const s = summarizeSiteEvaluations([ev(5, "Zesty unit"), ev(4), ev(3, "A fine place")]);
    expect(s.questions).toHaveLength(5);
    expect(s.questions[0]).toMatchObject({ label: questions[0].label, average: 4, responses: 3, scale: 5 });
    expect(s.comments).toEqual(["A fine place", "Zesty unit"]);
  });
});
