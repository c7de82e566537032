import { eq, sql } from "drizzle-orm";
import { parseRoster, type RosterColumn } from "../../../domain/roster";
import type { StudentValues } from "../../../domain/students";
import type { DbOrTx } from "../../db/client";
import { students } from "../../db/schema/students";

// Importing a roster from CSV (issue 3): a preview that checks every row and saves nothing, then
// the import of the valid rows in one transaction.

export const ALREADY_IN_PROGRAM = "Already in your program";
const IMPORT_CHUNK = 500;

export type RosterPreviewRow = { line: number; values: Record<string, string>; errors: string[] };

async function programEmails(db: DbOrTx, programId: string) {
  const rows = await db
    .select({ email: sql<string>`lower(${students.email})` })
    .from(students)
    .where(eq(students.programId, programId));
  return new Set(rows.map((r) => r.email));
}

/** Parses and validates every row, and flags emails already on the program's roster. Saves nothing. */
export async function previewRoster(db: DbOrTx, programId: string, csv: string) {
  const parsed = parseRoster(csv);
  const existing = await programEmails(db, programId);
  const rows = parsed.rows.map((r) => {
    const errors = [...r.errors];
    const email = (r.raw.email ?? "").trim().toLowerCase();
    if (email && existing.has(email)) errors.push(ALREADY_IN_PROGRAM);
    return { line: r.line, values: r.raw, errors, parsed: errors.length === 0 ? r.values : null };
  });
  return {
    rows,
    missingColumns: parsed.missingColumns as RosterColumn[],
    unknownColumns: parsed.unknownColumns,
  };
}

export function previewSummary(p: Awaited<ReturnType<typeof previewRoster>>) {
  const valid = p.rows.filter((r) => r.errors.length === 0).length;
  return {
    rows: p.rows.map(({ line, values, errors }) => ({ line, values, errors })),
    missingColumns: p.missingColumns,
    unknownColumns: p.unknownColumns,
    total: p.rows.length,
    valid,
    invalid: p.rows.length - valid,
  };
}

/**
 * Re-validates on the server and inserts every valid row in one transaction, in multi-row inserts of
 * 500. Invalid rows are skipped with their reasons; a row whose email arrived on the roster since the
 * preview (a concurrent import) is skipped too, by the unique index.
 */
export async function importRoster(db: DbOrTx, programId: string, csv: string) {
  const preview = await previewRoster(db, programId, csv);
  const skipped: { line: number; email: string; reasons: string[] }[] = [];
  const valid: { line: number; values: StudentValues }[] = [];
  for (const r of preview.rows) {
    if (r.parsed) valid.push({ line: r.line, values: r.parsed });
    else skipped.push({ line: r.line, email: r.values.email ?? "", reasons: r.errors });
  }
  const inserted = new Set<string>();
  if (valid.length > 0) {
    await db.transaction(async (tx) => {
      for (let i = 0; i < valid.length; i += IMPORT_CHUNK) {
        const chunk = valid.slice(i, i + IMPORT_CHUNK);
        const rows = await tx
          .insert(students)
          .values(chunk.map((r) => ({ programId, ...r.values, complianceStatus: "pending" as const })))
          .onConflictDoNothing()
          .returning({ email: students.email });
        for (const row of rows) inserted.add(row.email.toLowerCase());
      }
    });
  }
  for (const r of valid) {
    if (!inserted.has(r.values.email.toLowerCase())) {
      skipped.push({ line: r.line, email: r.values.email, reasons: [ALREADY_IN_PROGRAM] });
    }
  }
  skipped.sort((a, b) => a.line - b.line);
  return { added: inserted.size, skipped };
}
