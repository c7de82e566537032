import { z } from "zod";
import { APPLICATION_NOTES_MAX, MAX_STUDENTS_PER_SUBMISSION, type SubmissionStudent } from "./applications";

// The submission contract shared by the program's apply dialog and the API (D7), apart from
// applications.ts so that the pages that only show applications (the dashboards) load no zod.

const notesField = z
  .string()
  .trim()
  .max(APPLICATION_NOTES_MAX, `Notes must be at most ${APPLICATION_NOTES_MAX} characters`)
  .optional()
  .nullable()
  .transform((v) => (v ? v : null));

/** One student of a bulk submission, with a note of their own or none. */
export const submissionStudentSchema = z.object({
  studentId: z.uuid("Unknown student"),
  notes: notesField,
});

/**
 * One placement, one or more students. `students: [{ studentId, notes? }]` gives each student a
 * note of their own (or none); the older `studentIds` with one `notes` is still accepted and means
 * the same note for each of them, said explicitly by the caller. One of the two, not both.
 */
export const applicationSubmissionSchema = z
  .object({
    placementId: z.uuid("Choose a placement"),
    students: z
      .array(submissionStudentSchema, { error: "A student must be chosen" })
      .min(1, "A student must be chosen")
      .max(MAX_STUDENTS_PER_SUBMISSION, `At most ${MAX_STUDENTS_PER_SUBMISSION} students per submission`)
      .optional(),
    studentIds: z
      .array(z.uuid("Unknown student"), { error: "A student must be chosen" })
      .min(1, "A student must be chosen")
      .max(MAX_STUDENTS_PER_SUBMISSION, `At most ${MAX_STUDENTS_PER_SUBMISSION} students per submission`)
      .optional(),
    notes: notesField,
  })
  .superRefine((v, ctx) => {
    if (v.students && v.studentIds) {
      ctx.addIssue({ code: "custom", path: ["studentIds"], message: "Give either students or studentIds, not both" });
    } else if (!v.students && !v.studentIds) {
      ctx.addIssue({ code: "custom", path: ["students"], message: "A student must be chosen" });
    } else if (v.students && v.notes) {
      ctx.addIssue({
        code: "custom",
        path: ["notes"],
        message: "Give each student's note in students[].notes (one note is not copied onto every student)",
      });
    }
  });
export type ApplicationSubmission = z.input<typeof applicationSubmissionSchema>;

/** The students of a parsed submission, each with their own note, first occurrence of each kept. */
export function submissionStudents(v: z.output<typeof applicationSubmissionSchema>): SubmissionStudent[] {
  const items = v.students ?? (v.studentIds ?? []).map((studentId) => ({ studentId, notes: v.notes ?? null }));
  const seen = new Map<string, SubmissionStudent>();
  for (const item of items) if (!seen.has(item.studentId)) seen.set(item.studentId, item);
  return [...seen.values()];
}
