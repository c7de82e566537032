import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { type AnyPgColumn, unionAll } from "drizzle-orm/pg-core";
import { itemReadiness, type Readiness, type RequirementType } from "../../../domain/compliance";
import { type DbOrTx, together } from "../../db/client";
import { applications } from "../../db/schema/applications";
import {
  complianceDocuments,
  facilityRequirements,
  placementRequirements,
  programRequirements,
  requirementTypes,
} from "../../db/schema/compliance";
import { organizations } from "../../db/schema/organizations";
import { placements } from "../../db/schema/placements";
import { type Scope, scopeWhere } from "../../lib/access";
import { notFound } from "../../lib/errors";
import { type DocumentView, documentSelect, toDocument, today, typeColumns } from "./records";

// An applicant's readiness for one rotation (issue 12): the program's requirements, the facility's
// and the placement's own, each met only by an approved document valid through the rotation's
// last day. Computed in bulk (one query per kind of record, whatever the number of applications).

export type Source = "program" | "facility" | "placement";
export type ReadinessItem = {
  type: RequirementType;
  source: Source;
  readiness: Readiness;
  document: DocumentView | null;
};
export type ApplicationReadiness = { ready: boolean; items: ReadinessItem[] };

/** What readiness needs of an application (the caller may have read it already: issue 11). */
export type ReadinessApplication = {
  id: string;
  studentId: string;
  programId: string;
  placementId: string;
  facilityId: string;
  endDate: string;
};

/** Each application's readiness, by id. */
export async function readinessOf(db: DbOrTx, applicationIds: string[], day = today()) {
  const ids = [...new Set(applicationIds)];
  if (ids.length === 0) return new Map<string, ApplicationReadiness>();
  const apps = await db
    .select({
      id: applications.id,
      studentId: applications.studentId,
      programId: applications.programId,
      placementId: applications.placementId,
      facilityId: placements.facilityId,
      endDate: placements.endDate,
    })
    .from(applications)
    .innerJoin(placements, eq(placements.id, applications.placementId))
    .where(inArray(applications.id, ids));
  return readinessOfApplications(db, apps, day);
}

/**
 * The readiness of applications whose rows the caller has already read (an approval reads them in
 * its own statement: issue 11).
 */
export async function readinessOfApplications(db: DbOrTx, apps: ReadinessApplication[], day = today()) {
  const out = new Map<string, ApplicationReadiness>();
  if (apps.length === 0) return out;
  const programIds = [...new Set(apps.map((a) => a.programId))];
  const facilityIds = [...new Set(apps.map((a) => a.facilityId))];
  const placementIds = [...new Set(apps.map((a) => a.placementId))];
  const studentIds = [...new Set(apps.map((a) => a.studentId))];
  // The three kinds of requirement, each with its active type, in one statement (issue 11: one
  // round trip, not four); an inactive type asks nothing.
  const kind = (k: Source) => sql<Source>`${k}::text`.as("kind");
  const activeType = (typeId: AnyPgColumn) => and(eq(requirementTypes.id, typeId), eq(requirementTypes.active, true));
  const typed = { ...typeColumns, sortOrder: requirementTypes.sortOrder };
  const [required, docs] = await together(
    db,
    () =>
      unionAll(
        db
          .select({ kind: kind("program"), owner: programRequirements.programId, ...typed })
          .from(programRequirements)
          .innerJoin(requirementTypes, activeType(programRequirements.requirementTypeId))
          .where(inArray(programRequirements.programId, programIds)),
        db
          .select({ kind: kind("facility"), owner: facilityRequirements.facilityId, ...typed })
          .from(facilityRequirements)
          .innerJoin(requirementTypes, activeType(facilityRequirements.requirementTypeId))
          .where(inArray(facilityRequirements.facilityId, facilityIds)),
        db
          .select({ kind: kind("placement"), owner: placementRequirements.placementId, ...typed })
          .from(placementRequirements)
          .innerJoin(requirementTypes, activeType(placementRequirements.requirementTypeId))
          .where(inArray(placementRequirements.placementId, placementIds)),
      ).orderBy(sql`"sort_order"`, sql`"id"`),
    () =>
      documentSelect(db)
        .where(and(inArray(complianceDocuments.studentId, studentIds), sql`${complianceDocuments.isCurrent}`))
        .orderBy(desc(complianceDocuments.uploadedAt)),
  );
  // Each type once, in the catalogue's order as activeTypes lists it (the statement's order).
  const types = new Map<string, RequirementType>();
  for (const { kind: _k, owner: _o, sortOrder: _s, ...type } of required)
    if (!types.has(type.id)) types.set(type.id, type);
  const group = (rows: { owner: string; id: string }[]) => {
    const m = new Map<string, Set<string>>();
    for (const r of rows) m.set(r.owner, (m.get(r.owner) ?? new Set()).add(r.id));
    return m;
  };
  const of = (k: Source) => required.filter((r) => r.kind === k);
  const [byProgram, byFacility, byPlacement] = [group(of("program")), group(of("facility")), group(of("placement"))];
  const docOf = new Map(docs.map((d) => [`${d.studentId}:${d.requirementTypeId}`, d]));
  for (const a of apps) {
    const sets: [Source, Set<string> | undefined][] = [
      ["program", byProgram.get(a.programId)],
      ["facility", byFacility.get(a.facilityId)],
      ["placement", byPlacement.get(a.placementId)],
    ];
    const items: ReadinessItem[] = [];
    for (const type of types.values()) {
      const source = sets.find(([, s]) => s?.has(type.id))?.[0];
      if (!source) continue;
      const doc = docOf.get(`${a.studentId}:${type.id}`) ?? null;
      items.push({
        type,
        source,
        readiness: itemReadiness(doc, day, a.endDate),
        document: doc ? toDocument(doc) : null,
      });
    }
    out.set(a.id, { ready: items.every((i) => i.readiness === "met"), items });
  }
  return out;
}

/** Whether each application's student is ready for its rotation (the facility's list rows). */
export async function readyByApplication(db: DbOrTx, applicationIds: string[]): Promise<Map<string, boolean>> {
  const all = await readinessOf(db, applicationIds);
  return new Map([...all].map(([id, r]) => [id, r.ready]));
}

/** The readiness of an application to one of the facility's placements (admins: any), or 404. */
export async function applicationReadiness(db: DbOrTx, scope: Scope, applicationId: string) {
  const [found] = await db
    .select({ id: applications.id })
    .from(applications)
    .innerJoin(placements, eq(placements.id, applications.placementId))
    .where(and(eq(applications.id, applicationId), scopeWhere(scope, { facility: placements.facilityId })));
  if (!found) throw notFound("Application");
  return (await readinessOf(db, [applicationId])).get(applicationId)!;
}

/** The student's open applications (pending, approved) with their readiness. */
export async function myApplicationsReadiness(db: DbOrTx, studentId: string) {
  const rows = await db
    .select({
      applicationId: applications.id,
      status: applications.status,
      placementId: placements.id,
      placementTitle: placements.title,
      facilityName: organizations.name,
      startDate: placements.startDate,
      endDate: placements.endDate,
    })
    .from(applications)
    .innerJoin(placements, eq(placements.id, applications.placementId))
    .innerJoin(organizations, eq(organizations.id, placements.facilityId))
    .where(and(eq(applications.studentId, studentId), inArray(applications.status, ["pending", "approved"])))
    .orderBy(placements.startDate);
  const readiness = await readinessOf(
    db,
    rows.map((r) => r.applicationId),
  );
  return rows.map((r) => {
    const rd = readiness.get(r.applicationId) ?? { ready: true, items: [] };
    return {
      ...r,
      ready: rd.ready,
      items: rd.items.map((i) => ({ requirementTypeId: i.type.id, name: i.type.name, readiness: i.readiness })),
    };
  });
}
