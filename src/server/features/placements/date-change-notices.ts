import { and, asc, eq, inArray } from "drizzle-orm";
import { dateRangeLabel } from "../../../domain/placements";
import type { Tx } from "../../db/client";
import { applications } from "../../db/schema/applications";
import { users } from "../../db/schema/auth";
import { memberships, organizations } from "../../db/schema/organizations";
import { placements } from "../../db/schema/placements";
import { students, studentUsers } from "../../db/schema/students";
import type { Deps } from "../../lib/context";
import { mailHtml } from "../../lib/mail";
import type { PortalEvent } from "../../lib/realtime";

// Issue 15: a placement's dates changed after students were approved on it (the overlap re-check
// let the change through). Each approved student with an account and each coordinator of their
// programs is told, old and new dates side by side; the mail is queued in the edit's transaction
// (ADR 015: sent once it commits, never for a rolled-back edit, retried if SMTP fails), and their
// open pages refresh through the same live event a decision sends.

export type DateChange = {
  placementId: string;
  before: { startDate: string; endDate: string };
  after: { startDate: string; endDate: string };
};

/** Queues the notices of a date change inside the edit's transaction; returns how many students were approved. */
export async function noticeDateChange(deps: Deps, tx: Tx, change: DateChange): Promise<number> {
  const approved = await tx
    .select({
      applicationId: applications.id,
      studentId: applications.studentId,
      programId: applications.programId,
      firstName: students.firstName,
      lastName: students.lastName,
    })
    .from(applications)
    .innerJoin(students, eq(students.id, applications.studentId))
    .where(and(eq(applications.placementId, change.placementId), eq(applications.status, "approved")))
    .orderBy(asc(students.lastName), asc(students.firstName), asc(students.id));
  if (approved.length === 0) return 0;
  const [placement] = await tx
    .select({ title: placements.title, facilityName: organizations.name })
    .from(placements)
    .innerJoin(organizations, eq(organizations.id, placements.facilityId))
    .where(eq(placements.id, change.placementId));
  const programIds = [...new Set(approved.map((a) => a.programId))];
  const [coordinators, accounts] = await Promise.all([
    tx
      .select({ programId: memberships.organizationId, userId: users.id, email: users.email, name: users.name })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(inArray(memberships.organizationId, programIds)),
    tx
      .select({ studentId: studentUsers.studentId, userId: users.id, email: users.email })
      .from(studentUsers)
      .innerJoin(users, eq(users.id, studentUsers.userId))
      .where(
        inArray(
          studentUsers.studentId,
          approved.map((a) => a.studentId),
        ),
      ),
  ]);

  const was = dateRangeLabel(change.before.startDate, change.before.endDate);
  const now = dateRangeLabel(change.after.startDate, change.after.endDate);
  const where = `${placement.title} at ${placement.facilityName}`;
  const changed = `${placement.facilityName} changed the dates of ${placement.title}: it now runs ${now} (it was ${was}).`;
  const subject = `New dates for ${placement.title}: ${now}`;

  const programLink = `${deps.env.appUrl}/applications`;
  for (const c of coordinators) {
    const theirs = approved.filter((a) => a.programId === c.programId).map((a) => `${a.firstName} ${a.lastName}`);
    const n = theirs.length;
    const intro = `Your approved student${n === 1 ? "" : "s"} on this rotation:`;
    await deps.jobs.enqueueMail(tx, {
      to: c.email,
      subject,
      text: `Hello ${c.name},\n\n${changed}\n\n${intro}\n${theirs.map((s) => `- ${s}`).join("\n")}\n\nSee your applications: ${programLink}`,
      html: mailHtml(subject, [`Hello ${c.name},`, changed, intro, ...theirs], {
        label: "View applications",
        url: programLink,
      }),
      link: programLink,
    });
  }
  const studentLink = `${deps.env.appUrl}/student/applications`;
  for (const s of accounts) {
    const a = approved.find((x) => x.studentId === s.studentId);
    if (!a) continue;
    const line = `Your approved rotation ${where} now runs ${now} (it was ${was}).`;
    await deps.jobs.enqueueMail(tx, {
      to: s.email,
      subject,
      text: `Hello ${a.firstName},\n\n${line}\n\nSee your applications: ${studentLink}`,
      html: mailHtml(subject, [`Hello ${a.firstName},`, line], { label: "My applications", url: studentLink }),
      link: studentLink,
    });
  }

  // The lists and calendars showing these rotations refresh (the event a decision sends).
  const events: PortalEvent[] = [];
  for (const a of approved) {
    const recipients = new Set([
      ...coordinators.filter((c) => c.programId === a.programId).map((c) => c.userId),
      ...accounts.filter((s) => s.studentId === a.studentId).map((s) => s.userId),
    ]);
    for (const userId of recipients) {
      events.push({ userId, type: "application.updated", data: { id: a.applicationId, status: "approved" } });
    }
  }
  // Last, in one statement: on PGlite, publishing transactions are serialized from here to their commit (ADR 008, 031).
  if (events.length > 0) await deps.realtime.publish(tx, events);
  return approved.length;
}
