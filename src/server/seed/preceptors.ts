import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Tx } from "../db/client";
import { messages } from "../db/schema/messages";
import { memberships } from "../db/schema/organizations";
import { preceptorInvitations } from "../db/schema/preceptors";
import { rotationPreceptors } from "../db/schema/rotations";
import { hashPreceptorToken } from "../features/preceptors/people";
import type { DemoAccounts } from "./accounts";
import * as D from "./data";
import type { DemoOrganizations } from "./organizations";
import { at, type Clock, DAY } from "./random";

// The demo world's preceptors (issue 17): two staff nurses of the first facility (Mercy Lakeside),
// preceptor@demo.test among them, assigned to the demo student's rotations there and to some of
// the facility's other approved rotations (current, upcoming and ended), its coordinator assigned to
// one, some left without a preceptor, and one invitation not yet accepted. Deterministic: no draw
// from the PRNG; the rotations are chosen by date and name after the applications are inserted.

/** The demo preceptors (accounts keyed `preceptor:<i>`), staff of the first facility. */
export const DEMO_PRECEPTORS = [
  { ...D.DEMO_ACCOUNTS.preceptor, title: "RN, BSN", department: "Medical-Surgical" },
  {
    email: `luis.romero@${D.FACILITIES[0].slug}.demo.test`,
    first: "Luis",
    last: "Romero",
    title: "RN, CCRN",
    department: "Critical Care",
  },
] as const;

/** Who joined when: a month after the facility. */
export const preceptorJoinedAt = (orgs: DemoOrganizations) => at(orgs.facilities[0].createdAt.getTime() + 30 * DAY);

export async function seedPreceptors(
  tx: Tx,
  w: { clock: Clock; orgs: DemoOrganizations; accounts: DemoAccounts; demoStudentId: string },
) {
  const facility = w.orgs.facilities[0];
  const joined = preceptorJoinedAt(w.orgs);
  const ids = DEMO_PRECEPTORS.map((_, i) => w.accounts.user(`preceptor:${i}`));
  await tx
    .insert(memberships)
    .values(
      DEMO_PRECEPTORS.map((p, i) => ({
        userId: ids[i],
        organizationId: facility.id,
        role: "preceptor" as const,
        title: p.title,
        department: p.department,
        createdAt: joined,
      })),
    )
    .onConflictDoNothing();

  // The facility's approved rotations, the demo student's first, then by start date and name.
  const result = await tx.execute(sql`
    select a.id, a.student_id = ${w.demoStudentId} as demo, p.start_date::text as start, p.end_date::text as end
      from applications a join placements p on p.id = a.placement_id join students s on s.id = a.student_id
     where a.status = 'approved' and p.facility_id = ${facility.id}
     order by (a.student_id = ${w.demoStudentId}) desc, p.start_date, s.last_name, s.first_name, p.title`);
  const rotations = (result as unknown as { rows: { id: string; demo: boolean; start: string; end: string }[] }).rows;
  const [grace, luis] = ids;
  const coordinator = w.accounts.user("facility:0");
  const rows: (typeof rotationPreceptors.$inferInsert)[] = [];
  const assign = (applicationId: string, userId: string) =>
    rows.push({ applicationId, userId, facilityId: facility.id, assignedBy: coordinator, createdAt: joined });
  const others = rotations.filter((r) => !r.demo);
  for (const r of rotations.filter((r) => r.demo)) assign(r.id, grace);
  // Of the others: every other one gets a preceptor (so "no preceptor yet" has rotations to show).
  others.forEach((r, i) => {
    if (i % 2 === 1) return;
    assign(r.id, i % 4 === 0 ? grace : luis);
    if (i % 8 === 0) assign(r.id, coordinator);
  });
  if (rows.length > 0) await tx.insert(rotationPreceptors).values(rows).onConflictDoNothing();

  // One invitation the facility sent three days ago, not accepted yet.
  await tx
    .insert(preceptorInvitations)
    .values({
      facilityId: facility.id,
      email: `aisha.bello@${D.FACILITIES[0].slug}.demo.test`,
      name: "Aisha Bello",
      title: "RN, MSN",
      department: "Pediatrics",
      tokenHash: hashPreceptorToken(randomBytes(32).toString("base64url")),
      invitedBy: coordinator,
      createdAt: at(w.clock.nowMs - 3 * DAY),
      sentAt: at(w.clock.nowMs - 3 * DAY),
      expiresAt: at(w.clock.nowMs + 4 * DAY),
    })
    .onConflictDoNothing();
  // The coordinator's note to each preceptor (unread), and the demo student's question to theirs.
  const demoStudentUser = w.accounts.user("student");
  await tx.insert(messages).values([
    ...ids.map((id, i) => ({
      senderId: coordinator,
      recipientId: id,
      subject: "Your students this term",
      content: `Hello ${DEMO_PRECEPTORS[i].first}, thank you for precepting this term. Your students and their rotation dates are on your dashboard; write to me with any question.`,
      read: false,
      createdAt: at(w.clock.nowMs - (2 + i) * DAY),
    })),
    ...(rows.some((r) => r.userId === grace && rotations.find((x) => x.id === r.applicationId)?.demo)
      ? [
          {
            senderId: demoStudentUser,
            recipientId: grace,
            subject: "First day on the unit",
            content: "Hello, where should I meet you on my first day, and at what time does the shift start?",
            read: false,
            createdAt: at(w.clock.nowMs - DAY),
          },
        ]
      : []),
  ]);
  return { preceptors: ids.length, assignments: rows.length };
}
