import { createRoute, z } from "@hono/zod-openapi";
import { APPLICATION_NOTES_MAX, APPLICATION_STATUSES } from "../../../domain/applications";
import { isoDate } from "../../../domain/dates";
import { STUDENT_VIEWERS } from "../../../domain/roles";
import { EXPERIENCE_KINDS, experienceSchema, preferencesSchema } from "../../../domain/student-profile";
import { COMPLIANCE_STATUSES } from "../../../domain/students";
import { allow } from "../../lib/access";
import { pageOf, pageQuerySchema } from "../../lib/pagination";
import { createRouter, errorResponses, idParam, jsonContent } from "../../lib/router";
import { PlacementSchema } from "../placements/schemas";
import {
  addExperience,
  applyToPlacement,
  browsePlacements,
  deleteExperience,
  myApplications,
  myProfile,
  ownStudentId,
  savePreferences,
  studentDashboard,
  updateExperience,
  withdrawMyApplication,
} from "./service";

// /api/me/student: the signed-in student's own records. Students; admins and super admins may
// view as a student and get 404 'no student record' unless one is linked to their account.
// Program and facility users: 403. Signed out: 401.

const json = <T extends z.ZodType>(schema: T) => ({
  body: { content: { "application/json": { schema } }, required: true },
});
const status = z.enum(APPLICATION_STATUSES);

const DashboardSchema = z
  .object({
    student: z.object({
      firstName: z.string(),
      lastName: z.string(),
      programName: z.string(),
      complianceStatus: z.enum(COMPLIANCE_STATUSES),
    }),
    stats: z.object({
      underReview: z.number().int(),
      upcomingRotations: z.number().int(),
      totalApplications: z.number().int(),
    }),
    recentApplications: z.array(
      z.object({
        id: z.string(),
        status,
        submittedAt: z.string(),
        placementTitle: z.string(),
        specialty: z.string(),
        facilityName: z.string(),
      }),
    ),
    upcomingEvents: z.array(
      z.object({
        kind: z.literal("rotation_start"),
        applicationId: z.string(),
        placementTitle: z.string(),
        date: z.string(),
        endDate: z.string(),
        facility: z.object({ name: z.string(), city: z.string().nullable(), state: z.string().nullable() }),
      }),
    ),
  })
  .openapi("StudentDashboard");

const StudentPlacementSchema = PlacementSchema.extend({
  myApplication: z.object({ id: z.string(), status }).nullable().openapi({
    description: "The student's own application to this placement, if any ('Applied')",
  }),
}).openapi("StudentPlacement");

const day = (name: string) => isoDate(name).optional();
const placementQuery = pageQuerySchema.omit({ order: true }).extend({
  specialty: z.string().trim().max(100).optional(),
  startFrom: day("startFrom"),
  endBy: day("endBy"),
});

const applyBody = z.object({
  placementId: z.uuid("Choose a placement"),
  notes: z
    .string()
    .trim()
    .max(APPLICATION_NOTES_MAX, `Notes must be at most ${APPLICATION_NOTES_MAX} characters`)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
});

const MyApplicationSchema = z
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

const applicationsQuery = z.object({
  page: pageQuerySchema.shape.page,
  pageSize: z.coerce.number().int().min(1).max(100, "pageSize must be at most 100").default(50),
});

const PreferencesSchema = z
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

const ExperienceSchema = z
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

const ProfileSchema = z
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

const dashboardRoute = createRoute({
  method: "get",
  path: "/dashboard",
  tags: ["student"],
  summary: "The student's dashboard: tiles, recent applications, upcoming rotation starts",
  middleware: [allow(...STUDENT_VIEWERS)] as const,
  responses: { 200: jsonContent(DashboardSchema, "The dashboard"), ...errorResponses },
});

const placementsRoute = createRoute({
  method: "get",
  path: "/placements",
  tags: ["student"],
  summary: "Open placements with spots left, each with the student's own application if any",
  middleware: [allow(...STUDENT_VIEWERS)] as const,
  request: { query: placementQuery },
  responses: { 200: jsonContent(pageOf(StudentPlacementSchema), "A page of placements"), ...errorResponses },
});

const applyRoute = createRoute({
  method: "post",
  path: "/applications",
  tags: ["student"],
  summary: "Apply to a placement (the application carries the student's own program); 409 when already applied",
  middleware: [allow(...STUDENT_VIEWERS)] as const,
  request: json(applyBody),
  responses: {
    201: jsonContent(
      z.object({
        id: z.string(),
        status: z.literal("pending"),
        submittedAt: z.string(),
        placement: z.object({ id: z.string(), title: z.string(), facilityName: z.string() }),
      }),
      "Application submitted",
    ),
    ...errorResponses,
  },
});

const applicationsRoute = createRoute({
  method: "get",
  path: "/applications",
  tags: ["student"],
  summary: "The student's applications: pending, approved, rejected, withdrawn",
  middleware: [allow(...STUDENT_VIEWERS)] as const,
  request: { query: applicationsQuery },
  responses: { 200: jsonContent(pageOf(MyApplicationSchema), "A page of applications"), ...errorResponses },
});

const withdrawRoute = createRoute({
  method: "post",
  path: "/applications/{id}/withdraw",
  tags: ["student"],
  summary: "Withdraw one's own pending or approved application (an approved one frees its slot)",
  description:
    "The program's rules: before the rotation starts, a pending or approved application; during it, a pending one or an approved one (leaving early: `leftEarly`); after it ended, an approved rotation is history (409). The facility is told by mail and live event.",
  middleware: [allow(...STUDENT_VIEWERS)] as const,
  request: { params: idParam("Application") },
  responses: {
    200: jsonContent(
      z.object({
        id: z.string(),
        status: z.literal("withdrawn"),
        previousStatus: z.enum(["pending", "approved"]),
        withdrawnAt: z.string(),
        leftEarly: z.boolean(),
        message: z.string(),
      }),
      "Withdrawn",
    ),
    ...errorResponses,
  },
});

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
  responses: {
    200: jsonContent(z.object({ id: z.string(), deleted: z.literal(true) }), "Removed"),
    ...errorResponses,
  },
});

export const studentPortalRoutes = createRouter()
  .openapi(dashboardRoute, async (c) => {
    const studentId = ownStudentId(c.var.scope);
    return c.json(await studentDashboard(c.var.deps.db, studentId), 200);
  })
  .openapi(placementsRoute, async (c) => {
    const studentId = ownStudentId(c.var.scope);
    return c.json(await browsePlacements(c.var.deps.db, studentId, c.req.valid("query")), 200);
  })
  .openapi(applyRoute, async (c) => {
    const viewer = c.var.viewer;
    const result = await applyToPlacement(c.var.deps, viewer, ownStudentId(c.var.scope), c.req.valid("json"));
    return c.json(result, 201);
  })
  .openapi(applicationsRoute, async (c) => {
    const studentId = ownStudentId(c.var.scope);
    return c.json(await myApplications(c.var.deps.db, studentId, c.req.valid("query")), 200);
  })
  .openapi(withdrawRoute, async (c) => {
    const studentId = ownStudentId(c.var.scope);
    return c.json(await withdrawMyApplication(c.var.deps, studentId, c.req.valid("param").id), 200);
  })
  .openapi(profileRoute, async (c) => {
    const viewer = c.var.viewer;
    return c.json(await myProfile(c.var.deps.db, viewer, ownStudentId(c.var.scope)), 200);
  })
  .openapi(preferencesRoute, async (c) => {
    const viewer = c.var.viewer;
    ownStudentId(c.var.scope);
    return c.json(await savePreferences(c.var.deps.db, viewer, c.req.valid("json")), 200);
  })
  .openapi(addExperienceRoute, async (c) => {
    const studentId = ownStudentId(c.var.scope);
    return c.json(await addExperience(c.var.deps.db, studentId, c.req.valid("json")), 201);
  })
  .openapi(updateExperienceRoute, async (c) => {
    const studentId = ownStudentId(c.var.scope);
    return c.json(await updateExperience(c.var.deps.db, studentId, c.req.valid("param").id, c.req.valid("json")), 200);
  })
  .openapi(deleteExperienceRoute, async (c) => {
    const studentId = ownStudentId(c.var.scope);
    return c.json(await deleteExperience(c.var.deps.db, studentId, c.req.valid("param").id), 200);
  });
