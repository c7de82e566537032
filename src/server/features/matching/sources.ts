import { and, asc, eq, lt, sql } from "drizzle-orm";
import { documentsInForce } from "../../../domain/compliance";
import type { ScoringPlacement, ScoringStudent } from "../../../domain/matching/scoring";
import { type DbOrTx, fromJson as json } from "../../db/client";
import { organizations } from "../../db/schema/organizations";
import { departments, placements } from "../../db/schema/placements";
import { students } from "../../db/schema/students";
import { type Scope, scopeWhere } from "../../lib/access";
import { notFound } from "../../lib/errors";
import { acceptsApplicationsToday, toPlacement } from "../placements/search";

// What recommendations are computed from, in two statements: the student with everything the
// score needs of them (one row: roster record, preferences, their program's campus and
// requirements, the documents in force, applications), and the pool of open placements (shared by
// every student, kept by the instance between requests).

export type StudentSources = {
  id: string;
  withdrawn: boolean;
  /** The database's current_date (YYYY-MM-DD): the day every rule of the request is judged on. */
  today: string;
  scoring: ScoringStudent;
  /** Placements the student may not be offered again: applied to (pending, approved) or not selected. */
  applied: Set<string>;
};

type StudentRow = {
  id: string;
  withdrawn: boolean;
  today: string;
  gpa: string | null;
  specialty_interest: string | null;
  latitude: number | null;
  longitude: number | null;
  geographic_preferences: string[] | null;
  specialty_interests: string[] | null;
  schedule_constraints: string | null;
  program_requirements: string[] | string;
  documents:
    | {
        requirementTypeId: string;
        status: "submitted" | "approved" | "rejected";
        isCurrent: boolean;
        issuedOn: string | null;
        expiresOn: string | null;
      }[]
    | string;
  applications:
    | {
        placementId: string;
        status: "pending" | "approved" | "rejected";
        title: string;
        startDate: string;
        endDate: string;
      }[]
    | string;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Students' sources in one statement, whatever their number (the bulk matcher asks for thousands):
 * those the scope reaches (another program's students are left out, D1), by id. The preferences
 * are the linked account's (one row per user).
 */
export async function studentsSources(
  db: DbOrTx,
  scope: Scope,
  studentIds: readonly string[],
): Promise<Map<string, StudentSources>> {
  const ids = [...new Set(studentIds)].filter((id) => UUID.test(id));
  const out = new Map<string, StudentSources>();
  if (ids.length === 0) return out;
  const where = and(
    sql`${students.id} = any(${`{${ids.join(",")}}`}::uuid[])`,
    scopeWhere(scope, { program: students.programId, student: students.id }),
  );
  // The students table keeps its own name (no alias), so the scope's filter applies as built.
  const rows = (await db.execute(sql`
    select students.id, students.enrollment_status = 'withdrawn' as withdrawn,
      to_char(current_date, 'YYYY-MM-DD') as today,
      students.gpa::text as gpa, students.specialty_interest, o.latitude, o.longitude,
      p.geographic_preferences, p.specialty_interests, p.schedule_constraints,
      coalesce((select json_agg(pr.requirement_type_id order by pr.requirement_type_id)
        from program_requirements pr join requirement_types rt on rt.id = pr.requirement_type_id and rt.active
        where pr.program_id = students.program_id), '[]') as program_requirements,
      coalesce((select json_agg(json_build_object('requirementTypeId', d.requirement_type_id, 'status', d.status,
          'isCurrent', d.is_current, 'issuedOn', d.issued_on, 'expiresOn', d.expires_on)
          order by d.uploaded_at desc, d.id desc)
        from compliance_documents d
        where d.student_id = students.id and (d.is_current or d.status = 'approved')), '[]') as documents,
      coalesce((select json_agg(json_build_object('placementId', a.placement_id, 'status', a.status,
          'title', pl.title, 'startDate', pl.start_date, 'endDate', pl.end_date))
        from applications a join placements pl on pl.id = a.placement_id
        where a.student_id = students.id and a.status <> 'withdrawn'), '[]') as applications
    from ${students}
    join ${organizations} o on o.id = students.program_id
    left join student_users su on su.student_id = students.id
    left join student_preferences p on p.user_id = su.user_id
    where ${where}`)) as unknown as { rows: StudentRow[] };
  for (const row of rows.rows) out.set(row.id, fromRow(row));
  return out;
}

/** One student's sources; 404 when the scope does not reach them (another program's student, D1). */
export async function studentSources(db: DbOrTx, scope: Scope, studentId: string): Promise<StudentSources> {
  const found = (await studentsSources(db, scope, [studentId])).get(studentId);
  if (!found) throw notFound("Student");
  return found;
}

function fromRow(row: StudentRow): StudentSources {
  const applications = json(row.applications);
  const home =
    typeof row.latitude === "number" && typeof row.longitude === "number"
      ? { latitude: row.latitude, longitude: row.longitude }
      : null;
  return {
    id: row.id,
    withdrawn: row.withdrawn,
    today: row.today,
    applied: new Set(applications.map((a) => a.placementId)),
    scoring: {
      gpa: row.gpa === null ? null : Number(row.gpa),
      specialtyInterest: row.specialty_interest,
      specialtyInterests: row.specialty_interests ?? [],
      geographicPreferences: row.geographic_preferences ?? [],
      scheduleConstraints: row.schedule_constraints,
      home,
      programRequirementTypeIds: json(row.program_requirements),
      // A renewal awaiting review leaves the approved document it renews in force.
      documents: documentsInForce(json(row.documents), row.today),
      rotations: applications
        .filter((a): a is typeof a & { status: "pending" | "approved" } => a.status !== "rejected")
        .map((a) => ({ ...a })),
    },
  };
}

/** An open placement as the recommendations show it, and what the score reads of it. */
export type PoolPlacement = {
  view: {
    id: string;
    title: string;
    specialty: string;
    description: string;
    requirements: string[];
    startDate: string;
    endDate: string;
    durationWeeks: number;
    capacity: number;
    slotsFilled: number;
    availableSpots: number;
    status: "draft" | "active" | "closed";
    allowLateJoiners: boolean;
    minGpa: number | null;
    applicationDeadline: string | null;
    acceptsApplications: boolean;
    facility: { id: string; name: string; city: string | null; state: string | null };
    department: { id: string; name: string } | null;
    requirementTypeIds: string[];
  };
  scoring: ScoringPlacement;
};

export type Pool = {
  placements: PoolPlacement[];
  /** Active requirement types' names, for the readiness sentence. */
  requirementNames: Map<string, string>;
};

/**
 * Every placement a student could apply to today: active, at a verified facility, taking
 * applications (issue 9; before its deadline, issue 15), with a spot left; with the facility's and the
 * placement's requirements.
 */
export async function loadPool(db: DbOrTx): Promise<Pool> {
  const activeTypes = sql`(select id from requirement_types where active)`;
  const [rows, types] = await Promise.all([
    db
      .select({
        id: placements.id,
        title: placements.title,
        specialty: placements.specialty,
        description: placements.description,
        requirements: placements.requirements,
        startDate: placements.startDate,
        endDate: placements.endDate,
        durationWeeks: placements.durationWeeks,
        capacity: placements.capacity,
        slotsFilled: placements.slotsFilled,
        status: placements.status,
        allowLateJoiners: placements.allowLateJoiners,
        minGpa: sql<string | null>`${placements.minGpa}::text`,
        facilityId: organizations.id,
        facilityName: organizations.name,
        city: organizations.city,
        state: organizations.state,
        latitude: organizations.latitude,
        longitude: organizations.longitude,
        departmentId: departments.id,
        departmentName: departments.name,
        applicationDeadline: placements.applicationDeadline,
        own: sql<string[]>`array(select pr.requirement_type_id from placement_requirements pr
          where pr.placement_id = ${placements.id} and pr.requirement_type_id in ${activeTypes}
          order by pr.requirement_type_id)`,
        facilityRequirements: sql<string[]>`array(select fr.requirement_type_id from facility_requirements fr
          where fr.facility_id = ${placements.facilityId} and fr.requirement_type_id in ${activeTypes}
          order by fr.requirement_type_id)`,
      })
      .from(placements)
      .innerJoin(organizations, eq(organizations.id, placements.facilityId))
      .leftJoin(departments, eq(departments.id, placements.departmentId))
      .where(
        and(
          eq(placements.status, "active"),
          eq(organizations.verificationStatus, "verified"),
          acceptsApplicationsToday(),
          lt(placements.slotsFilled, placements.capacity),
        ),
      )
      .orderBy(asc(placements.startDate), asc(placements.id)),
    db.execute(sql`select id, name from requirement_types where active`) as unknown as Promise<{
      rows: { id: string; name: string }[];
    }>,
  ]);
  return {
    requirementNames: new Map(types.rows.map((t) => [t.id, t.name])),
    placements: rows.map((r) => {
      const minGpa = r.minGpa === null ? null : Number(r.minGpa);
      const requirementTypeIds = [...new Set([...r.facilityRequirements, ...r.own])];
      return {
        view: {
          ...toPlacement({ ...r, acceptsApplications: true, facilityCity: r.city, facilityState: r.state }),
          requirementTypeIds: r.own,
        },
        scoring: {
          id: r.id,
          title: r.title,
          specialty: r.specialty,
          startDate: r.startDate,
          endDate: r.endDate,
          capacity: r.capacity,
          slotsFilled: r.slotsFilled,
          minGpa,
          city: r.city,
          state: r.state,
          latitude: r.latitude,
          longitude: r.longitude,
          requirementTypeIds,
        },
      };
    }),
  };
}
