import { count, eq } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Tx } from "../db/client";
import { affiliationAgreements, facilityAgreementSettings } from "../db/schema/agreements";
import { applications } from "../db/schema/applications";
import { calendarEvents } from "../db/schema/calendar";
import {
  complianceDocuments,
  facilityRequirements,
  placementRequirements,
  programRequirements,
} from "../db/schema/compliance";
import { learningResources, placementChecklistItems } from "../db/schema/learning";
import { messages } from "../db/schema/messages";
import { adminAccessRequests, memberships, organizations } from "../db/schema/organizations";
import { departments, placements } from "../db/schema/placements";
import {
  evaluations,
  evaluationTemplates,
  hourLogs,
  programEvaluationSettings,
  programHourRequirements,
} from "../db/schema/rotations";
import { studentPreferences, students, studentUsers } from "../db/schema/students";
import { findUserIdByEmail } from "../features/accounts/service";
import type { Deps } from "../lib/context";
import { createFileStore } from "../lib/storage";
import { backdateAccounts, type DemoAccounts, seedAccounts } from "./accounts";
import { planAgreements } from "./agreements";
import { type ApplicationStatus, planApplications } from "./applications";
import { planCalendar } from "./calendar";
import { planCompliance } from "./compliance";
import * as D from "./data";
import { planEvaluations } from "./evaluations";
import { planHours } from "./hours";
import { planLearning, planPlacementChecklist } from "./learning";
import { planMessages } from "./messages";
import { coordinatorMemberships, type DemoOrganizations, planOrganizations } from "./organizations";
import { fillSlots, fitDepartmentCapacities, planDepartments, planPlacements } from "./placements";
import { preceptorJoinedAt, seedPreceptors } from "./preceptors";
import { at, type Clock, clockAt, DAY, HOUR, makeRandom } from "./random";
import { seedRotationRecords } from "./rotation-records";
import { planStudents, type StudentPlan } from "./students";

// The demo world (D10): programs, facilities in real US cities with departments, placements across
// nursing specialties, students, applications in every status and messages, with demo accounts for
// every role. Deterministic (seeded PRNG) and relative to today, so the demo never goes stale.
// Each part of the world is planned by its own module on the shared record factories
// (src/server/factories, as the tests make records), then everything is inserted in one transaction.

const SEED = 20_260_101;

export type SeedCounts = {
  users: number;
  usersCreated: number;
  organizations: number;
  departments: number;
  placements: number;
  students: number;
  applications: number;
  applicationsByStatus: Record<ApplicationStatus, number>;
  messages: number;
  complianceDocuments: number;
  agreements: number;
  hourLogs: number;
  ms: number;
};

async function insertAll<T extends PgTable>(tx: Tx, table: T, rows: T["$inferInsert"][], size = 500) {
  for (let i = 0; i < rows.length; i += size) {
    await tx.insert(table).values(rows.slice(i, i + size) as never);
  }
}

/** True when the demo world was seeded (the demo program coordinator has their membership). */
export async function demoWorldExists(deps: Pick<Deps, "db">): Promise<boolean> {
  const userId = await findUserIdByEmail(deps, D.DEMO_ACCOUNTS.program.email);
  if (!userId) return false;
  const rows = await deps.db
    .select({ id: memberships.id })
    .from(memberships)
    .where(eq(memberships.userId, userId))
    .limit(1);
  return rows.length > 0;
}

/** Seeds the demo world when the database has no organization yet; logs what it did. */
export async function seedIfEmpty(deps: Deps): Promise<SeedCounts | null> {
  const [row] = await deps.db.select({ n: count() }).from(organizations);
  if (row.n > 0) {
    deps.log.info({ organizations: row.n }, "demo world: the database has organizations, nothing seeded");
    return null;
  }
  const counts = await seedDemoWorld(deps);
  deps.log.info(counts, "demo world seeded");
  return counts;
}

/** When each demo account's person joined: with their organization, the student before their roster entry's first day. */
function joinedAt(clock: Clock, orgs: DemoOrganizations, demoStudent: StudentPlan) {
  return (key: string) => {
    const [kind, index] = key.split(":");
    if (kind === "program") return orgs.programs[Number(index)].createdAt;
    if (kind === "facility") return orgs.facilities[Number(index)].createdAt;
    if (kind === "student") return at(demoStudent.createdAt + DAY);
    if (kind === "requester") return at(clock.nowMs - 12 * HOUR);
    if (kind === "preceptor") return preceptorJoinedAt(orgs);
    return at(clock.today - 760 * DAY + 9 * HOUR);
  };
}

/** student@demo.test's account on the first roster entry, with the preferences of their profile. */
async function linkDemoStudent(tx: Tx, accounts: DemoAccounts, demoStudent: StudentPlan) {
  await tx
    .insert(studentUsers)
    .values({ userId: accounts.user("student"), studentId: demoStudent.id })
    .onConflictDoNothing();
  await tx
    .insert(studentPreferences)
    .values({
      userId: accounts.user("student"),
      geographicPreferences: [...D.DEMO_STUDENT_PROFILE.geographicPreferences],
      specialtyInterests: [...D.DEMO_STUDENT_PROFILE.specialtyInterests],
      scheduleConstraints: D.DEMO_STUDENT_PROFILE.scheduleConstraints,
      transportationOptions: D.DEMO_STUDENT_PROFILE.transportationOptions,
      careerGoals: D.DEMO_STUDENT_PROFILE.careerGoals,
    })
    .onConflictDoNothing();
}

/** Builds the whole demo world; accounts first, then everything else in one transaction. */
export async function seedDemoWorld(deps: Deps, opts: { now?: Date } = {}): Promise<SeedCounts> {
  const started = performance.now();
  const R = makeRandom(SEED);
  const clock = clockAt(opts.now ?? new Date());

  // The parts of the world, in the order they draw from the PRNG (the same world on every run).
  const accounts = await seedAccounts(deps);
  const orgs = planOrganizations(clock);
  const memberRows = coordinatorMemberships(orgs, accounts);
  const facilityDepartments = planDepartments(R, orgs);
  const departmentRows = facilityDepartments.flat();
  const placementPlan = planPlacements(R, clock, orgs, facilityDepartments);
  const studentPlan = planStudents(R, clock, orgs);
  const world = { R, clock, orgs, accounts, placements: placementPlan.plans, students: studentPlan.plans };
  const applicationRows = planApplications(world);
  fillSlots(placementPlan.rows, placementPlan.plans);
  fitDepartmentCapacities(departmentRows, placementPlan.rows);
  const messageRows = planMessages({ ...world, applications: applicationRows });
  const demoStudent = studentPlan.plans[0];
  const calendarRows = planCalendar({ clock, orgs, accounts, placements: placementPlan.plans });
  const compliance = await planCompliance({ ...world, placements: placementPlan.plans });
  const agreements = await planAgreements(world);
  const hours = planHours({
    ...world,
    applications: applicationRows,
    demoStudentId: demoStudent.id,
    demoProgramIndex: demoStudent.programIndex,
  });
  // The documents' files first (under DATA_DIR/files or in S3): a row never points at nothing.
  const files = createFileStore(deps.env);
  for (const f of [...compliance.files, ...agreements.files]) await files.put(f.key, f.bytes, f.contentType);

  let recordHourLogs = 0;
  await deps.db.transaction(async (tx) => {
    await backdateAccounts(tx, accounts, joinedAt(clock, orgs, demoStudent));
    await insertAll(tx, organizations, orgs.rows);
    await insertAll(tx, memberships, memberRows);
    await insertAll(tx, departments, departmentRows);
    await insertAll(tx, placements, placementPlan.rows);
    await insertAll(tx, students, studentPlan.rows);
    await linkDemoStudent(tx, accounts, demoStudent);
    await insertAll(tx, applications, applicationRows);
    await insertAll(tx, messages, messageRows);
    await insertAll(tx, programRequirements, compliance.programRequirementRows);
    await insertAll(tx, facilityRequirements, compliance.facilityRequirementRows);
    await insertAll(tx, placementRequirements, compliance.placementRequirementRows);
    await insertAll(tx, complianceDocuments, compliance.documentRows);
    await insertAll(tx, calendarEvents, calendarRows);
    await insertAll(tx, learningResources, planLearning(clock, orgs.programs[demoStudent.programIndex].id));
    await insertAll(
      tx,
      placementChecklistItems,
      planPlacementChecklist(clock, demoStudent.id, applicationRows, placementPlan.rows),
    );
    await insertAll(tx, affiliationAgreements, agreements.rows);
    await insertAll(tx, facilityAgreementSettings, agreements.settings);
    await seedPreceptors(tx, { clock, orgs, accounts, demoStudentId: demoStudent.id });
    // Evaluations (issue 17) of the approved rotations, by the ids they were given.
    const approvedIds = await tx
      .select({ id: applications.id, studentId: applications.studentId, placementId: applications.placementId })
      .from(applications)
      .where(eq(applications.status, "approved"));
    const evaluationPlan = planEvaluations({ ...world, applications: applicationRows, approvedIds });
    await insertAll(tx, evaluationTemplates, evaluationPlan.templates);
    await insertAll(tx, programEvaluationSettings, evaluationPlan.settings);
    await insertAll(tx, evaluations, evaluationPlan.rows);
    await insertAll(tx, hourLogs, hours.logs);
    await insertAll(tx, programHourRequirements, hours.requirements);
    // Last: the rotation record demo fills only what the hours and evaluations above left empty.
    recordHourLogs = await seedRotationRecords(tx, { clock, demoStudentId: demoStudent.id });
    await tx
      .insert(adminAccessRequests)
      .values({
        userId: accounts.user("requester"),
        organizationName: D.DEMO_ACCESS_REQUEST.organizationName,
        createdAt: at(clock.nowMs - 12 * HOUR),
      })
      .onConflictDoNothing();
  });

  const byStatus: Record<ApplicationStatus, number> = { pending: 0, approved: 0, rejected: 0, withdrawn: 0 };
  for (const a of applicationRows) byStatus[a.status as ApplicationStatus]++;
  return {
    users: accounts.specs.length,
    usersCreated: accounts.created.size,
    organizations: orgs.rows.length,
    departments: departmentRows.length,
    placements: placementPlan.rows.length,
    students: studentPlan.rows.length,
    applications: applicationRows.length,
    applicationsByStatus: byStatus,
    messages: messageRows.length,
    complianceDocuments: compliance.documentRows.length,
    agreements: agreements.rows.length,
    hourLogs: hours.logs.length + recordHourLogs,
    ms: Math.round(performance.now() - started),
  };
}
