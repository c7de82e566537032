import { createRoute, z } from "@hono/zod-openapi";
import { ADMIN_ROLES, STUDENT_VIEWERS } from "../../../domain/roles";
import { NOT_MY_PROGRAM_REPORTED } from "../../../domain/student-accounts";
import { allow } from "../../lib/access";
import { pageOf, pageQuerySchema } from "../../lib/pagination";
import { createRouter, errorResponses, idParam, jsonContent } from "../../lib/router";
import { listSharedRosterEmails, myRosterClaims, reportRosterClaim } from "./roster-claims-service";

// Programs' claims on a student's email (issue 8, item 2), made visible:
// - /api/me/student/roster-claims: the signed-in student (admins viewing as a student get 404 'no
//   student record' unless one is linked); program and facility users 403; signed out 401.
// - /api/admin/roster-claims: admins and super admins; everyone else 403.

const MyClaimsSchema = z
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
  responses: {
    200: jsonContent(
      z.object({
        rosterEntryId: z.string(),
        programName: z.string(),
        reportedAt: z.string(),
        message: z.string(),
      }),
      "Reported (repeating is harmless)",
    ),
    ...errorResponses,
  },
});

export const myRosterClaimRoutes = createRouter()
  .openapi(myClaimsRoute, async (c) => c.json(await myRosterClaims(c.var.deps.db, c.var.viewer), 200))
  .openapi(reportRoute, async (c) => {
    const result = await reportRosterClaim(c.var.deps, c.var.viewer, c.req.valid("param").id);
    return c.json({ ...result, message: NOT_MY_PROGRAM_REPORTED }, 200);
  });

const SharedEmailSchema = z
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

export const adminRosterClaimRoutes = createRouter().openapi(sharedRoute, async (c) =>
  c.json(await listSharedRosterEmails(c.var.deps.db, c.req.valid("query")), 200),
);
