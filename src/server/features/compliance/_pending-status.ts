import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";

// STAND-IN, replaced at merge by status-sql.ts of the c-jobs branch (same signature). Mirrors
// src/domain/compliance.ts itemStatus and studentStatus in one set-based UPDATE: a required item
// (an active type the student's program requires) is missing without a current document, rejected,
// expired (expires_on before today), submitted, or approved (an expiring one is still approved).
// No required items: compliant; all missing: pending; any missing, rejected or expired:
// incomplete; any submitted: pending; else compliant. Only rows whose status changes are written.

export async function recomputeComplianceStatus(
  db: DbOrTx,
  target: { studentIds?: string[]; programId?: string },
): Promise<void> {
  const filters = [];
  if (target.studentIds) {
    if (target.studentIds.length === 0) return;
    filters.push(
      sql`st.id in (${sql.join(
        target.studentIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
  }
  if (target.programId) filters.push(sql`st.program_id = ${target.programId}::uuid`);
  const where = filters.length > 0 ? sql`where ${sql.join(filters, sql` and `)}` : sql``;
  await db.execute(sql`
    update students s
       set compliance_status = x.status::compliance_status
      from (
        select st.id,
               case
                 when count(req.requirement_type_id) = 0 then 'compliant'
                 when count(d.id) = 0 then 'pending'
                 when bool_or(d.id is null or d.status = 'rejected' or d.expires_on < current_date) then 'incomplete'
                 when bool_or(d.status = 'submitted') then 'pending'
                 else 'compliant'
               end as status
          from students st
          left join (
            select pr.program_id, pr.requirement_type_id
              from program_requirements pr
              join requirement_types rt on rt.id = pr.requirement_type_id and rt.active
          ) req on req.program_id = st.program_id
          left join compliance_documents d
            on d.student_id = st.id and d.requirement_type_id = req.requirement_type_id and d.is_current
          ${where}
         group by st.id
      ) x
     where s.id = x.id and s.compliance_status::text is distinct from x.status`);
}
