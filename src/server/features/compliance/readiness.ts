import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { documentInForce, itemReadiness, type Readiness, type RequirementType } from "../../../domain/compliance";
import { type DbOrTx, fromJson, type JsonColumn, rowsOf } from "../../db/client";
import { applications } from "../../db/schema/applications";
import { users } from "../../db/schema/auth";
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
import { type DocumentRow, type DocumentView, toDocument, today } from "./records";

// An applicant's readiness for one rotation (issue 12): the program's requirements, the facility's
// and the placement's own, each met only by an approved document in force valid through the
// rotation's last day (a renewal awaiting review leaves the approved one in force). Computed in bulk (one query per kind of record, whatever the number of applications).

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

type RequiredRow = RequirementType & { kind: Source; owner: string };
/** A document as the statement gives it: its times as JSON strings. */
type DocumentJson = Omit<DocumentRow, "uploadedAt" | "reviewedAt"> & { uploadedAt: string; reviewedAt: string | null };

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

/** The ids readiness reads by: each an expression of a uuid[] (parameters, or an outer row's columns). */
export type ReadinessIds = { programs: SQL; facilities: SQL; placements: SQL; students: SQL };

/** What readiness reads, as it comes back: the requirements with their types, the documents that may be in force. */
export type ReadinessLists = { required: JsonColumn<RequiredRow[]>; docs: JsonColumn<DocumentJson[]> };

/**
 * The three kinds of requirement with their active types, and the students' documents that may be in
 * force (the current ones and the approved ones, newest first; documentInForce chooses): two
 * json columns of one statement (issue 11: one round trip, not two; an approval reads them with its
 * application, review.ts); an inactive type asks nothing.
 */
export function readinessColumns(ids: ReadinessIds): {
  required: SQL<ReadinessLists["required"]>;
  docs: SQL<ReadinessLists["docs"]>;
} {
  return {
    required: sql`(select coalesce(json_agg(json_build_object('kind', r.kind, 'owner', r.owner, 'id', t.id, 'name', t.name,
            'category', t.category, 'proof', t.proof, 'asksIssuedOn', t.asks_issued_on,
            'asksExpiresOn', t.asks_expires_on, 'validity', t.validity, 'validityMonths', t.validity_months)
            order by t.sort_order, t.id), '[]'::json)
          from (
            select 'program' as kind, program_id as owner, requirement_type_id as type_id
              from ${programRequirements} where program_id = any(${ids.programs})
            union all
            select 'facility', facility_id, requirement_type_id
              from ${facilityRequirements} where facility_id = any(${ids.facilities})
            union all
            select 'placement', placement_id, requirement_type_id
              from ${placementRequirements} where placement_id = any(${ids.placements})
          ) r
          join ${requirementTypes} t on t.id = r.type_id and t.active)`,
    docs: sql`(select coalesce(json_agg(json_build_object('id', d.id, 'studentId', d.student_id,
            'requirementTypeId', d.requirement_type_id, 'status', d.status, 'isCurrent', d.is_current,
            'issuedOn', d.issued_on, 'expiresOn', d.expires_on, 'fileName', d.file_name,
            'contentType', d.content_type, 'sizeBytes', d.size_bytes, 'uploadedAt', d.uploaded_at,
            'uploadedById', d.uploaded_by, 'uploadedByName', uploader.name, 'reviewedAt', d.reviewed_at,
            'reviewedById', d.reviewed_by, 'reviewedByName', reviewer.name, 'rejectionReason', d.rejection_reason)
            order by d.uploaded_at desc, d.id desc), '[]'::json)
          from ${complianceDocuments} d
          left join ${users} uploader on uploader.id = d.uploaded_by
          left join ${users} reviewer on reviewer.id = d.reviewed_by
          where d.student_id = any(${ids.students}) and (d.is_current or d.status = 'approved'))`,
  };
}

/** The readiness of applications whose rows `readinessOf` has read. */
async function readinessOfApplications(db: DbOrTx, apps: ReadinessApplication[], day = today()) {
  if (apps.length === 0) return new Map<string, ApplicationReadiness>();
  // Each list is one array parameter, so the statement's text is the same whatever the number of ids.
  const ids = (list: string[]) => sql`${`{${[...new Set(list)].join(",")}}`}::uuid[]`;
  const { required, docs } = readinessColumns({
    programs: ids(apps.map((a) => a.programId)),
    facilities: ids(apps.map((a) => a.facilityId)),
    placements: ids(apps.map((a) => a.placementId)),
    students: ids(apps.map((a) => a.studentId)),
  });
  const [lists] = rowsOf<ReadinessLists>(await db.execute(sql`select ${required} as required, ${docs} as docs`));
  return readinessFrom(apps, lists!, day);
}

/** Each application's readiness from what `readinessColumns` read for them. */
export function readinessFrom(apps: ReadinessApplication[], lists: ReadinessLists, day = today()) {
  const out = new Map<string, ApplicationReadiness>();
  const required = fromJson(lists.required);
  const docs = fromJson(lists.docs);
  // Each type once, in the catalogue's order as activeTypes lists it (the statement's order).
  const types = new Map<string, RequirementType>();
  for (const { kind: _k, owner: _o, ...type } of required) if (!types.has(type.id)) types.set(type.id, type);
  const group = (rows: { owner: string; id: string }[]) => {
    const m = new Map<string, Set<string>>();
    for (const r of rows) m.set(r.owner, (m.get(r.owner) ?? new Set()).add(r.id));
    return m;
  };
  const of = (k: Source) => required.filter((r) => r.kind === k);
  const [byProgram, byFacility, byPlacement] = [group(of("program")), group(of("facility")), group(of("placement"))];
  const docsOf = new Map<string, DocumentJson[]>();
  for (const d of docs) {
    const key = `${d.studentId}:${d.requirementTypeId}`;
    const list = docsOf.get(key);
    if (list) list.push(d);
    else docsOf.set(key, [d]);
  }
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
      const doc = documentInForce(docsOf.get(`${a.studentId}:${type.id}`) ?? [], day);
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
