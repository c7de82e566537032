import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { withdrawalRule } from "../../../domain/applications";
import type { DbOrTx } from "../../db/client";
import { applications } from "../../db/schema/applications";
import { organizations } from "../../db/schema/organizations";
import { placements } from "../../db/schema/placements";
import { students } from "../../db/schema/students";
import { programScope, type Scope, scopeWhere } from "../../lib/access";
import type { Deps } from "../../lib/context";
import { conflict, notFound } from "../../lib/errors";
import { lockPlacement, releaseSlot } from "../placements/slots";
import { mailWithdrawals, publishWithdrawals, type WithdrawnApplication } from "./withdrawal-notices";

// Withdrawing an application (issue 9): by the program (or an admin) or by the student, under one
// rule (`withdrawalRule`, src/domain/applications.ts). The Scope says whose applications the caller
// may withdraw: a student's own, or the program's; anything else is 404.

const fullName = (s: { firstName: string; lastName: string }) => `${s.firstName} ${s.lastName}`;

export type WithdrawResult = {
  id: string;
  status: "withdrawn";
  previousStatus: "pending" | "approved";
  withdrawnAt: string;
  /** An approved rotation already under way: the student leaves it early. */
  leftEarly: boolean;
  message: string;
};

/**
 * Withdraws one application the scope may touch: a student their own (another's is 404), the
 * program (or an admin) one of the program's. The same rules for both.
 */
export async function withdrawApplication(deps: Deps, access: Scope, id: string) {
  if (access.kind === "student") {
    return withdrawWhere(deps, id, scopeWhere(access, { student: applications.studentId }), "student");
  }
  const scope = programScope(access);
  return withdrawWhere(deps, id, scopeWhere(scope, { program: applications.programId }), "program");
}
/**
 * One transaction: the placement row is locked first (as every slot change does, D8), then the
 * application; the rule is checked on the locked status against the database's current_date. An
 * approved application frees its seat. The facility's coordinators (and the program's and the
 * student's open pages) hear of it live on commit, and the facility's coordinators by mail.
 */
async function withdrawWhere(
  deps: Deps,
  id: string,
  owned: SQL | undefined,
  by: "student" | "program",
): Promise<WithdrawResult> {
  const { result } = await deps.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: applications.id, placementId: applications.placementId })
      .from(applications)
      .where(and(eq(applications.id, id), owned));
    if (!found) throw notFound("Application");
    await lockPlacement(tx, found.placementId);
    const [current] = await tx
      .select({
        status: applications.status,
        startDate: placements.startDate,
        endDate: placements.endDate,
        today: sql<string>`to_char(current_date, 'YYYY-MM-DD')`,
      })
      .from(applications)
      .innerJoin(placements, eq(placements.id, applications.placementId))
      .where(eq(applications.id, id))
      .for("update", { of: applications });
    if (!current) throw notFound("Application");
    const rule = withdrawalRule(current, current.today);
    if (!rule.allowed) throw conflict(rule.reason);
    if (rule.freesSeat) await releaseSlot(tx, found.placementId);
    const [updated] = await tx
      .update(applications)
      .set({ status: "withdrawn", withdrawnAt: new Date() })
      .where(eq(applications.id, id))
      .returning({ id: applications.id, withdrawnAt: applications.withdrawnAt });
    const previousStatus = current.status as "pending" | "approved";
    const [item] = await withdrawnDetails(tx, [{ id, previousStatus, leftEarly: rule.leavingEarly }]);
    await publishWithdrawals(deps, tx, [item]);
    await mailWithdrawals(deps, tx, [item], by); // queued: sent once this commits (ADR 015)
    const message = rule.leavingEarly
      ? `Withdrawn during the rotation: the student leaves ${item.title} early, the seat is freed and ${item.facilityName} is told`
      : previousStatus === "approved"
        ? `Withdrawn: the seat in ${item.title} is freed and ${item.facilityName} is told`
        : `Withdrawn: ${item.facilityName} will no longer review this application`;
    return {
      result: {
        id: updated.id,
        status: "withdrawn" as const,
        previousStatus,
        withdrawnAt: (updated.withdrawnAt ?? new Date()).toISOString(),
        leftEarly: rule.leavingEarly,
        message,
      },
    };
  });
  return result;
}

/** What the facility is told about withdrawn applications (names, placement, dates). */
export async function withdrawnDetails(
  db: DbOrTx,
  items: { id: string; previousStatus: "pending" | "approved"; leftEarly: boolean }[],
): Promise<WithdrawnApplication[]> {
  if (items.length === 0) return [];
  const rows = await db
    .select({
      id: applications.id,
      studentId: applications.studentId,
      programId: applications.programId,
      firstName: students.firstName,
      lastName: students.lastName,
      programName: organizations.name,
      placementId: placements.id,
      title: placements.title,
      startDate: placements.startDate,
      endDate: placements.endDate,
      facilityId: placements.facilityId,
    })
    .from(applications)
    .innerJoin(students, eq(students.id, applications.studentId))
    .innerJoin(placements, eq(placements.id, applications.placementId))
    .innerJoin(organizations, eq(organizations.id, applications.programId))
    .where(
      inArray(
        applications.id,
        items.map((i) => i.id),
      ),
    );
  const facilityIds = [...new Set(rows.map((r) => r.facilityId))];
  const facilities = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(inArray(organizations.id, facilityIds));
  const facilityName = new Map(facilities.map((f) => [f.id, f.name]));
  const byId = new Map(items.map((i) => [i.id, i]));
  return rows.map((r) => ({
    applicationId: r.id,
    studentId: r.studentId,
    programId: r.programId,
    studentName: fullName(r),
    programName: r.programName,
    placementId: r.placementId,
    title: r.title,
    startDate: r.startDate,
    endDate: r.endDate,
    facilityId: r.facilityId,
    facilityName: facilityName.get(r.facilityId) ?? "the facility",
    previousStatus: byId.get(r.id)?.previousStatus ?? "pending",
    leftEarly: byId.get(r.id)?.leftEarly ?? false,
  }));
}
