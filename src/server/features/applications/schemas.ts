import { z } from "@hono/zod-openapi";
import { APPLICATION_STATUSES, REFUSAL_CODES } from "../../../domain/applications";
import { PLACED_PHASES, PLACEMENT_STATUSES } from "../../../domain/placements";
import { COMPLIANCE_STATUSES } from "../../../domain/students";

// The applications domain's response bodies, whoever calls: the program, the facility or the
// student (the routes say which one answers which).

const status = z.enum(APPLICATION_STATUSES);

// ---------------------------------------------------------------------------------------------
// Submit

const RefusalSchema = z
  .object({
    studentId: z.string(),
    name: z.string().nullable().openapi({ description: "null when the student is unknown to the caller" }),
    reason: z.string(),
    code: z.enum(REFUSAL_CODES),
  })
  .openapi("ApplicationRefusal");

const SubmittedSchema = z.object({
  id: z.string(),
  studentId: z.string(),
  name: z.string(),
  status: z.literal("pending"),
  submittedAt: z.string(),
});

/** A program's submission for one or more students: who was submitted, who was refused and why. */
export const SubmissionSchema = z
  .object({
    placement: z.object({ id: z.string(), title: z.string(), facilityName: z.string() }),
    submitted: z.array(SubmittedSchema),
    refused: z.array(RefusalSchema),
  })
  .openapi("ApplicationSubmission");

/** The student's own application, as submitted. */
export const AppliedSchema = z.object({
  id: z.string(),
  status: z.literal("pending"),
  submittedAt: z.string(),
  placement: z.object({ id: z.string(), title: z.string(), facilityName: z.string() }),
});

// ---------------------------------------------------------------------------------------------
// Lists: the program's, the facility's, the student's own

export const ApplicationSchema = z
  .object({
    id: z.string(),
    status,
    notes: z.string().nullable(),
    notesBy: z
      .enum(["student", "program"])
      .nullable()
      .openapi({ description: "Who wrote `notes`: the student applying, or the program (null without a note)" }),
    reviewNotes: z.string().nullable(),
    canWithdraw: z.boolean().openapi({ description: "Whether withdrawing is allowed today" }),
    leavesEarly: z.boolean().openapi({ description: "Withdrawing now would leave an approved rotation under way" }),
    submittedAt: z.string(),
    reviewedAt: z.string().nullable(),
    withdrawnAt: z.string().nullable(),
    student: z.object({
      id: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      name: z.string(),
      email: z.string(),
      gpa: z.number().nullable(),
    }),
    placement: z.object({
      id: z.string(),
      title: z.string(),
      specialty: z.string(),
      startDate: z.string(),
      endDate: z.string(),
    }),
    facility: z.object({ id: z.string(), name: z.string(), city: z.string().nullable(), state: z.string().nullable() }),
    program: z.object({ id: z.string(), name: z.string() }),
  })
  .openapi("Application");

/** The facility filter's options of the program's list. */
export const AppliedFacilitiesSchema = z.object({ items: z.array(z.object({ id: z.string(), name: z.string() })) });

export const FacilityApplicationSchema = z
  .object({
    id: z.string(),
    status,
    notes: z.string().nullable().openapi({ description: "The note sent with the application" }),
    notesBy: z.enum(["student", "program"]).nullable().openapi({
      description: "Who wrote `notes`: the student applying for themselves, or their program (null without a note)",
    }),
    reviewNotes: z.string().nullable().openapi({ description: "The facility's notes with its decision" }),
    submittedAt: z.string(),
    reviewedAt: z.string().nullable(),
    withdrawnAt: z.string().nullable(),
    student: z.object({ id: z.string(), name: z.string(), email: z.string(), gpa: z.number().nullable() }),
    placement: z.object({
      id: z.string(),
      title: z.string(),
      specialty: z.string(),
      startDate: z.string(),
      endDate: z.string(),
      status: z.enum(PLACEMENT_STATUSES),
      capacity: z.number().int(),
      slotsFilled: z.number().int(),
    }),
    department: z.object({ id: z.string(), name: z.string() }).nullable(),
    facility: z.object({ id: z.string(), name: z.string() }),
    program: z.object({ id: z.string(), name: z.string() }),
    ready: z.boolean().openapi({
      description: "The applicant meets every requirement of the program, facility and placement (issue 12)",
    }),
    overlap: z
      .object({
        title: z.string().nullable(),
        facilityName: z.string().nullable(),
        startDate: z.string(),
        endDate: z.string(),
        sameFacility: z.boolean(),
      })
      .nullable()
      .openapi({
        description:
          "A pending application's clash: the student's approved placement whose dates overlap (approval would be refused, 409). Another facility's rotation is dates only: title and facility null",
      }),
  })
  .openapi("FacilityApplication");

/** One application as the facility reviews it, with the applicant's details. */
export const ApplicantDetailSchema = FacilityApplicationSchema.extend({
  student: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    gpa: z.number().nullable(),
    phone: z.string().nullable(),
    specialtyInterest: z.string().nullable(),
    complianceStatus: z.enum(COMPLIANCE_STATUSES),
  }),
  readinessOverride: z
    .object({
      by: z.object({ id: z.string(), name: z.string() }).nullable(),
      at: z.string(),
      missing: z.array(z.string()).openapi({ description: "The requirements not met when approved" }),
    })
    .nullable()
    .openapi({ description: "Approved without full readiness: by whom, when, and what was missing" }),
}).openapi("FacilityApplicationDetail");

export const MyApplicationSchema = z
  .object({
    id: z.string(),
    status,
    notes: z.string().nullable(),
    notesBy: z.enum(["student", "program"]).nullable().openapi({
      description: "Who wrote `notes`: the student applying for themselves, or their program (null without a note)",
    }),
    reviewNotes: z.string().nullable().openapi({ description: "The facility's notes on its decision" }),
    canWithdraw: z.boolean().openapi({ description: "Whether withdrawing is allowed today (see the withdraw route)" }),
    leavesEarly: z
      .boolean()
      .openapi({ description: "Withdrawing now would leave an approved rotation already under way" }),
    submittedAt: z.string(),
    reviewedAt: z.string().nullable(),
    withdrawnAt: z.string().nullable(),
    placement: z.object({
      id: z.string(),
      title: z.string(),
      specialty: z.string(),
      description: z.string(),
      requirements: z.array(z.string()),
      startDate: z.string(),
      endDate: z.string(),
      durationWeeks: z.number().int(),
    }),
    facility: z.object({ name: z.string(), city: z.string().nullable(), state: z.string().nullable() }),
  })
  .openapi("MyApplication");

// ---------------------------------------------------------------------------------------------
// Withdraw

/** A withdrawal, by the program or by the student. */
export const WithdrawnSchema = z.object({
  id: z.string(),
  status: z.literal("withdrawn"),
  previousStatus: z.enum(["pending", "approved"]),
  withdrawnAt: z.string(),
  leftEarly: z.boolean(),
  message: z.string(),
});

// ---------------------------------------------------------------------------------------------
// Placed students

export const PlacedStudentSchema = z
  .object({
    applicationId: z.string(),
    student: z.object({ id: z.string(), name: z.string(), email: z.string() }),
    program: z.object({ id: z.string(), name: z.string() }),
    placement: z.object({
      id: z.string(),
      title: z.string(),
      specialty: z.string(),
      startDate: z.string(),
      endDate: z.string(),
    }),
    department: z.object({ id: z.string(), name: z.string() }).nullable(),
    facility: z.object({ id: z.string(), name: z.string() }),
    phase: z.enum(PLACED_PHASES),
  })
  .openapi("PlacedStudent");
