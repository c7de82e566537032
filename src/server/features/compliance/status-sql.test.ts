import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addDays,
  type CurrentDocument,
  documentInForce,
  type ItemDocument,
  itemStatus,
  studentStatus,
} from "../../../domain/compliance";
import type { ComplianceStatus } from "../../../domain/students";
import { complianceDocuments, programRequirements, requirementTypes } from "../../db/schema/compliance";
import { students } from "../../db/schema/students";
import { studentRow } from "../../factories/students";
import { createProgram } from "../../testing/factories";
import { createTestApp, type TestApp } from "../../testing/harness";
import { recomputeComplianceStatus } from "./status-sql";

// The set-based recompute (status-sql.ts) must agree with the domain's documentInForce, itemStatus
// and studentStatus (src/domain/compliance.ts) on every case: every combination of document states
// over a program's three required types, on a fixed day, around its boundaries.

const TODAY = "2026-03-01";
const REQUIRED = ["bls", "tdap", "mmr"] as const;

type DocCase = (CurrentDocument & { isCurrent?: boolean }) | null;
const APPROVED_UNTIL = (expiresOn: string | null) =>
  ({ status: "approved", issuedOn: "2024-01-01", expiresOn, isCurrent: false }) as const;
const STATES: Record<string, DocCase> = {
  none: null,
  approved: { status: "approved", issuedOn: "2025-01-01", expiresOn: null },
  approvedLater: { status: "approved", issuedOn: "2025-01-01", expiresOn: addDays(TODAY, 90) },
  expiring: { status: "approved", issuedOn: "2025-01-01", expiresOn: addDays(TODAY, 10) },
  lastDay: { status: "approved", issuedOn: "2025-01-01", expiresOn: TODAY },
  expired: { status: "approved", issuedOn: "2025-01-01", expiresOn: addDays(TODAY, -1) },
  submitted: { status: "submitted", issuedOn: "2025-01-01", expiresOn: addDays(TODAY, 30) },
  submittedExpired: { status: "submitted", issuedOn: "2025-01-01", expiresOn: addDays(TODAY, -1) },
  rejected: { status: "rejected", issuedOn: "2025-01-01", expiresOn: null },
  rejectedExpired: { status: "rejected", issuedOn: "2025-01-01", expiresOn: addDays(TODAY, -5) },
  // Only an older, replaced document: the item is missing.
  replaced: { status: "approved", issuedOn: "2025-01-01", expiresOn: null, isCurrent: false },
};
/** An earlier document (uploaded before) under some states' current one: the renewals. */
const EARLIER: Record<string, DocCase> = {
  renewalSubmitted: APPROVED_UNTIL(addDays(TODAY, 20)),
  renewalRejected: APPROVED_UNTIL(addDays(TODAY, 20)),
  renewalOfExpired: APPROVED_UNTIL(addDays(TODAY, -1)),
  renewalOfLastDay: APPROVED_UNTIL(TODAY),
};
STATES.renewalSubmitted = STATES.submitted;
STATES.renewalRejected = STATES.rejected;
STATES.renewalOfExpired = STATES.submitted;
STATES.renewalOfLastDay = STATES.rejected;
/** A state's documents, newest first, as the domain takes them. */
const docsOf = (name: string): ItemDocument[] =>
  [STATES[name], EARLIER[name]].flatMap((d) => (d ? [{ ...d, isCurrent: d.isCurrent ?? true }] : []));
const NAMES = Object.keys(STATES);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const fileFields = { fileKey: "k", fileName: "f.pdf", contentType: "application/pdf", sizeBytes: 1, sha256: "0" };

describe("recomputeComplianceStatus agrees with the domain", () => {
  it(`on all ${NAMES.length ** 3} combinations of three required items, and with none required`, async () => {
    const program = await createProgram(t, { name: "Status Nursing" });
    // A retired catalogue type the program once chose is not required any more.
    await t.deps.db
      .insert(requirementTypes)
      .values({ id: "retired_test", name: "Retired", category: "training", proof: "-", active: false });
    await t.deps.db
      .insert(programRequirements)
      .values([...REQUIRED, "retired_test"].map((requirementTypeId) => ({ programId: program.id, requirementTypeId })));

    const combos: string[][] = [];
    for (const a of NAMES) for (const b of NAMES) for (const c of NAMES) combos.push([a, b, c]);
    const rows = await t.deps.db
      .insert(students)
      // Every student starts with a status none of the cases would all give: the recompute must write.
      .values(combos.map((_, i) => studentRow(program.id, { firstName: `C${i}`, complianceStatus: "pending" })))
      .returning({ id: students.id });
    const docs = combos.flatMap((combo, i) =>
      combo.flatMap((name, k) =>
        docsOf(name).map((d, age) => ({
          studentId: rows[i].id,
          requirementTypeId: REQUIRED[k] as string,
          status: d.status,
          isCurrent: d.isCurrent,
          issuedOn: d.issuedOn,
          expiresOn: d.expiresOn,
          uploadedAt: new Date(Date.UTC(2026, 0, 10 - age)),
          ...fileFields,
        })),
      ),
    );
    // A current document for a type the program does not require changes nothing.
    docs.push({
      studentId: rows[0].id,
      requirementTypeId: "retired_test",
      status: "rejected",
      isCurrent: true,
      issuedOn: null,
      expiresOn: null,
      uploadedAt: new Date(),
      ...fileFields,
    });
    for (let i = 0; i < docs.length; i += 500)
      await t.deps.db.insert(complianceDocuments).values(docs.slice(i, i + 500));

    // Students of a program that requires nothing are compliant, whatever they uploaded.
    const free = await createProgram(t, { name: "No Requirements Nursing" });
    const [freeStudent] = await t.deps.db
      .insert(students)
      .values(studentRow(free.id, { complianceStatus: "pending" }))
      .returning({ id: students.id });
    await t.deps.db
      .insert(complianceDocuments)
      .values({ studentId: freeStudent.id, requirementTypeId: "bls", status: "rejected", ...fileFields });

    await recomputeComplianceStatus(t.deps.db, { today: TODAY });

    const got = new Map(
      (
        await t.deps.db
          .select({ id: students.id, status: students.complianceStatus })
          .from(students)
          .where(
            inArray(
              students.id,
              rows.map((r) => r.id),
            ),
          )
      ).map((r) => [r.id, r.status]),
    );
    const mismatches: string[] = [];
    const seen = new Set<ComplianceStatus>();
    combos.forEach((combo, i) => {
      const expected = studentStatus(combo.map((name) => itemStatus(documentInForce(docsOf(name), TODAY), TODAY)));
      seen.add(expected);
      if (got.get(rows[i].id) !== expected)
        mismatches.push(`${combo.join("+")}: sql ${got.get(rows[i].id)}, domain ${expected}`);
    });
    expect(mismatches).toEqual([]);
    expect([...seen].sort()).toEqual(["compliant", "incomplete", "pending"]);
    const [freeRow] = await t.deps.db.select().from(students).where(eq(students.id, freeStudent.id));
    expect(freeRow.complianceStatus).toBe(studentStatus([]));
  });

  it("recomputes only the students or the program asked for, writes only changes, and follows the date", async () => {
    const program = await createProgram(t, { name: "Targeted Nursing" });
    const otherProgram = await createProgram(t, { name: "Untouched Nursing" });
    for (const programId of [program.id, otherProgram.id])
      await t.deps.db.insert(programRequirements).values({ programId, requirementTypeId: "bls" });
    const [a, b] = await t.deps.db
      .insert(students)
      .values([
        studentRow(program.id, { complianceStatus: "pending" }),
        studentRow(program.id, { complianceStatus: "pending" }),
      ])
      .returning({ id: students.id });
    const [c] = await t.deps.db
      .insert(students)
      .values(studentRow(otherProgram.id, { complianceStatus: "pending" }))
      .returning({ id: students.id });
    for (const s of [a, b, c])
      await t.deps.db.insert(complianceDocuments).values({
        studentId: s.id,
        requirementTypeId: "bls",
        status: "approved",
        issuedOn: "2025-01-01",
        expiresOn: TODAY,
        ...fileFields,
      });
    const statusOf = async (id: string) =>
      (await t.deps.db.select().from(students).where(eq(students.id, id)))[0].complianceStatus;

    expect(await recomputeComplianceStatus(t.deps.db, { studentIds: [a.id], today: TODAY })).toBe(1);
    expect([await statusOf(a.id), await statusOf(b.id), await statusOf(c.id)]).toEqual([
      "compliant",
      "pending",
      "pending",
    ]);
    expect(await recomputeComplianceStatus(t.deps.db, { studentIds: [] })).toBe(0);
    expect(await recomputeComplianceStatus(t.deps.db, { programId: program.id, today: TODAY })).toBe(1);
    expect(await statusOf(b.id)).toBe("compliant");
    expect(await statusOf(c.id)).toBe("pending");
    // Nothing changed: nothing written.
    expect(await recomputeComplianceStatus(t.deps.db, { programId: program.id, today: TODAY })).toBe(0);
    // The day after the last valid day, the item has expired.
    expect(await recomputeComplianceStatus(t.deps.db, { programId: program.id, today: addDays(TODAY, 1) })).toBe(2);
    expect(await statusOf(a.id)).toBe("incomplete");
    // Without a day: the database's current_date.
    await recomputeComplianceStatus(t.deps.db, { studentIds: [c.id] });
    const today = new Date().toISOString().slice(0, 10);
    expect(await statusOf(c.id)).toBe(
      studentStatus([itemStatus({ status: "approved", issuedOn: "2025-01-01", expiresOn: TODAY }, today)]),
    );
  });
});
