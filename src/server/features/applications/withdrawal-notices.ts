import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../db/client";
import { users } from "../../db/schema/auth";
import { memberships } from "../../db/schema/organizations";
import { studentUsers } from "../../db/schema/students";
import type { Deps } from "../../lib/context";
import { mailHtml } from "../../lib/mail";
import type { PortalEvent } from "../../lib/realtime";

// Who is told when applications are withdrawn (issue 9): the facility's coordinators by mail and
// live event; the program's coordinators and the student's open pages by live event (their lists
// change too). Used by single withdrawals and by withdrawing a student from the roster.

export type WithdrawnApplication = {
  applicationId: string;
  studentId: string;
  programId: string;
  studentName: string;
  programName: string;
  placementId: string;
  title: string;
  startDate: string;
  endDate: string;
  facilityId: string;
  facilityName: string;
  previousStatus: "pending" | "approved";
  leftEarly: boolean;
};

/** Who withdrew: the student, their program, or the program by withdrawing the student from the roster. */
export type WithdrawnBy = "student" | "program" | "roster";

async function members(db: DbOrTx, organizationIds: string[]) {
  if (organizationIds.length === 0) return [];
  return (
    db
      .select({
        organizationId: memberships.organizationId,
        userId: users.id,
        email: users.email,
        name: users.name,
      })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      // Coordinators only: a facility's preceptors (issue 17) are not told of withdrawals.
      .where(and(inArray(memberships.organizationId, organizationIds), eq(memberships.role, "coordinator")))
  );
}

/** Live events, sent on commit (NOTIFY inside `tx`): one per application and recipient. */
export async function publishWithdrawals(deps: Deps, tx: Tx, items: WithdrawnApplication[]) {
  if (items.length === 0) return;
  const orgIds = [...new Set(items.flatMap((i) => [i.facilityId, i.programId]))];
  const [coordinators, accounts] = await Promise.all([
    members(tx, orgIds),
    tx
      .select({ studentId: studentUsers.studentId, userId: studentUsers.userId })
      .from(studentUsers)
      .where(
        inArray(
          studentUsers.studentId,
          items.map((i) => i.studentId),
        ),
      ),
  ]);
  const events: PortalEvent[] = [];
  for (const item of items) {
    const recipients = new Set([
      ...coordinators
        .filter((c) => c.organizationId === item.facilityId || c.organizationId === item.programId)
        .map((c) => c.userId),
      ...accounts.filter((a) => a.studentId === item.studentId).map((a) => a.userId),
    ]);
    for (const userId of recipients) {
      events.push({ userId, type: "application.updated", data: { id: item.applicationId, status: "withdrawn" } });
    }
  }
  // One statement, last: on PGlite, publishing transactions are serialized from here to their commit (ADR 008, 031).
  await deps.realtime.publish(tx, events);
}

const describe = (i: WithdrawnApplication) => {
  const what = i.leftEarly
    ? `left the rotation early (it started on ${i.startDate}); the seat is free again`
    : i.previousStatus === "approved"
      ? "approved spot withdrawn; the seat is free again"
      : "pending application withdrawn";
  return `${i.studentName} (${i.programName}): ${i.title}, ${i.startDate} to ${i.endDate}: ${what}`;
};

/**
 * One mail per facility coordinator listing that facility's withdrawn applications, queued in the
 * withdrawal's transaction (ADR 015): sent once it commits, retried if the SMTP server fails.
 */
export async function mailWithdrawals(deps: Deps, tx: Tx, items: WithdrawnApplication[], by: WithdrawnBy) {
  if (items.length === 0) return;
  const byFacility = new Map<string, WithdrawnApplication[]>();
  for (const item of items) byFacility.set(item.facilityId, [...(byFacility.get(item.facilityId) ?? []), item]);
  const coordinators = await members(tx, [...byFacility.keys()]);
  const link = `${deps.env.appUrl}/dashboard/facility/applications`;
  for (const [facilityId, list] of byFacility) {
    const n = list.length;
    const subject =
      n === 1 ? `Application withdrawn: ${list[0].studentName}, ${list[0].title}` : `${n} applications withdrawn`;
    const who =
      by === "roster"
        ? `${list[0].programName} withdrew ${list[0].studentName} from its roster, so ${n === 1 ? "this application was" : "these applications were"} withdrawn:`
        : by === "student"
          ? `The student withdrew ${n === 1 ? "this application" : "these applications"}:`
          : `${list[0].programName} withdrew ${n === 1 ? "this application" : "these applications"}:`;
    const lines = list.map(describe);
    for (const c of coordinators.filter((c) => c.organizationId === facilityId)) {
      await deps.jobs.enqueueMail(tx, {
        to: c.email,
        subject,
        text: `Hello ${c.name},\n\n${who}\n\n${lines.map((l) => `- ${l}`).join("\n")}\n\nSee your applications: ${link}`,
        html: mailHtml(subject, [`Hello ${c.name},`, who, ...lines], { label: "View applications", url: link }),
        link,
      });
    }
  }
}
