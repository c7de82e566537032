import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { dayLabel } from "../../../domain/placements";
import { applications } from "../../db/schema/applications";
import { organizations } from "../../db/schema/organizations";
import { placements } from "../../db/schema/placements";
import { students } from "../../db/schema/students";

// D7: one student cannot hold two approved placements whose dates overlap. The rule is written
// once here: the approval refuses on it (under its locks) and the facility's list and detail show
// it on a pending application before anyone clicks Approve.

/** The student's approved placement clashing with an application, as the SQL below builds it. */
export type Overlap = {
  firstName: string;
  lastName: string;
  /** D1: another facility's rotation is the student's record, not this facility's: null there. */
  title: string | null;
  facilityName: string | null;
  startDate: string;
  endDate: string;
  sameFacility: boolean;
};

/**
 * A scalar subquery: the student's earliest approved placement (other than this application)
 * whose dates overlap the placement's, as JSON (`Overlap`), or null. Its arguments may be values
 * or the outer query's columns (the list correlates it row by row in one statement).
 */
type Operand = SQLWrapper | string;

export function overlappingApproved(a: { studentId: Operand; applicationId: Operand; placementId: Operand }): SQL {
  return sql`(select json_build_object('firstName', s.first_name, 'lastName', s.last_name,
        'title', case when o.facility_id = t.facility_id then o.title end,
        'facilityName', case when o.facility_id = t.facility_id then f.name end,
        'startDate', o.start_date, 'endDate', o.end_date, 'sameFacility', o.facility_id = t.facility_id)
      from ${applications} x
      join ${students} s on s.id = x.student_id
      join ${placements} o on o.id = x.placement_id
      join ${organizations} f on f.id = o.facility_id
      join ${placements} t on t.id = ${a.placementId}
      where x.student_id = ${a.studentId} and x.status = 'approved' and x.id <> ${a.applicationId}
        and o.start_date <= t.end_date and o.end_date >= t.start_date
      order by o.start_date limit 1)`;
}

/** "Night Shift at Mercy (Mar 3, 2027 to Apr 25, 2027)"; another facility's: "a rotation at another facility (…)". */
export function overlapText(o: Overlap): string {
  const where = o.sameFacility ? `${o.title} at ${o.facilityName}` : "a rotation at another facility";
  return `${where} (${dayLabel(o.startDate)} to ${dayLabel(o.endDate)})`;
}
