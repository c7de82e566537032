import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { inForce, renewedDocuments } from "./records";

// Students' compliance_status (D6) recomputed in ONE set-based statement, mirroring itemStatus and
// studentStatus of src/domain/compliance.ts exactly (status-sql.test.ts compares both on a table
// of cases). Called after an upload or a review (for the student), after a program changes its
// requirements (for the program), and daily by the `compliance.recompute-status` job (for
// everyone: an item expires with the date, not with a write).
//
// A required item is an active catalogue type the student's program requires; the document in
// force (documentInForce: the current one, or the approved one a renewal awaiting review or
// rejected has not replaced) makes it: missing (none), rejected, expired (expires_on before today),
// submitted, or approved (an expiring one still counts: it is valid today). Then per student: no
// required items → compliant; all missing → pending; any rejected, expired or missing →
// incomplete; any submitted → pending; otherwise compliant. Only rows whose status changes are
// written.

export type RecomputeTarget = {
  studentIds?: string[];
  programId?: string;
  /** The calendar day (YYYY-MM-DD) the status is for; default the database's current_date. */
  today?: string;
};

/** Recomputes the targeted students' compliance_status (all students when neither filter is given); returns how many changed. */
export async function recomputeComplianceStatus(db: DbOrTx, target: RecomputeTarget = {}): Promise<number> {
  const filters: SQL[] = [];
  if (target.studentIds) {
    if (target.studentIds.length === 0) return 0;
    filters.push(
      sql`st.id in (${sql.join(
        target.studentIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
  }
  if (target.programId) filters.push(sql`st.program_id = ${target.programId}::uuid`);
  const where = filters.length > 0 ? sql`where ${sql.join(filters, sql` and `)}` : sql``;
  const today = target.today ? sql`${target.today}::date` : sql`current_date`;
  const renewed = renewedDocuments(
    db,
    today,
    filters.length > 0 ? sql`(select st.id from students st ${where})` : undefined,
  );
  const status = inForce(sql`r.id`, sql`r.status`, sql`c.status`);
  const expiresOn = inForce(sql`r.id`, sql`r.expires_on`, sql`c.expires_on`);
  const result = await db.execute(sql`
    with item as (
      select st.id as student_id,
             case
               when req.requirement_type_id is null then null
               when c.id is null then 'missing'
               when ${status} = 'rejected' then 'rejected'
               when ${expiresOn} < ${today} then 'expired'
               when ${status} = 'submitted' then 'submitted'
               else 'approved'
             end as status
        from students st
        left join (
          select pr.program_id, pr.requirement_type_id
            from program_requirements pr
            join requirement_types rt on rt.id = pr.requirement_type_id and rt.active
        ) req on req.program_id = st.program_id
        left join compliance_documents c
          on c.student_id = st.id and c.requirement_type_id = req.requirement_type_id and c.is_current
        left join ${renewed} r on r.student_id = st.id and r.requirement_type_id = req.requirement_type_id
        ${where}
    ), derived as (
      select student_id,
             case
               when count(status) = 0 then 'compliant'
               when bool_and(status = 'missing') then 'pending'
               when bool_or(status in ('rejected', 'expired', 'missing')) then 'incomplete'
               when bool_or(status = 'submitted') then 'pending'
               else 'compliant'
             end::compliance_status as status
        from item
       group by student_id
    )
    update students s
       set compliance_status = derived.status
      from derived
     where s.id = derived.student_id and s.compliance_status is distinct from derived.status
    returning s.id`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}
