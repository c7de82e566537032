import { createRoute, z } from "@hono/zod-openapi";
import { and, asc, eq, gt, isNotNull, or, sql } from "drizzle-orm";
import { PROGRAM_SIDE } from "../../../domain/roles";
import { studentInvitations, students, studentUsers } from "../../db/schema/students";
import { allow, programScope } from "../../lib/access";
import type { Deps, Viewer } from "../../lib/context";
import { AppError } from "../../lib/errors";
import { createRouter, errorResponses, jsonContent } from "../../lib/router";
import { assertProgramMayLink, inviteStudent, targetProgram } from "./service";

// "Invite all" (issue 9): after a roster import, one action emails an invitation to every active
// student of the program who has no account and no invitation still valid. Each is the same
// invitation as POST /api/students/{id}/invite (a fresh 7-day link). A program pending
// verification cannot invite (403, D2/D3).

/** At most this many invitations per call; the answer says how many remain (press again). */
export const INVITE_ALL_BATCH = 500;

/** Active students of the program without an account and without an unexpired, unaccepted invitation. */
function uninvitedWhere(programId: string, now: Date) {
  return and(
    eq(students.programId, programId),
    eq(students.enrollmentStatus, "active"),
    sql`not exists (select 1 from ${studentUsers} where ${studentUsers.studentId} = ${students.id})`,
    sql`not exists (select 1 from ${studentInvitations} where ${studentInvitations.studentId} = ${students.id} and ${or(
      isNotNull(studentInvitations.acceptedAt),
      gt(studentInvitations.expiresAt, now),
    )})`,
  );
}

export async function inviteAllStudents(deps: Deps, viewer: Viewer, programId: string) {
  const { db } = deps;
  await assertProgramMayLink(db, programId);
  const now = new Date();
  const rows = await db
    .select({ id: students.id })
    .from(students)
    .where(uninvitedWhere(programId, now))
    .orderBy(asc(students.lastName), asc(students.firstName), asc(students.id));
  const batch = rows.slice(0, INVITE_ALL_BATCH);
  let sent = 0;
  let failed = 0;
  for (const { id } of batch) {
    try {
      await inviteStudent(deps, viewer, { kind: "program", programId }, id);
      sent++;
    } catch (err) {
      // One undeliverable address does not stop the others; anything else is a real error.
      if (err instanceof AppError && (err.code === "mail_failed" || err.status === 409)) failed++;
      else throw err;
    }
  }
  return { sent, failed, remaining: rows.length - batch.length };
}

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
  responses: {
    200: jsonContent(
      z
        .object({
          sent: z.number().int().openapi({ description: "Invitations emailed" }),
          failed: z.number().int().openapi({ description: "Invitations that could not be sent" }),
          remaining: z
            .number()
            .int()
            .openapi({ description: `Still to invite (at most ${INVITE_ALL_BATCH} a call)` }),
        })
        .openapi("InviteAllResult"),
      "How many invitations were sent",
    ),
    ...errorResponses,
  },
});

export const inviteAllRoutes = createRouter().openapi(inviteAllRoute, async (c) => {
  const viewer = c.var.viewer;
  const body = c.req.header("content-type") ? c.req.valid("json") : {};
  const programId = await targetProgram(c.var.deps.db, programScope(c.var.scope, body?.programId), body?.programId);
  return c.json(await inviteAllStudents(c.var.deps, viewer, programId), 200);
});
