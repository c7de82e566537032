import { createRoute, z } from "@hono/zod-openapi";
import { eq } from "drizzle-orm";
import { bodyLimit } from "hono/body-limit";
import type { MiddlewareHandler } from "hono/types";
import { ADMIN_ROLES, PROGRAM_SIDE, STUDENT_VIEWERS } from "../../../domain/roles";
import {
  ROSTER_MAX_BYTES,
  ROSTER_MAX_ROWS,
  ROSTER_TOO_LARGE,
  ROSTER_TOO_MANY_ROWS,
  rosterLineCount,
} from "../../../domain/roster";
import {
  acceptInvitationSchema,
  CHOOSE_PROGRAM,
  NOT_MY_PROGRAM_REPORTED,
  SIGN_UP_CODE_SENT,
  studentSignUpConfirmSchema,
  studentSignUpSchema,
} from "../../../domain/student-accounts";
import { ENROLLMENT_FILTERS, STUDENT_SORTS } from "../../../domain/student-list";
import { experienceSchema, preferencesSchema } from "../../../domain/student-profile";
import { COMPLIANCE_STATUSES, studentInputSchema } from "../../../domain/students";
import { users } from "../../db/schema/auth";
import { students } from "../../db/schema/students";
import { allow, type GuardedEnv, programScope, studentScope } from "../../lib/access";
import { actorOf, changedFields, noteAudit, recordAudit } from "../../lib/audit";
import { clientAddressOf } from "../../lib/client-address";
import { sendCsv } from "../../lib/csv";
import { AppError } from "../../lib/errors";
import { requireClientMailQuota } from "../../lib/mail-quota";
import { pageOf, pageQuerySchema } from "../../lib/pagination";
import { cachedRead } from "../../lib/read-cache";
import { READS } from "../../lib/read-cache-routes";
import { createRouter, ErrorSchema, errorResponses, idParam, jsonContent } from "../../lib/router";
import { acceptInvitation, confirmSignUp, getInvitation, requestSignUpCode } from "./accounts";
import { inviteAllStudents, inviteStudent } from "./invitations";
import { addExperience, deleteExperience, myProfile, savePreferences, updateExperience } from "./profile";
import { getStudentDetail, getStudentItem, listStudents, targetProgram } from "./roster";
import { createStudent, deleteStudent, setEnrollment, updateStudent, withdrawStudent } from "./roster-changes";
import { listSharedRosterEmails, myRosterClaims, reportRosterClaim } from "./roster-claims";
import { EXPORT_HEADER, exportStudents } from "./roster-export";
import { importRoster, previewRoster, previewSummary } from "./roster-import";
import {
  AccountCreatedSchema,
  ChooseProgramSchema,
  ClaimReportedSchema,
  DeletedSchema,
  ExperienceSchema,
  InvitationSchema,
  InviteAllResultSchema,
  MyClaimsSchema,
  PreferencesSchema,
  ProfileSchema,
  PublicInvitationSchema,
  RosterImportSchema,
  RosterPreviewSchema,
  SharedEmailSchema,
  SignUpCodeSentSchema,
  StudentDetailSchema,
  StudentSchema,
} from "./schemas";

// Students, whoever calls:
// - /api/students: the program coordinator's roster (issue 3): list, CSV, add, import, edit,
//   remove, withdraw, reinstate, invite. Coordinators see their own program; admins any program
//   (optionally one, by programId); everyone else gets 403 (D1).
// - /api/invitations and /api/accounts/student-sign-up, public (D3): the student's account, by the
//   program's invitation link or by the roster email confirmed with a code. Both end signed in.
// - /api/me/student/roster-claims and /api/admin/roster-claims (issue 8, item 2): programs' claims
//   on a student's email, made visible to the student and to the admins.
// - /api/me/student: the student's own profile, preferences and experience.
// The student's routes admit students, and admins viewing as one (404 'no student record' unless
// one is linked to them); program and facility users get 403. The guard's Scope says whose records.

const json = <T extends z.ZodType>(schema: T) => ({
  body: { content: { "application/json": { schema } }, required: true },
});

// ---------------------------------------------------------------------------------------------
// The roster: list, CSV, add, edit, remove, withdraw, reinstate

const programIdQuery = z.uuid("programId must be a program's id").optional();

const filterSchema = z.object({
  programId: programIdQuery,
  specialty: z.string().trim().max(100, "specialty must be at most 100 characters").optional(),
  complianceStatus: z.enum(COMPLIANCE_STATUSES).optional(),
  enrollment: z.enum(ENROLLMENT_FILTERS).default("active"),
  sort: z.enum(STUDENT_SORTS).default("createdAt"),
});
const listQuery = pageQuerySchema.extend(filterSchema.shape);
const exportQuery = pageQuerySchema.omit({ page: true, pageSize: true }).extend(filterSchema.shape);

const studentId = idParam("Student");

const createBody = studentInputSchema.extend({ programId: programIdQuery });
const updateBody = studentInputSchema.partial();

const listRoute = createRoute({
  method: "get",
  path: "/",
  tags: ["students"],
  summary: "The program's students: search, filters, sort, pages (D13)",
  middleware: [allow(...PROGRAM_SIDE), cachedRead(READS.students)] as const,
  request: { query: listQuery },
  responses: { 200: jsonContent(pageOf(StudentSchema), "A page of students"), ...errorResponses },
});

const exportRoute = createRoute({
  method: "get",
  path: "/export.csv",
  tags: ["students"],
  summary: "Every student matching the filters, as CSV",
  middleware: [allow(...PROGRAM_SIDE)] as const,
  request: { query: exportQuery },
  responses: {
    200: { description: "CSV (UTF-8 with BOM)", content: { "text/csv": { schema: z.string() } } },
    ...errorResponses,
  },
});

const createStudentRoute = createRoute({
  method: "post",
  path: "/",
  tags: ["students"],
  summary: "Add a student to the roster (compliance starts pending)",
  middleware: [allow(...PROGRAM_SIDE)] as const,
  request: json(createBody),
  responses: { 201: jsonContent(StudentSchema, "The new student"), ...errorResponses },
});

const detailRoute = createRoute({
  method: "get",
  path: "/{id}",
  tags: ["students"],
  summary: "A student with statistics and applications",
  middleware: [allow(...PROGRAM_SIDE)] as const,
  request: { params: studentId },
  responses: { 200: jsonContent(StudentDetailSchema, "The student"), ...errorResponses },
});

const updateRoute = createRoute({
  method: "patch",
  path: "/{id}",
  tags: ["students"],
  summary: "Edit a student",
  middleware: [allow(...PROGRAM_SIDE)] as const,
  request: { params: studentId, ...json(updateBody) },
  responses: { 200: jsonContent(StudentSchema, "The student, edited"), ...errorResponses },
});

const deleteRoute = createRoute({
  method: "delete",
  path: "/{id}",
  tags: ["students"],
  summary: "Remove a student who has no applications (otherwise withdraw them)",
  middleware: [allow(...PROGRAM_SIDE)] as const,
  request: { params: studentId },
  responses: { 200: jsonContent(DeletedSchema, "Removed"), ...errorResponses },
});

const withdrawRoute = createRoute({
  method: "post",
  path: "/{id}/withdraw",
  tags: ["students"],
  summary: "Withdraw a student from the roster, keeping their history",
  description:
    "Also withdraws the student's pending applications and their approved ones whose rotation has not started (freeing the seats), in the same transaction; each facility concerned is told by mail and live event. Nothing can be approved for a withdrawn student.",
  middleware: [allow(...PROGRAM_SIDE)] as const,
  request: { params: studentId },
  responses: { 200: jsonContent(StudentSchema, "The student, withdrawn"), ...errorResponses },
});

const reinstateRoute = createRoute({
  method: "post",
  path: "/{id}/reinstate",
  tags: ["students"],
  summary: "Put a withdrawn student back on the active roster",
  middleware: [allow(...PROGRAM_SIDE)] as const,
  request: { params: studentId },
  responses: { 200: jsonContent(StudentSchema, "The student, active"), ...errorResponses },
});

// ---------------------------------------------------------------------------------------------
// Import a roster CSV: preview, then import

const rosterBody = z.object({
  csv: z
    .string({ error: "csv is required" })
    .max(ROSTER_MAX_BYTES, ROSTER_TOO_LARGE)
    .refine((csv) => rosterLineCount(csv) <= ROSTER_MAX_ROWS, ROSTER_TOO_MANY_ROWS),
  programId: programIdQuery,
});

// Typed as a guarded handler so the route keeps the guard's typed viewer and scope after it.
const rosterLimit: MiddlewareHandler<GuardedEnv> = bodyLimit({
  maxSize: ROSTER_MAX_BYTES + 64 * 1024,
  onError: () => {
    throw new AppError("too_large", ROSTER_TOO_LARGE, 413);
  },
});

const previewRoute = createRoute({
  method: "post",
  path: "/import/preview",
  tags: ["students"],
  summary: "Validate a roster CSV row by row without saving anything",
  middleware: [allow(...PROGRAM_SIDE), rosterLimit] as const,
  request: json(rosterBody),
  responses: { 200: jsonContent(RosterPreviewSchema, "Each row with its errors"), ...errorResponses },
});

const importRoute = createRoute({
  method: "post",
  path: "/import",
  tags: ["students"],
  summary: "Import the valid rows of a roster CSV in one transaction; skip the others with reasons",
  middleware: [allow(...PROGRAM_SIDE), rosterLimit] as const,
  request: json(rosterBody),
  responses: { 200: jsonContent(RosterImportSchema, "How many were added and which were skipped"), ...errorResponses },
});

// ---------------------------------------------------------------------------------------------
// Invitations: one student, or every one not invited yet

const inviteRoute = createRoute({
  method: "post",
  path: "/{id}/invite",
  tags: ["students"],
  summary: "Email the student an invitation to create their account (again: a fresh link)",
  middleware: [allow(...PROGRAM_SIDE)] as const,
  request: { params: studentId },
  responses: { 200: jsonContent(InvitationSchema, "The invitation state"), ...errorResponses },
});

const inviteAllRoute = createRoute({
  method: "post",
  path: "/invite-all",
  tags: ["students"],
  summary: "Email an invitation to every active student without an account or a valid invitation",
  middleware: [allow(...PROGRAM_SIDE)] as const,
  request: {
    body: {
      required: false,
      content: {
        "application/json": {
          schema: z.object({
            programId: z.uuid("Unknown program").optional().openapi({ description: "Admins: the program" }),
          }),
        },
      },
    },
  },
  responses: { 200: jsonContent(InviteAllResultSchema, "How many invitations were sent"), ...errorResponses },
});

// ---------------------------------------------------------------------------------------------
// The student's account (D3, public): the invitation link, the roster-email sign-up

const gone = { description: "Used or expired", content: { "application/json": { schema: ErrorSchema } } };

const tokenParam = z.object({
  token: z
    .string()
    .min(1)
    .max(200)
    .openapi({ param: { name: "token", in: "path" }, description: "The token from the emailed link" }),
});

const getInvitationRoute = createRoute({
  method: "get",
  path: "/{token}",
  tags: ["student accounts"],
  summary: "Whether an invitation link is valid, used or expired, with the student's first name and program",
  request: { params: tokenParam },
  responses: { 200: jsonContent(PublicInvitationSchema, "The invitation"), 404: errorResponses[404] },
});

const acceptRoute = createRoute({
  method: "post",
  path: "/{token}/accept",
  tags: ["student accounts"],
  summary: "Set a password: creates the student's account (roster email), links it and signs in",
  request: { params: tokenParam, ...json(acceptInvitationSchema) },
  responses: {
    201: jsonContent(AccountCreatedSchema, "Signed in (session cookie set)"),
    403: { ...errorResponses[403], description: "The inviting program is pending verification or was rejected" },
    404: errorResponses[404],
    409: errorResponses[409],
    410: gone,
    422: errorResponses[422],
  },
});

const requestCodeRoute = createRoute({
  method: "post",
  path: "/",
  tags: ["student accounts"],
  summary: "Email a 6-digit code to a roster email without an account (same answer for every email)",
  request: json(studentSignUpSchema),
  responses: {
    202: jsonContent(SignUpCodeSentSchema, "Accepted: check the email"),
    422: errorResponses[422],
    429: {
      description: "Too many requests from this address",
      content: { "application/json": { schema: ErrorSchema } },
    },
  },
});

const confirmRoute = createRoute({
  method: "post",
  path: "/confirm",
  tags: ["student accounts"],
  summary: "Confirm the code and set a password: creates the student's account and signs in",
  description:
    "Only an active roster entry of a verified program without an account links. When several such entries list the email and `rosterEntryId` names none of them, the answer is 200 with the programs to choose from: nothing is created and the code stays usable. A `rosterEntryId` not in that list is 422.",
  request: json(studentSignUpConfirmSchema),
  responses: {
    200: jsonContent(ChooseProgramSchema, "Code right; choose the program (nothing created yet)"),
    201: jsonContent(AccountCreatedSchema, "Signed in (session cookie set)"),
    409: errorResponses[409],
    410: gone,
    422: errorResponses[422],
  },
});

function appendCookies(c: { header: (n: string, v: string, o: { append: true }) => void }, headers: Headers) {
  for (const cookie of headers.getSetCookie()) c.header("set-cookie", cookie, { append: true });
}

// ---------------------------------------------------------------------------------------------
// Roster claims: the student's, and the emails several programs list (admins)

const rosterEntryId = idParam("Roster entry");

const myClaimsRoute = createRoute({
  method: "get",
  path: "/",
  tags: ["student"],
  summary: "The program the student's account is linked to, and the other programs listing their email",
  middleware: [allow(...STUDENT_VIEWERS)] as const,
  responses: { 200: jsonContent(MyClaimsSchema, "The claims"), ...errorResponses },
});

const reportRoute = createRoute({
  method: "post",
  path: "/{id}/report",
  tags: ["student"],
  summary: "'Not my program': report another program's roster entry with the student's email to the admins",
  middleware: [allow(...STUDENT_VIEWERS)] as const,
  request: { params: rosterEntryId },
  responses: { 200: jsonContent(ClaimReportedSchema, "Reported (repeating is harmless)"), ...errorResponses },
});

const sharedQuery = pageQuerySchema.omit({ order: true }).extend({
  reported: z
    .enum(["true", "false"], { error: "reported must be true or false" })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === "true")),
});

const sharedRoute = createRoute({
  method: "get",
  path: "/",
  tags: ["admin"],
  summary: "Emails on more than one program's roster: the programs, the linked one, students' reports",
  middleware: [allow(...ADMIN_ROLES)] as const,
  request: { query: sharedQuery },
  responses: { 200: jsonContent(pageOf(SharedEmailSchema), "A page of emails, reported first"), ...errorResponses },
});

// ---------------------------------------------------------------------------------------------
// The student's own profile: academic record, preferences, experience

const profileRoute = createRoute({
  method: "get",
  path: "/profile",
  tags: ["student"],
  summary: "Academic record (read-only, from the roster), preferences and experience",
  middleware: [allow(...STUDENT_VIEWERS)] as const,
  responses: { 200: jsonContent(ProfileSchema, "The profile"), ...errorResponses },
});

const preferencesRoute = createRoute({
  method: "put",
  path: "/preferences",
  tags: ["student"],
  summary: "Save preferences, goals and accommodation requests (creates the row or updates it)",
  middleware: [allow(...STUDENT_VIEWERS)] as const,
  request: json(preferencesSchema),
  responses: { 200: jsonContent(PreferencesSchema, "Saved"), ...errorResponses },
});

const addExperienceRoute = createRoute({
  method: "post",
  path: "/experiences",
  tags: ["student"],
  summary: "Add a clinical, work or volunteer experience",
  middleware: [allow(...STUDENT_VIEWERS)] as const,
  request: json(experienceSchema),
  responses: { 201: jsonContent(ExperienceSchema, "Added"), ...errorResponses },
});

const updateExperienceRoute = createRoute({
  method: "put",
  path: "/experiences/{id}",
  tags: ["student"],
  summary: "Edit an experience",
  middleware: [allow(...STUDENT_VIEWERS)] as const,
  request: { params: idParam("Experience"), ...json(experienceSchema) },
  responses: { 200: jsonContent(ExperienceSchema, "Saved"), ...errorResponses },
});

const deleteExperienceRoute = createRoute({
  method: "delete",
  path: "/experiences/{id}",
  tags: ["student"],
  summary: "Remove an experience",
  middleware: [allow(...STUDENT_VIEWERS)] as const,
  request: { params: idParam("Experience") },
  responses: { 200: jsonContent(DeletedSchema, "Removed"), ...errorResponses },
});

// ---------------------------------------------------------------------------------------------
// The routers, one per mount point (app.ts)

/** /api/students: the program's roster. */
export const studentRoutes = createRouter()
  .openapi(inviteAllRoute, async (c) => {
    const viewer = c.get("viewer");
    const body = c.req.header("content-type") ? c.req.valid("json") : {};
    const programId = await targetProgram(
      c.get("deps").db,
      programScope(c.get("scope"), body?.programId),
      body?.programId,
    );
    return c.json(await inviteAllStudents(c.get("deps"), viewer, programId), 200);
  })
  .openapi(listRoute, async (c) => {
    const q = c.req.valid("query");
    const scope = programScope(c.get("scope"), q.programId);
    return c.json(await listStudents(c.get("deps").db, scope, q), 200);
  })
  .openapi(exportRoute, async (c) => {
    const q = c.req.valid("query");
    const scope = programScope(c.get("scope"), q.programId);
    const rows = await exportStudents(c.get("deps").db, scope, q);
    const day = new Date().toISOString().slice(0, 10);
    return sendCsv(c, `students-${day}.csv`, EXPORT_HEADER, rows);
  })
  .openapi(createStudentRoute, async (c) => {
    const { programId, ...input } = c.req.valid("json");
    const db = c.get("deps").db;
    const target = await targetProgram(db, programScope(c.get("scope"), programId), programId);
    return c.json(await createStudent(db, target, input), 201);
  })
  .openapi(previewRoute, async (c) => {
    const { csv, programId } = c.req.valid("json");
    const db = c.get("deps").db;
    const target = await targetProgram(db, programScope(c.get("scope"), programId), programId);
    noteAudit(c, { skip: true }); // a check that stores nothing: not a change
    return c.json(previewSummary(await previewRoster(db, target, csv)), 200);
  })
  .openapi(importRoute, async (c) => {
    const { csv, programId } = c.req.valid("json");
    const db = c.get("deps").db;
    const target = await targetProgram(db, programScope(c.get("scope"), programId), programId);
    const result = await importRoster(db, target, csv);
    noteAudit(c, {
      organizationId: target,
      after: { added: result.added, skipped: result.skipped.length },
      summary: `Imported a roster CSV: ${result.added} added, ${result.skipped.length} skipped`,
    });
    return c.json(result, 200);
  })
  .openapi(detailRoute, async (c) => {
    const scope = programScope(c.get("scope"));
    return c.json(await getStudentDetail(c.get("deps").db, scope, c.req.valid("param").id), 200);
  })
  .openapi(updateRoute, async (c) => {
    const scope = programScope(c.get("scope"));
    const id = c.req.valid("param").id;
    const before = await getStudentItem(c.get("deps").db, scope, id);
    const after = await updateStudent(c.get("deps").db, scope, id, c.req.valid("json"));
    // The audit trail keeps what the edit changed (ADR 019).
    noteAudit(c, { ...changedFields(before, after), organizationId: after.programId });
    return c.json(after, 200);
  })
  .openapi(deleteRoute, async (c) => {
    const scope = programScope(c.get("scope"));
    return c.json(await deleteStudent(c.get("deps").db, scope, c.req.valid("param").id), 200);
  })
  .openapi(withdrawRoute, async (c) => {
    const scope = programScope(c.get("scope"));
    return c.json(await withdrawStudent(c.get("deps"), scope, c.req.valid("param").id), 200);
  })
  .openapi(reinstateRoute, async (c) => {
    const scope = programScope(c.get("scope"));
    return c.json(await setEnrollment(c.get("deps").db, scope, c.req.valid("param").id, "active"), 200);
  })
  .openapi(inviteRoute, async (c) => {
    const viewer = c.get("viewer");
    const scope = programScope(c.get("scope"));
    return c.json(await inviteStudent(c.get("deps"), viewer, scope, c.req.valid("param").id), 200);
  });

/** /api/invitations: the student's invitation link. */
export const invitationRoutes = createRouter()
  .openapi(getInvitationRoute, async (c) => c.json(await getInvitation(c.get("deps"), c.req.valid("param").token), 200))
  .openapi(acceptRoute, async (c) => {
    const { userId, studentId, programName, headers } = await acceptInvitation(
      c.get("deps"),
      c.req.valid("param").token,
      c.req.valid("json").password,
      c.req.raw.headers,
    );
    appendCookies(c, headers);
    await recordStudentAccount(c, { userId, studentId, programName }, "invitation");
    return c.json({ userId, studentId, programName, redirectTo: "/dashboard/student" as const }, 201);
  });

/**
 * A student's account made without a signed-in viewer (an invitation, a sign-up code): the
 * pipeline records only signed-in writes, so these are recorded here (ADR 019).
 */
async function recordStudentAccount(
  c: Parameters<typeof actorOf>[0],
  made: { userId: string; studentId: string; programName: string },
  how: "invitation" | "code",
) {
  const { db, log } = c.get("deps");
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, made.userId));
  const [student] = await db
    .select({ programId: students.programId })
    .from(students)
    .where(eq(students.id, made.studentId));
  await recordAudit(db, {
    ...actorOf(c, null),
    actorId: made.userId,
    actorEmail: user?.email ?? null,
    actorRole: "student",
    action: how === "invitation" ? "student.accept_invitation" : "student.sign_up_with_code",
    summary:
      how === "invitation"
        ? `Accepted an invitation and created a student account (${made.programName})`
        : `Created a student account with an emailed code (${made.programName})`,
    entityType: "students",
    entityId: made.studentId,
    organizationId: student?.programId ?? null,
    after: { userId: made.userId, studentId: made.studentId },
    detail: { method: c.req.method, path: c.req.path, status: 201 },
  }).catch((err) => log.error({ err }, "audit: could not record a student account"));
}

/** /api/accounts/student-sign-up: the roster-email sign-up. */
export const studentSignUpRoutes = createRouter()
  .openapi(requestCodeRoute, async (c) => {
    // Issue 8, item 6: 20 requests an hour per client address (429 beyond), whatever the email.
    await requireClientMailQuota(c.get("deps"), clientAddressOf(c));
    await requestSignUpCode(c.get("deps"), c.req.valid("json"));
    return c.json({ message: SIGN_UP_CODE_SENT }, 202);
  })
  .openapi(confirmRoute, async (c) => {
    const result = await confirmSignUp(c.get("deps"), c.req.valid("json"), c.req.raw.headers);
    if (result.kind === "choose") {
      return c.json({ chooseProgram: true as const, message: CHOOSE_PROGRAM, programs: result.programs }, 200);
    }
    const { userId, studentId, programName, headers } = result;
    appendCookies(c, headers);
    await recordStudentAccount(c, { userId, studentId, programName }, "code");
    return c.json({ userId, studentId, programName, redirectTo: "/dashboard/student" as const }, 201);
  });

/** /api/me/student/roster-claims: the student's. */
export const myRosterClaimRoutes = createRouter()
  .openapi(myClaimsRoute, async (c) =>
    c.json(await myRosterClaims(c.get("deps").db, c.get("viewer"), studentScope(c.get("scope"))), 200),
  )
  .openapi(reportRoute, async (c) => {
    const scope = studentScope(c.get("scope"));
    const result = await reportRosterClaim(c.get("deps"), c.get("viewer"), scope, c.req.valid("param").id);
    return c.json({ ...result, message: NOT_MY_PROGRAM_REPORTED }, 200);
  });

/** /api/admin/roster-claims: the emails several programs list. */
export const adminRosterClaimRoutes = createRouter().openapi(sharedRoute, async (c) =>
  c.json(await listSharedRosterEmails(c.get("deps").db, c.req.valid("query")), 200),
);

/** /api/me/student: the student's own profile. */
export const myProfileRoutes = createRouter()
  .openapi(profileRoute, async (c) => c.json(await myProfile(c.get("deps").db, studentScope(c.get("scope"))), 200))
  .openapi(preferencesRoute, async (c) =>
    c.json(
      await savePreferences(c.get("deps").db, c.get("viewer"), studentScope(c.get("scope")), c.req.valid("json")),
      200,
    ),
  )
  .openapi(addExperienceRoute, async (c) =>
    c.json(await addExperience(c.get("deps").db, studentScope(c.get("scope")), c.req.valid("json")), 201),
  )
  .openapi(updateExperienceRoute, async (c) => {
    const scope = studentScope(c.get("scope"));
    return c.json(await updateExperience(c.get("deps").db, scope, c.req.valid("param").id, c.req.valid("json")), 200);
  })
  .openapi(deleteExperienceRoute, async (c) =>
    c.json(await deleteExperience(c.get("deps").db, studentScope(c.get("scope")), c.req.valid("param").id), 200),
  );
