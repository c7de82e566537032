import { createRoute, z } from "@hono/zod-openapi";
import {
  acceptPreceptorInvitationSchema,
  assignPreceptorsSchema,
  PRECEPTOR_KINDS,
  preceptorInviteSchema,
  ROTATION_STATUSES,
} from "../../../domain/preceptors";
import { FACILITY_SIDE, PRECEPTOR_SIDE } from "../../../domain/roles";
import { allow, facilityScope, rotationScope } from "../../lib/access";
import { actorOf, noteAudit, recordAudit } from "../../lib/audit";
import type { Viewer } from "../../lib/context";
import { sendCsv } from "../../lib/csv";
import { pageQuerySchema } from "../../lib/pagination";
import { createRouter, ErrorSchema, errorResponses, idParam, jsonContent } from "../../lib/router";
import {
  acceptInvitationLink,
  describeInvitationLink,
  exportPeople,
  invitePreceptor,
  listInvitations,
  listPeople,
  PEOPLE_CSV_HEADER,
  removePreceptor,
  resendInvitation,
  revokeInvitation,
} from "./people";
import { assignPreceptors, exportRotations, getRotation, listRotations, ROTATION_CSV_HEADER } from "./rotations";
import {
  InvitationAcceptedSchema,
  InvitationLinkSchema,
  PersonPageSchema,
  PreceptorInvitationListSchema,
  PreceptorInvitationSchema,
  RemovedPreceptorSchema,
  RotationDetailSchema,
  RotationPageSchema,
} from "./schemas";

// /api/preceptors (issue 17): a facility's people who precept (coordinators and invited staff),
// their invitations, and the facility's rotations with their preceptors. Facility coordinators and
// administrators manage; a preceptor reads the rotations assigned to them (their scope, ADR 011).
// /api/preceptor-invitations/{token}: the emailed link, public (an existing account accepts signed in).

const json = <T extends z.ZodType>(schema: T) => ({
  body: { content: { "application/json": { schema } }, required: true },
});

const facilityIdField = z
  .uuid("facilityId must be a facility's id")
  .optional()
  .openapi({ description: "Administrators: the facility (ignored for a coordinator)" });

const peopleFilter = z.object({
  search: pageQuerySchema.shape.search,
  kind: z.enum(PRECEPTOR_KINDS, { error: `kind must be one of ${PRECEPTOR_KINDS.join(", ")}` }).optional(),
  facilityId: facilityIdField,
});

const listPeopleRoute = createRoute({
  method: "get",
  path: "/",
  tags: ["preceptors"],
  summary: "The facility's people who may precept: coordinators and invited preceptors, paginated",
  middleware: [allow(...FACILITY_SIDE)] as const,
  request: {
    query: peopleFilter.extend({ page: pageQuerySchema.shape.page, pageSize: pageQuerySchema.shape.pageSize }),
  },
  responses: { 200: jsonContent(PersonPageSchema, "A page of people"), ...errorResponses },
});

const exportPeopleRoute = createRoute({
  method: "get",
  path: "/export.csv",
  tags: ["preceptors"],
  summary: "The facility's preceptors as CSV (same filters as the list)",
  middleware: [allow(...FACILITY_SIDE)] as const,
  request: { query: peopleFilter },
  responses: { 200: { description: "CSV file", content: { "text/csv": { schema: z.string() } } }, ...errorResponses },
});

const listInvitationsRoute = createRoute({
  method: "get",
  path: "/invitations",
  tags: ["preceptors"],
  summary: "The facility's open preceptor invitations (pending or expired)",
  middleware: [allow(...FACILITY_SIDE)] as const,
  request: { query: z.object({ facilityId: facilityIdField }) },
  responses: { 200: jsonContent(PreceptorInvitationListSchema, "Open invitations, newest first"), ...errorResponses },
});

const inviteRoute = createRoute({
  method: "post",
  path: "/invitations",
  tags: ["preceptors"],
  summary: "Invite a member of staff to precept at the facility (emailed link, 7 days)",
  middleware: [allow(...FACILITY_SIDE)] as const,
  request: json(preceptorInviteSchema.extend({ facilityId: facilityIdField })),
  responses: { 201: jsonContent(PreceptorInvitationSchema, "Invited"), ...errorResponses },
});

const invitationId = idParam("Invitation");

const resendRoute = createRoute({
  method: "post",
  path: "/invitations/{id}/resend",
  tags: ["preceptors"],
  summary: "Send a preceptor invitation again with a fresh link (7 more days)",
  middleware: [allow(...FACILITY_SIDE)] as const,
  request: { params: invitationId },
  responses: { 200: jsonContent(PreceptorInvitationSchema, "Sent again"), ...errorResponses },
});

const revokeRoute = createRoute({
  method: "delete",
  path: "/invitations/{id}",
  tags: ["preceptors"],
  summary: "Revoke a preceptor invitation: its link stops working",
  middleware: [allow(...FACILITY_SIDE)] as const,
  request: { params: invitationId },
  responses: { 200: jsonContent(PreceptorInvitationSchema, "Revoked"), ...errorResponses },
});

const rotationFilter = z.object({
  search: pageQuerySchema.shape.search,
  placementId: z.uuid("placementId must be a placement's id").optional(),
  departmentId: z.uuid("departmentId must be a department's id").optional(),
  status: z.enum(ROTATION_STATUSES, { error: `status must be one of ${ROTATION_STATUSES.join(", ")}` }).optional(),
  unassigned: z
    .enum(["true", "false"], { error: "unassigned must be true or false" })
    .optional()
    .openapi({ description: "true: only rotations without a preceptor yet" }),
  facilityId: facilityIdField,
});

const listRotationsRoute = createRoute({
  method: "get",
  path: "/rotations",
  tags: ["preceptors"],
  summary: "Approved rotations with their preceptors: the facility's, or a preceptor's own assignments",
  middleware: [allow(...PRECEPTOR_SIDE)] as const,
  request: {
    query: rotationFilter.extend({ page: pageQuerySchema.shape.page, pageSize: pageQuerySchema.shape.pageSize }),
  },
  responses: { 200: jsonContent(RotationPageSchema, "A page of rotations with counts by status"), ...errorResponses },
});

const exportRotationsRoute = createRoute({
  method: "get",
  path: "/rotations/export.csv",
  tags: ["preceptors"],
  summary: "The rotations and their preceptors as CSV (same filters as the list)",
  middleware: [allow(...PRECEPTOR_SIDE)] as const,
  request: { query: rotationFilter },
  responses: { 200: { description: "CSV file", content: { "text/csv": { schema: z.string() } } }, ...errorResponses },
});

const applicationIdParam = z.object({
  applicationId: z
    .uuid("Rotation not found")
    .openapi({ param: { name: "applicationId", in: "path" }, description: "The approved application's id" }),
});

const rotationDetailRoute = createRoute({
  method: "get",
  path: "/rotations/{applicationId}",
  tags: ["preceptors"],
  summary:
    "One rotation with its student's contact and compliance status (a rotation not assigned to a preceptor: 404)",
  middleware: [allow(...PRECEPTOR_SIDE)] as const,
  request: { params: applicationIdParam },
  responses: { 200: jsonContent(RotationDetailSchema, "The rotation"), ...errorResponses },
});

const assignRoute = createRoute({
  method: "put",
  path: "/rotations/{applicationId}",
  tags: ["preceptors"],
  summary: "Name a rotation's preceptors (at most 5 of the facility's coordinators and preceptors)",
  middleware: [allow(...FACILITY_SIDE)] as const,
  request: { params: applicationIdParam, ...json(assignPreceptorsSchema) },
  responses: { 200: jsonContent(RotationDetailSchema, "The rotation with its preceptors"), ...errorResponses },
});

const removeRoute = createRoute({
  method: "delete",
  path: "/{userId}",
  tags: ["preceptors"],
  summary: "Remove a preceptor from the facility: their membership, role and assignments here end",
  middleware: [allow(...FACILITY_SIDE)] as const,
  request: {
    params: z.object({
      userId: z
        .string()
        .min(1)
        .max(64)
        .openapi({ param: { name: "userId", in: "path" }, description: "The preceptor's user id" }),
    }),
    query: z.object({ facilityId: facilityIdField }),
  },
  responses: { 200: jsonContent(RemovedPreceptorSchema, "Removed"), ...errorResponses },
});

const today = () => new Date().toISOString().slice(0, 10);
const flag = (v?: "true" | "false") => v === "true";

export const preceptorRoutes = createRouter()
  .openapi(listPeopleRoute, async (c) => {
    const q = c.req.valid("query");
    return c.json(await listPeople(c.get("deps").db, facilityScope(c.get("scope"), q.facilityId), q), 200);
  })
  .openapi(exportPeopleRoute, async (c) => {
    const q = c.req.valid("query");
    const rows = await exportPeople(c.get("deps").db, facilityScope(c.get("scope"), q.facilityId), q);
    return sendCsv(c, `preceptors-${today()}.csv`, PEOPLE_CSV_HEADER, rows) as never;
  })
  .openapi(listInvitationsRoute, async (c) => {
    const q = c.req.valid("query");
    return c.json(await listInvitations(c.get("deps").db, facilityScope(c.get("scope"), q.facilityId)), 200);
  })
  .openapi(inviteRoute, async (c) => {
    const input = c.req.valid("json");
    const scope = facilityScope(c.get("scope"), input.facilityId);
    const created = await invitePreceptor(c.get("deps"), c.get("viewer"), scope, input);
    noteAudit(c, {
      entityType: "preceptor_invitations",
      entityId: created.id,
      organizationId: created.facility.id,
      after: { email: created.email, name: created.name, title: created.title, department: created.department },
    });
    return c.json(created, 201);
  })
  .openapi(resendRoute, async (c) => {
    const sent = await resendInvitation(c.get("deps"), facilityScope(c.get("scope")), c.req.valid("param").id);
    noteAudit(c, {
      entityType: "preceptor_invitations",
      entityId: sent.id,
      organizationId: sent.facility.id,
      after: { email: sent.email, expiresAt: sent.expiresAt },
    });
    return c.json(sent, 200);
  })
  .openapi(revokeRoute, async (c) => {
    const { before, after } = await revokeInvitation(
      c.get("deps").db,
      facilityScope(c.get("scope")),
      c.req.valid("param").id,
    );
    noteAudit(c, {
      entityType: "preceptor_invitations",
      entityId: after.id,
      organizationId: after.facility.id,
      before: { state: before.state },
      after: { state: after.state, email: after.email },
    });
    return c.json(after, 200);
  })
  .openapi(listRotationsRoute, async (c) => {
    const q = c.req.valid("query");
    const scope = rotationScope(c.get("scope"), q.facilityId);
    return c.json(await listRotations(c.get("deps").db, scope, { ...q, unassigned: flag(q.unassigned) }), 200);
  })
  .openapi(exportRotationsRoute, async (c) => {
    const q = c.req.valid("query");
    const scope = rotationScope(c.get("scope"), q.facilityId);
    const rows = await exportRotations(c.get("deps").db, scope, { ...q, unassigned: flag(q.unassigned) });
    return sendCsv(c, `rotations-${today()}.csv`, ROTATION_CSV_HEADER, rows) as never;
  })
  .openapi(rotationDetailRoute, async (c) =>
    c.json(await getRotation(c.get("deps").db, rotationScope(c.get("scope")), c.req.valid("param").applicationId), 200),
  )
  .openapi(assignRoute, async (c) => {
    const { before, after, added, removed } = await assignPreceptors(
      c.get("deps"),
      c.get("viewer"),
      facilityScope(c.get("scope")),
      c.req.valid("param").applicationId,
      c.req.valid("json").userIds,
    );
    noteAudit(c, {
      entityType: "rotation_preceptors",
      entityId: after.id,
      organizationId: after.facility.id,
      before: { userIds: before },
      after: { userIds: after.preceptors.map((p) => p.userId), added, removed },
    });
    return c.json(after, 200);
  })
  .openapi(removeRoute, async (c) => {
    const removed = await removePreceptor(
      c.get("deps"),
      facilityScope(c.get("scope")),
      c.req.valid("param").userId,
      c.req.valid("query").facilityId,
    );
    noteAudit(c, {
      entityType: "memberships",
      entityId: removed.userId,
      organizationId: removed.facilityId,
      before: { role: "preceptor", title: removed.title },
      after: { endedAssignments: removed.endedAssignments },
    });
    return c.json(
      { userId: removed.userId, facilityId: removed.facilityId, endedAssignments: removed.endedAssignments },
      200,
    );
  });

// ---------------------------------------------------------------------------------------------
// The emailed link (public; an existing account accepts signed in)

const tokenParam = z.object({
  token: z
    .string()
    .min(1)
    .max(200)
    .openapi({ param: { name: "token", in: "path" }, description: "The token from the emailed link" }),
});

const gone = { description: "Used, revoked or expired", content: { "application/json": { schema: ErrorSchema } } };

const linkRoute = createRoute({
  method: "get",
  path: "/{token}",
  tags: ["preceptors"],
  summary: "Whether a preceptor invitation link works, for whom, and whether its email has an account",
  request: { params: tokenParam },
  responses: { 200: jsonContent(InvitationLinkSchema, "The invitation"), 404: errorResponses[404] },
});

const acceptRoute = createRoute({
  method: "post",
  path: "/{token}/accept",
  tags: ["preceptors"],
  summary: "Accept a preceptor invitation: a new account sets its password; an existing one accepts signed in",
  request: { params: tokenParam, ...json(acceptPreceptorInvitationSchema) },
  responses: {
    201: jsonContent(InvitationAcceptedSchema, "Accepted (a new account is signed in)"),
    404: errorResponses[404],
    409: { ...errorResponses[409], description: "sign_in_required: the email has an account; or already a member" },
    410: gone,
    422: errorResponses[422],
  },
});

export const preceptorInvitationRoutes = createRouter()
  .openapi(linkRoute, async (c) =>
    c.json(
      await describeInvitationLink(
        c.get("deps"),
        c.req.valid("param").token,
        (c.get("viewer") as Viewer | null) ?? null,
      ),
      200,
    ),
  )
  .openapi(acceptRoute, async (c) => {
    const viewer = (c.get("viewer") as Viewer | null) ?? null;
    const done = await acceptInvitationLink(
      c.get("deps"),
      c.req.valid("param").token,
      c.req.valid("json"),
      viewer,
      c.req.raw.headers,
    );
    if (done.headers)
      for (const cookie of done.headers.getSetCookie()) c.header("set-cookie", cookie, { append: true });
    const entry = {
      action: "preceptor.accept_invitation",
      summary: `Accepted a preceptor invitation (${done.facilityName})${done.created ? " and created an account" : ""}`,
      entityType: "memberships",
      entityId: done.userId,
      organizationId: done.facilityId,
      after: { role: "preceptor", created: done.created },
    };
    if (viewer) noteAudit(c, entry);
    else {
      // The pipeline records only signed-in writes: a new account's acceptance is recorded here (ADR 019).
      await recordAudit(c.get("deps").db, {
        ...actorOf(c, null),
        ...entry,
        actorId: done.userId,
        actorEmail: done.email,
        actorRole: "preceptor",
        detail: { method: c.req.method, path: "/api/preceptor-invitations/{token}/accept", status: 201 },
      }).catch((err) => c.get("deps").log.error({ err }, "audit: could not record a preceptor's acceptance"));
    }
    return c.json(
      {
        facilityId: done.facilityId,
        facilityName: done.facilityName,
        created: done.created,
        redirectTo: "/dashboard/preceptor" as const,
      },
      201,
    );
  });
