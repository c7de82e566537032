import { and, eq, inArray, sql } from "drizzle-orm";
import { agreementRequiredReason, coversRotation } from "../../../domain/agreements";
import type { Db, DbOrTx } from "../../db/client";
import { affiliationAgreements as a, facilityAgreementSettings as settings } from "../../db/schema/agreements";
import { organizations } from "../../db/schema/organizations";
import { students } from "../../db/schema/students";
import type { Scope } from "../../lib/access";
import { facilityScope } from "../../lib/access";
import { AppError, invalid, notFound } from "../../lib/errors";

// A facility's rule (issue 17): "Require an active affiliation agreement". When on, a program
// applies to the facility's rotations only under a signed agreement still in force whose dates
// contain the rotation's. The application paths call assertAgreementCovers; the placement searches
// call agreementFlags so a program sees the reason before it tries.

/** The facility's setting (off until a coordinator turns it on). Admins name the facility. */
export async function getAgreementRequirement(db: Db, scope: Scope, requestedFacilityId?: string) {
  const narrowed = facilityScope(scope, requestedFacilityId);
  if (narrowed.kind === "all") throw invalid([{ path: "facilityId", message: "Choose a facility" }]);
  const [org] = await db
    .select({ id: organizations.id, require: settings.requireAgreement })
    .from(organizations)
    .leftJoin(settings, eq(settings.facilityId, organizations.id))
    .where(and(eq(organizations.id, narrowed.facilityId), eq(organizations.kind, "facility")));
  if (!org) throw notFound("Facility");
  return { facilityId: org.id, requireAgreement: org.require ?? false };
}

export async function setAgreementRequirement(
  db: Db,
  scope: Scope,
  userId: string,
  input: { requireAgreement: boolean; facilityId?: string },
) {
  const before = await getAgreementRequirement(db, scope, input.facilityId);
  await db
    .insert(settings)
    .values({ facilityId: before.facilityId, requireAgreement: input.requireAgreement, updatedBy: userId })
    .onConflictDoUpdate({
      target: settings.facilityId,
      set: { requireAgreement: input.requireAgreement, updatedBy: userId, updatedAt: new Date() },
    });
  return { before, after: { facilityId: before.facilityId, requireAgreement: input.requireAgreement } };
}

type Rotation = { facilityId: string; startDate: string; endDate: string };

const todaySql = sql<string>`to_char(current_date, 'YYYY-MM-DD')`;

/** The facilities among `facilityIds` whose rule is on. */
async function requiringFacilities(db: DbOrTx, facilityIds: string[]) {
  if (facilityIds.length === 0) return new Set<string>();
  const rows = await db
    .select({ facilityId: settings.facilityId })
    .from(settings)
    .where(and(inArray(settings.facilityId, facilityIds), eq(settings.requireAgreement, true)));
  return new Set(rows.map((r) => r.facilityId));
}

/** Signed agreements between the programs and facilities named, with the database's today. */
async function signedAgreements(db: DbOrTx, programIds: string[], facilityIds: string[]) {
  if (programIds.length === 0 || facilityIds.length === 0) return [];
  return db
    .select({
      programId: a.programId,
      facilityId: a.facilityId,
      stage: a.stage,
      startDate: a.startDate,
      endDate: a.endDate,
      today: todaySql,
    })
    .from(a)
    .where(and(inArray(a.programId, programIds), inArray(a.facilityId, facilityIds), eq(a.stage, "executed")));
}

/**
 * For each placement of a search page: whether its facility requires an agreement and whether
 * `programId` holds one covering its dates (null when no program is named: an administrator's
 * search). Two queries for the whole page.
 */
export async function agreementFlags(db: DbOrTx, programId: string | null, rows: ({ id: string } & Rotation)[]) {
  const facilityIds = [...new Set(rows.map((r) => r.facilityId))];
  const requiring = await requiringFacilities(db, facilityIds);
  const held = programId ? await signedAgreements(db, [programId], [...requiring]) : [];
  const flags = new Map<string, { agreementRequired: boolean; agreementActive: boolean | null }>();
  for (const r of rows) {
    const required = requiring.has(r.facilityId);
    const active = !required
      ? true
      : programId
        ? held.some((h) => h.facilityId === r.facilityId && coversRotation(h, r, h.today))
        : null;
    flags.set(r.id, { agreementRequired: required, agreementActive: active });
  }
  return flags;
}

/** Adds the agreement flags to a page of placements (`facility.id`, dates). */
export async function withAgreementFlags<
  T extends { id: string; startDate: string; endDate: string; facility: { id: string } },
>(db: DbOrTx, programId: string | null, items: T[]) {
  const flags = await agreementFlags(
    db,
    programId,
    items.map((p) => ({ id: p.id, facilityId: p.facility.id, startDate: p.startDate, endDate: p.endDate })),
  );
  return items.map((p) => ({ ...p, ...(flags.get(p.id) ?? { agreementRequired: false, agreementActive: true }) }));
}

/**
 * The programs among `programIds` that may not apply to this rotation under the facility's rule,
 * with the reason (empty when the rule is off or every program holds an agreement covering it).
 */
export async function programsWithoutAgreement(
  db: DbOrTx,
  rotation: Rotation & { facilityName: string; requireAgreement?: boolean },
  programIds: string[],
) {
  const ids = [...new Set(programIds)];
  if (ids.length === 0) return new Map<string, string>();
  // The facility's rule, unless the caller read it with the rotation (issue 11: no statement of its own).
  const required =
    rotation.requireAgreement ?? (await requiringFacilities(db, [rotation.facilityId])).has(rotation.facilityId);
  if (!required) return new Map<string, string>();
  const [held, names] = await Promise.all([
    signedAgreements(db, ids, [rotation.facilityId]),
    db
      .select({ id: organizations.id, name: organizations.name })
      .from(organizations)
      .where(inArray(organizations.id, ids)),
  ]);
  const lacking = new Map<string, string>();
  for (const { id, name } of names) {
    if (!held.some((h) => h.programId === id && coversRotation(h, rotation, h.today)))
      lacking.set(id, agreementRequiredReason(rotation.facilityName, name));
  }
  return lacking;
}

/**
 * Applications to a rotation of a facility requiring an agreement (issue 17): refused as a whole
 * with 409 `agreement_required` and the reason when the students' program (the scope's, or each
 * named student's for an administrator) holds no agreement in force covering the rotation's dates.
 */
export async function assertAgreementCovers(
  db: DbOrTx,
  rotation: Rotation & { facilityName: string; requireAgreement?: boolean },
  who: { programId: string } | { studentIds: string[] },
) {
  const programIds =
    "programId" in who
      ? [who.programId]
      : who.studentIds.length === 0
        ? []
        : (
            await db
              .selectDistinct({ programId: students.programId })
              .from(students)
              .where(inArray(students.id, who.studentIds))
          ).map((r) => r.programId);
  const lacking = await programsWithoutAgreement(db, rotation, programIds);
  const [reason] = lacking.values();
  if (reason) throw new AppError("agreement_required", reason, 409);
}

/** The program of the student record a student scope names (null when it is gone). */
export async function studentProgramId(db: DbOrTx, scope: { studentId: string }) {
  const [row] = await db
    .select({ programId: students.programId })
    .from(students)
    .where(eq(students.id, scope.studentId));
  return row?.programId ?? null;
}
