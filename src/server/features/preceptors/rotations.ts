import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { RotationStatus } from "../../../domain/preceptors";
import { type Db, type DbOrTx, fromJson as json } from "../../db/client";
import { applications } from "../../db/schema/applications";
import { users } from "../../db/schema/auth";
import { memberships, organizations, profiles } from "../../db/schema/organizations";
import { departments, placements } from "../../db/schema/placements";
import { rotationPreceptors } from "../../db/schema/rotations";
import { students } from "../../db/schema/students";
import { type FacilityScope, type RotationScope, scopeWhere } from "../../lib/access";
import type { Deps, Viewer } from "../../lib/context";
import { invalid, notFound } from "../../lib/errors";
import { mailHtml } from "../../lib/mail";
import { likePattern, offsetOf } from "../../lib/pagination";
import { mayPrecept } from "./people";

// A facility's rotations (approved applications to its placements) and their preceptors (issue
// 17). A facility coordinator sees and assigns its rotations; a preceptor sees only the rotations
// assigned to them (scopeWhere's rotation column); administrators see all or one facility's.

export const ROTATION_ASSIGNED = "rotation.assigned";

const programOrg = alias(organizations, "rotation_program");
const facilityOrg = alias(organizations, "rotation_facility");

const statusSql = sql<RotationStatus>`(case when current_date < ${placements.startDate} then 'upcoming'
  when current_date > ${placements.endDate} then 'ended' else 'current' end)`;

/** The rotation's preceptors as JSON: [{ userId, name, email }], by name. */
const preceptorsSql = sql<
  { userId: string; name: string; email: string }[]
>`coalesce((select json_agg(json_build_object(
    'userId', u.id, 'name', coalesce(pr.full_name, u.name), 'email', u.email) order by coalesce(pr.full_name, u.name), u.id)
  from ${rotationPreceptors} rp join users u on u.id = rp.user_id left join profiles pr on pr.user_id = u.id
  where rp.application_id = ${applications.id}), '[]'::json)`;

const hasPreceptor = sql`exists (select 1 from ${rotationPreceptors} rp where rp.application_id = ${applications.id})`;

export type RotationFilter = {
  search?: string;
  placementId?: string;
  departmentId?: string;
  status?: RotationStatus;
  unassigned?: boolean;
  facilityId?: string;
};
export type RotationQuery = RotationFilter & { page: number; pageSize: number };

const visible = (scope: RotationScope) =>
  and(
    eq(applications.status, "approved"),
    scopeWhere(scope, { facility: placements.facilityId, rotation: applications.id }),
  );

function rotationWhere(scope: RotationScope, f: RotationFilter): SQL | undefined {
  const term = f.search ? likePattern(f.search) : null;
  return and(
    visible(scope),
    f.placementId ? eq(placements.id, f.placementId) : undefined,
    f.departmentId ? eq(placements.departmentId, f.departmentId) : undefined,
    f.status ? sql`${statusSql} = ${f.status}` : undefined,
    f.unassigned ? sql`not ${hasPreceptor}` : undefined,
    term
      ? or(
          ilike(sql`${students.firstName} || ' ' || ${students.lastName}`, term),
          ilike(students.email, term),
          ilike(placements.title, term),
          ilike(programOrg.name, term),
        )
      : undefined,
  );
}

const rotationSelect = (db: DbOrTx) =>
  db
    .select({
      id: applications.id,
      studentId: students.id,
      firstName: students.firstName,
      lastName: students.lastName,
      email: students.email,
      complianceStatus: students.complianceStatus,
      programId: applications.programId,
      programName: programOrg.name,
      placementId: placements.id,
      placementTitle: placements.title,
      specialty: placements.specialty,
      departmentId: departments.id,
      departmentName: departments.name,
      facilityId: placements.facilityId,
      facilityName: facilityOrg.name,
      startDate: placements.startDate,
      endDate: placements.endDate,
      status: statusSql,
      preceptors: preceptorsSql,
    })
    .from(applications)
    .innerJoin(placements, eq(placements.id, applications.placementId))
    .innerJoin(students, eq(students.id, applications.studentId))
    .innerJoin(programOrg, eq(programOrg.id, applications.programId))
    .innerJoin(facilityOrg, eq(facilityOrg.id, placements.facilityId))
    .leftJoin(departments, eq(departments.id, placements.departmentId));

type RotationRow = Awaited<ReturnType<typeof rotationSelect>>[number];

function toRotation(r: RotationRow) {
  return {
    id: r.id,
    student: { id: r.studentId, name: `${r.firstName} ${r.lastName}` },
    program: { id: r.programId, name: r.programName },
    placement: { id: r.placementId, title: r.placementTitle, specialty: r.specialty },
    department: r.departmentId ? { id: r.departmentId, name: r.departmentName ?? "" } : null,
    facility: { id: r.facilityId, name: r.facilityName },
    startDate: r.startDate,
    endDate: r.endDate,
    status: r.status,
    preceptors: json(r.preceptors),
  };
}
export type Rotation = ReturnType<typeof toRotation>;

/**
 * Current rotations first, then upcoming ones (both by start), then ended ones, the most recently
 * ended first: what a preceptor works on now leads the list.
 */
const ORDER = [
  asc(sql`case ${statusSql} when 'current' then 0 when 'upcoming' then 1 else 2 end`),
  asc(sql`case when ${statusSql} <> 'ended' then ${placements.startDate} end`),
  desc(sql`case when ${statusSql} = 'ended' then ${placements.endDate} end`),
  asc(students.lastName),
  asc(students.firstName),
  asc(applications.id),
];

export async function listRotations(db: Db, scope: RotationScope, q: RotationQuery) {
  const where = rotationWhere(scope, q);
  const base = visible(scope);
  const [rows, [total], counts, placementOptions, departmentOptions] = await Promise.all([
    rotationSelect(db)
      .where(where)
      .orderBy(...ORDER)
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db
      .select({ n: count() })
      .from(applications)
      .innerJoin(placements, eq(placements.id, applications.placementId))
      .innerJoin(students, eq(students.id, applications.studentId))
      .innerJoin(programOrg, eq(programOrg.id, applications.programId))
      .where(where),
    db
      .select({ status: statusSql, n: sql<number>`count(*)::int` })
      .from(applications)
      .innerJoin(placements, eq(placements.id, applications.placementId))
      .where(base)
      .groupBy(statusSql),
    // The filter's choices: the placements and departments the caller's rotations are in.
    db
      .selectDistinct({ id: placements.id, name: placements.title })
      .from(applications)
      .innerJoin(placements, eq(placements.id, applications.placementId))
      .where(base)
      .orderBy(asc(placements.title), asc(placements.id))
      .limit(500),
    db
      .selectDistinct({ id: departments.id, name: departments.name })
      .from(applications)
      .innerJoin(placements, eq(placements.id, applications.placementId))
      .innerJoin(departments, eq(departments.id, placements.departmentId))
      .where(base)
      .orderBy(asc(departments.name), asc(departments.id))
      .limit(500),
  ]);
  const byStatus = { upcoming: 0, current: 0, ended: 0 };
  for (const c of counts) byStatus[c.status] = c.n;
  return {
    items: rows.map(toRotation),
    total: total.n,
    page: q.page,
    pageSize: q.pageSize,
    byStatus,
    options: { placements: placementOptions, departments: departmentOptions },
  };
}

export const ROTATION_CSV_HEADER = [
  "Student",
  "Program",
  "Placement",
  "Department",
  "Facility",
  "Start date",
  "End date",
  "Status",
  "Preceptors",
];

export async function exportRotations(db: Db, scope: RotationScope, f: RotationFilter) {
  const rows = await rotationSelect(db)
    .where(rotationWhere(scope, f))
    .orderBy(...ORDER)
    .limit(50_000);
  return rows
    .map(toRotation)
    .map((r) => [
      r.student.name,
      r.program.name,
      r.placement.title,
      r.department?.name ?? "",
      r.facility.name,
      r.startDate,
      r.endDate,
      r.status,
      r.preceptors.map((p) => p.name).join("; "),
    ]);
}

/** One rotation the caller may see, with the student's contact and compliance status; else 404. */
export async function getRotation(db: DbOrTx, scope: RotationScope, id: string) {
  const [row] = await rotationSelect(db).where(and(eq(applications.id, id), visible(scope)));
  if (!row) throw notFound("Rotation");
  return {
    ...toRotation(row),
    student: {
      id: row.studentId,
      name: `${row.firstName} ${row.lastName}`,
      email: row.email,
      complianceStatus: row.complianceStatus,
    },
  };
}

/**
 * Names the rotation's preceptors (replacing the set): at most five of the facility's coordinators
 * or preceptors. The rotation's row is locked, so concurrent identical requests leave one effect;
 * newly assigned people get a mail (job queue) and a live event, both sent on commit.
 */
export async function assignPreceptors(
  deps: Deps,
  viewer: Viewer,
  scope: FacilityScope,
  id: string,
  userIds: string[],
) {
  const result = await deps.db.transaction(async (tx) => {
    const [rotation] = await tx
      .select({ id: applications.id, facilityId: placements.facilityId })
      .from(applications)
      .innerJoin(placements, eq(placements.id, applications.placementId))
      .where(and(eq(applications.id, id), visible(scope)))
      .for("update", { of: applications });
    if (!rotation) throw notFound("Rotation");
    const eligible =
      userIds.length === 0
        ? []
        : await tx
            .select({
              userId: memberships.userId,
              email: users.email,
              name: sql<string>`coalesce(${profiles.fullName}, ${users.name})`,
              kind: memberships.role,
            })
            .from(memberships)
            .innerJoin(users, eq(users.id, memberships.userId))
            .leftJoin(profiles, eq(profiles.userId, memberships.userId))
            .where(
              and(
                eq(memberships.organizationId, rotation.facilityId),
                inArray(memberships.userId, userIds),
                mayPrecept,
              ),
            );
    const known = new Map(eligible.map((e) => [e.userId, e]));
    const issues = userIds
      .map((u, i) => ({ u, i }))
      .filter(({ u }) => !known.has(u))
      .map(({ i }) => ({
        path: `userIds.${i}`,
        message: "Not a coordinator or preceptor of this rotation's facility",
      }));
    if (issues.length > 0) throw invalid(issues, issues[0].message);
    const before = await tx
      .select({ userId: rotationPreceptors.userId })
      .from(rotationPreceptors)
      .where(eq(rotationPreceptors.applicationId, id));
    const removed = before.map((b) => b.userId).filter((u) => !known.has(u));
    if (removed.length > 0) {
      await tx
        .delete(rotationPreceptors)
        .where(and(eq(rotationPreceptors.applicationId, id), inArray(rotationPreceptors.userId, removed)));
    }
    const added =
      userIds.length === 0
        ? []
        : await tx
            .insert(rotationPreceptors)
            .values(
              userIds.map((userId) => ({
                applicationId: id,
                userId,
                facilityId: rotation.facilityId,
                assignedBy: viewer.userId,
              })),
            )
            .onConflictDoNothing()
            .returning({ userId: rotationPreceptors.userId });
    const after = await getRotation(tx, scope, id);
    for (const { userId } of added) {
      const who = known.get(userId);
      if (!who) continue;
      const link = `${deps.env.appUrl}${who.kind === "preceptor" ? `/dashboard/preceptor/rotations/${id}` : "/dashboard/facility/rotations"}`;
      const line = `${after.facility.name} named you a preceptor of ${after.student.name} (${after.program.name}) on ${after.placement.title}, ${after.startDate} to ${after.endDate}.`;
      await deps.jobs.enqueueMail(tx, {
        to: who.email,
        subject: `You are precepting ${after.student.name}`,
        text: `Hello ${who.name},\n\n${line}\n\nSee the rotation: ${link}`,
        html: mailHtml("You are precepting a student", [`Hello ${who.name},`, line], {
          label: "See the rotation",
          url: link,
        }),
        link,
      });
    }
    if (added.length > 0) {
      await deps.realtime.publish(
        tx,
        added.map(({ userId }) => ({
          userId,
          type: ROTATION_ASSIGNED,
          data: { id, student: after.student.name, placement: after.placement.title },
        })),
      );
    }
    return { before: before.map((b) => b.userId).sort(), after, added: added.map((a) => a.userId), removed };
  });
  deps.jobs.wake?.();
  return result;
}
