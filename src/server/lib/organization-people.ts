import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { users } from "../db/schema/auth";
import { memberships } from "../db/schema/organizations";

export type Person = { userId: string; email: string; name: string };

/**
 * An organization's coordinators as a JSON array of people, for a statement that reads them with
 * what they are told about (issue 11: no statement of their own). A facility's preceptors (issue 17)
 * are members too but are not told about applications.
 */
export function coordinatorsJson(organizationId: SQLWrapper): SQL<Person[]> {
  return sql<Person[]>`(
    select coalesce(json_agg(json_build_object('userId', u.id, 'email', u.email, 'name', u.name)), '[]'::json)
    from ${memberships} m join ${users} u on u.id = m.user_id
    where m.organization_id = ${organizationId} and m.role = 'coordinator')`;
}
