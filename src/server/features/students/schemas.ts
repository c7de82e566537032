import { z } from "@hono/zod-openapi";
import { ROSTER_COLUMNS } from "../../../domain/roster";
import { INVITATION_STATES_PUBLIC } from "../../../domain/student-accounts";
import { INVITATION_STATES } from "../../../domain/student-list";
import { EXPERIENCE_KINDS } from "../../../domain/student-profile";
import { COMPLIANCE_STATUSES } from "../../../domain/students";
import { INVITE_ALL_BATCH } from "./invitations";

// The students domain's response bodies: the program's roster, its import and invitations; the
// student's account (invitation, sign-up), roster claims and own profile.

// ---------------------------------------------------------------------------------------------
// The roster

const ApplicationCountsSchema = z
  .object({
    pending: z.number().int(),
    approved: z.number().int(),
    rejected: z.number().int(),
    withdrawn: z.number().int(),
    total: z.number().int(),
  })
  .openapi("ApplicationCounts");

export const InvitationSchema = z
  .object({
    state: z.enum(INVITATION_STATES),
    sentAt: z.string().nullable(),
    expiresAt: z.string().nullable(),
  })
  .openapi("StudentInvitation");

export const StudentSchema = z
  .object({
    id: z.string(),
    programId: z.string(),
    programName: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    gpa: z.number().nullable(),
    specialtyInterest: z.string().nullable(),
    complianceStatus: z.enum(COMPLIANCE_STATUSES),
    enrollmentStatus: z.enum(["active", "withdrawn"]),
    withdrawnAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    applications: ApplicationCountsSchema,
    invitation: InvitationSchema,
  })
  .openapi("Student");

const StudentApplicationSchema = z
  .object({
    id: z.string(),
    placementId: z.string(),
    placementTitle: z.string(),
    specialty: z.string(),
    facilityName: z.string(),
    facilityCity: z.string().nullable(),
    facilityState: z.string().nullable(),
    startDate: z.string(),
    endDate: z.string(),
    status: z.enum(["pending", "approved", "rejected", "withdrawn"]),
    notes: z.string().nullable(),
    submittedAt: z.string(),
    reviewedAt: z.string().nullable(),
  })
  .openapi("StudentApplication");

export const StudentDetailSchema = z
  .object({
    student: StudentSchema,
    statistics: ApplicationCountsSchema,
    accommodationRequests: z
      .string()
      .nullable()
      .openapi({ description: "The student's accommodation requests (their program only)" }),
    applications: z.array(StudentApplicationSchema),
  })
  .openapi("StudentDetail");

/** A record removed (a roster entry, an experience). */
export const DeletedSchema = z.object({ id: z.string(), deleted: z.literal(true) });

// ---------------------------------------------------------------------------------------------
// Import

export const RosterPreviewSchema = z
  .object({
    rows: z.array(
      z.object({ line: z.number().int(), values: z.record(z.string(), z.string()), errors: z.array(z.string()) }),
    ),
    missingColumns: z.array(z.enum(ROSTER_COLUMNS)),
    unknownColumns: z.array(z.string()),
    total: z.number().int(),
    valid: z.number().int(),
    invalid: z.number().int(),
  })
  .openapi("RosterPreview");

export const RosterImportSchema = z
  .object({
    added: z.number().int(),
    skipped: z.array(z.object({ line: z.number().int(), email: z.string(), reasons: z.array(z.string()) })),
  })
  .openapi("RosterImport");

// ---------------------------------------------------------------------------------------------
// Invitations and the student's account

/** "Invite all": how many were sent, failed, and remain. */
export const InviteAllResultSchema = z
  .object({
    sent: z.number().int().openapi({ description: "Invitations emailed" }),
    failed: z.number().int().openapi({ description: "Invitations that could not be sent" }),
    remaining: z
      .number()
      .int()
      .openapi({ description: `Still to invite (at most ${INVITE_ALL_BATCH} a call)` }),
  })
  .openapi("InviteAllResult");

export const PublicInvitationSchema = z
  .object({
    state: z.enum(INVITATION_STATES_PUBLIC),
    firstName: z.string(),
    programName: z.string(),
    email: z.string().nullable().openapi({ description: "The account's email, while the link is valid" }),
    expiresAt: z.string(),
    message: z.string().nullable().openapi({ description: "What to do when the link is used or expired" }),
  })
  .openapi("PublicInvitation");

export const AccountCreatedSchema = z
  .object({
    userId: z.string(),
    studentId: z.string(),
    programName: z.string().openapi({ description: "The program the account is linked to" }),
    redirectTo: z.literal("/dashboard/student"),
  })
  .openapi("StudentAccountCreated");

export const ChooseProgramSchema = z
  .object({
    chooseProgram: z.literal(true),
    message: z.string(),
    programs: z.array(
      z.object({
        rosterEntryId: z.string(),
        programName: z.string(),
        addedAt: z.string().openapi({ description: "When the program added the email to its roster" }),
      }),
    ),
  })
  .openapi("StudentSignUpChooseProgram");

/** The sign-up code was sent (or not: the same answer for every email). */
export const SignUpCodeSentSchema = z.object({ message: z.string() });

// ---------------------------------------------------------------------------------------------
// Roster claims

export const MyClaimsSchema = z
  .object({
    linked: z
      .object({
        rosterEntryId: z.string(),
        programName: z.string(),
        addedAt: z.string(),
        linkedAt: z.string().nullable(),
      })
      .nullable()
      .openapi({ description: "The program the account is linked to" }),
    others: z
      .array(
        z.object({
          rosterEntryId: z.string(),
          programName: z.string(),
          addedAt: z.string().openapi({ description: "When that program added the email to its roster" }),
          reportedAt: z.string().nullable().openapi({ description: "When the student said 'Not my program'" }),
        }),
      )
      .openapi({ description: "Other programs whose roster lists the student's email (name and date only)" }),
  })
  .openapi("MyRosterClaims");

/** A "Not my program" report. */
export const ClaimReportedSchema = z.object({
  rosterEntryId: z.string(),
  programName: z.string(),
  reportedAt: z.string(),
  message: z.string(),
});

export const SharedEmailSchema = z
  .object({
    email: z.string(),
    programs: z.number().int(),
    reports: z.number().int().openapi({ description: "'Not my program' reports on this email's entries" }),
    entries: z.array(
      z.object({
        rosterEntryId: z.string(),
        programId: z.string(),
        programName: z.string(),
        programStatus: z.enum(["pending", "verified", "rejected"]),
        enrollmentStatus: z.enum(["active", "withdrawn"]),
        addedAt: z.string(),
        linked: z.boolean().openapi({ description: "This entry is linked to the student's account" }),
        linkedAt: z.string().nullable(),
        reports: z.number().int(),
        lastReportedAt: z.string().nullable(),
      }),
    ),
  })
  .openapi("SharedRosterEmail");

// ---------------------------------------------------------------------------------------------
// The student's own profile

export const PreferencesSchema = z
  .object({
    geographicPreferences: z.array(z.string()),
    specialtyInterests: z.array(z.string()),
    scheduleConstraints: z.string().nullable(),
    transportationOptions: z.string().nullable(),
    careerGoals: z.string().nullable(),
    accommodationRequests: z.string().nullable(),
    updatedAt: z.string().nullable(),
  })
  .openapi("StudentPreferences");

export const ExperienceSchema = z
  .object({
    id: z.string(),
    kind: z.enum(EXPERIENCE_KINDS),
    organization: z.string(),
    title: z.string(),
    startDate: z.string(),
    endDate: z.string().nullable(),
    description: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("StudentExperience");

export const ProfileSchema = z
  .object({
    academic: z.object({
      firstName: z.string(),
      lastName: z.string(),
      email: z.string(),
      phone: z.string().nullable(),
      gpa: z.number().nullable(),
      specialtyInterest: z.string().nullable(),
      complianceStatus: z.enum(COMPLIANCE_STATUSES),
      enrollmentStatus: z.enum(["active", "withdrawn"]),
      programName: z.string(),
    }),
    preferences: PreferencesSchema,
    experiences: z.array(ExperienceSchema),
  })
  .openapi("StudentProfile");
