import { and, eq, inArray } from "drizzle-orm";
import { RECOMMENDED_PROGRAM_REQUIREMENTS } from "../../../domain/compliance";
import type { DbOrTx } from "../../db/client";
import {
  facilityRequirements,
  placementRequirements,
  programRequirements,
  requirementTypes,
} from "../../db/schema/compliance";
import { organizations } from "../../db/schema/organizations";
import type { FacilityScope, ProgramScope } from "../../lib/access";
import { invalid, notFound } from "../../lib/errors";
import { recomputeComplianceStatus } from "./status-sql";

// What a program asks of all its students, what a facility asks of every student placed with it,
// and what one placement asks on top (issue 12). Each list is a set of active requirement types.

/** The organization a scope names (an admin must name one: 422), checked to exist with that kind. */
async function namedOrganization(
  db: DbOrTx,
  scope: ProgramScope | FacilityScope,
  kind: "program" | "facility",
): Promise<string> {
  const id = scope.kind === "program" ? scope.programId : scope.kind === "facility" ? scope.facilityId : null;
  const field = kind === "program" ? "programId" : "facilityId";
  if (!id) throw invalid([{ path: field, message: `Choose the ${kind}` }]);
  const [org] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.id, id), eq(organizations.kind, kind)));
  if (!org) throw notFound(kind === "program" ? "Program" : "Facility");
  return id;
}

/** The ids, deduplicated, all of active types; else 422 naming the list. */
export async function checkTypeIds(db: DbOrTx, ids: string[], field = "requirementTypeIds"): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return unique;
  const found = await db
    .select({ id: requirementTypes.id })
    .from(requirementTypes)
    .where(and(inArray(requirementTypes.id, unique), eq(requirementTypes.active, true)));
  const known = new Set(found.map((r) => r.id));
  const unknown = unique.filter((id) => !known.has(id));
  if (unknown.length > 0) throw invalid([{ path: field, message: `Unknown requirement type: ${unknown.join(", ")}` }]);
  return unique;
}

const sorted = (rows: { id: string }[]) => rows.map((r) => r.id).sort();

export async function getProgramRequirements(db: DbOrTx, scope: ProgramScope) {
  const programId = await namedOrganization(db, scope, "program");
  const rows = await db
    .select({ id: programRequirements.requirementTypeId })
    .from(programRequirements)
    .where(eq(programRequirements.programId, programId));
  return { programId, requirementTypeIds: sorted(rows) };
}

/** Replaces a program's list and recomputes every student of the program (one set-based statement). */
export async function setProgramRequirements(db: DbOrTx, scope: ProgramScope, ids: string[]) {
  const programId = await namedOrganization(db, scope, "program");
  const wanted = await checkTypeIds(db, ids);
  await db.transaction(async (tx) => {
    await tx.delete(programRequirements).where(eq(programRequirements.programId, programId));
    if (wanted.length > 0)
      await tx
        .insert(programRequirements)
        .values(wanted.map((requirementTypeId) => ({ programId, requirementTypeId })));
    await recomputeComplianceStatus(tx, { programId });
  });
  return getProgramRequirements(db, { kind: "program", programId });
}

/** A new program starts with the recommended set (RECOMMENDED_PROGRAM_REQUIREMENTS). */
export async function addRecommendedProgramRequirements(db: DbOrTx, programId: string) {
  await db
    .insert(programRequirements)
    .values(RECOMMENDED_PROGRAM_REQUIREMENTS.map((requirementTypeId) => ({ programId, requirementTypeId })))
    .onConflictDoNothing();
}

export async function getFacilityRequirements(db: DbOrTx, scope: FacilityScope) {
  const facilityId = await namedOrganization(db, scope, "facility");
  const rows = await db
    .select({ id: facilityRequirements.requirementTypeId })
    .from(facilityRequirements)
    .where(eq(facilityRequirements.facilityId, facilityId));
  return { facilityId, requirementTypeIds: sorted(rows) };
}

export async function setFacilityRequirements(db: DbOrTx, scope: FacilityScope, ids: string[]) {
  const facilityId = await namedOrganization(db, scope, "facility");
  const wanted = await checkTypeIds(db, ids);
  await db.transaction(async (tx) => {
    await tx.delete(facilityRequirements).where(eq(facilityRequirements.facilityId, facilityId));
    if (wanted.length > 0)
      await tx
        .insert(facilityRequirements)
        .values(wanted.map((requirementTypeId) => ({ facilityId, requirementTypeId })));
  });
  return getFacilityRequirements(db, { kind: "facility", facilityId });
}

/** A placement's own requirement types (on top of its facility's). */
export async function placementRequirementIds(db: DbOrTx, placementIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>(placementIds.map((id) => [id, []]));
  if (placementIds.length === 0) return out;
  const rows = await db
    .select({ placementId: placementRequirements.placementId, id: placementRequirements.requirementTypeId })
    .from(placementRequirements)
    .where(inArray(placementRequirements.placementId, placementIds))
    .orderBy(placementRequirements.requirementTypeId);
  for (const r of rows) out.get(r.placementId)?.push(r.id);
  return out;
}

/** Replaces a placement's own list (inside the caller's transaction, after its access check). */
export async function setPlacementRequirements(db: DbOrTx, placementId: string, ids: string[]) {
  const wanted = await checkTypeIds(db, ids);
  await db.delete(placementRequirements).where(eq(placementRequirements.placementId, placementId));
  if (wanted.length > 0)
    await db
      .insert(placementRequirements)
      .values(wanted.map((requirementTypeId) => ({ placementId, requirementTypeId })));
}
