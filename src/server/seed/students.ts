import { randomUUID } from "node:crypto";
import { NURSING_SPECIALTIES, type Specialty } from "../../domain/specialties";
import type { students } from "../db/schema/students";
import { studentRow } from "../factories/students";
import * as D from "./data";
import type { DemoOrganizations } from "./organizations";
import { at, type Clock, DAY, HOUR, type Random } from "./random";

// The programs' rosters: the first program's is the largest, and student@demo.test is its first entry.

export type StudentPlan = {
  id: string;
  programIndex: number;
  first: string;
  region: string;
  specialty: Specialty;
  compliance: "pending" | "compliant" | "incomplete";
  createdAt: number;
  /** Start and end of each approved rotation planned so far. */
  approved: Array<[number, number]>;
  /** Placements applied to so far. */
  applied: Set<string>;
  applications: number;
  demo: boolean;
  /** Takes part in the applications drawn at random (a verified program's, not the demo student). */
  eligible: boolean;
};

export function planStudents(
  R: Random,
  clock: Clock,
  orgs: DemoOrganizations,
): { plans: StudentPlan[]; rows: (typeof students.$inferInsert)[] } {
  const { today, nowMs } = clock;
  const plans: StudentPlan[] = [];
  const rows: (typeof students.$inferInsert)[] = [];
  D.PROGRAMS.forEach((p, pi) => {
    const names = new Set<string>();
    const recent = Math.max(1, Math.round(p.students * 0.08));
    for (let i = 0; i < p.students; i++) {
      const demo = pi === 0 && i === 0;
      let first: string = D.DEMO_ACCOUNTS.student.first;
      let last: string = D.DEMO_ACCOUNTS.student.last;
      if (!demo) {
        do {
          first = R.pick(D.STUDENT_FIRST_NAMES);
          last = R.pick(D.STUDENT_LAST_NAMES);
        } while (names.has(`${first} ${last}`));
      }
      names.add(`${first} ${last}`);
      const email = demo ? D.DEMO_ACCOUNTS.student.email : `${first}.${last}@${p.slug}.edu.test`.toLowerCase();
      const r = R.next();
      const compliance = demo
        ? "compliant"
        : !p.verified
          ? "pending"
          : r < 0.55
            ? "compliant"
            : r < 0.8
              ? "pending"
              : "incomplete";
      const specialty = demo ? (D.DEMO_STUDENT_PROFILE.specialtyInterest as Specialty) : R.pick(NURSING_SPECIALTIES);
      const gpa = demo ? D.DEMO_STUDENT_PROFILE.gpa : (2.5 + ((R.next() + R.next()) / 2) * 1.5).toFixed(2);
      const createdAt = demo
        ? today - 420 * DAY + 9 * HOUR
        : !p.verified
          ? nowMs - R.int(1, 3) * DAY - R.int(1, 10) * HOUR
          : i >= p.students - recent
            ? nowMs - R.int(2, 28) * DAY - R.int(1, 10) * HOUR
            : today - R.int(200, 420) * DAY + R.int(8, 17) * HOUR;
      const plan: StudentPlan = {
        id: randomUUID(),
        programIndex: pi,
        first,
        region: orgs.programs[pi].region,
        specialty,
        compliance,
        createdAt,
        approved: [],
        applied: new Set(),
        applications: 0,
        demo,
        eligible: p.verified && !demo,
      };
      plans.push(plan);
      rows.push(
        studentRow(orgs.programs[pi].id, {
          id: plan.id,
          firstName: first,
          lastName: last,
          email,
          phone: `(${p.areaCode}) 555-01${String(i % 100).padStart(2, "0")}`,
          gpa,
          specialtyInterest: specialty,
          complianceStatus: compliance,
          createdAt: at(createdAt),
          updatedAt: at(createdAt),
        }),
      );
    }
  });
  return { plans, rows };
}
