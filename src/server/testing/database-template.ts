import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { openDatabase } from "../db/client";

// A test file's fresh database is a copy of one migrated once per test run (ADR 032), not a new
// database taken through every migration again. Vitest's global setup (src/server/testing/
// global-setup.ts) makes the template and names it in these variables; the harness copies it.
// Without them (a bench script, a run outside Vitest) the harness migrates a new database itself.

/** A file holding the data directory of a migrated PGlite (`dumpDataDir`), loaded per test file. */
export const PGLITE_TEMPLATE_ENV = "TEST_PGLITE_TEMPLATE";
/** A migrated database on TEST_DATABASE_URL's server, the template of each test file's database. */
export const POSTGRES_TEMPLATE_ENV = "TEST_DATABASE_TEMPLATE";

/** Migrates a new in-memory PGlite and writes its data directory to a file; returns the file. */
export async function createPgliteTemplate(): Promise<{ file: string; remove: () => void }> {
  const dir = mkdtempSync(path.join(tmpdir(), "cpp-test-template-"));
  const file = path.join(dir, "pgdata.tar");
  const database = await openDatabase({ dataDir: null });
  try {
    await database.migrate();
    // The pages on the data files, not only in the write-ahead log, before they are copied.
    await database.pglite!.exec("checkpoint");
    const dump = await database.pglite!.dumpDataDir("none");
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  return { file, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Creates and migrates a template database on the server of `adminUrl`; returns its name. */
export async function createPostgresTemplate(adminUrl: string): Promise<{ name: string; drop: () => Promise<void> }> {
  const name = `cpp_test_template_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  try {
    await database.migrate();
  } finally {
    // No connection may stay open on a template while it is copied.
    await database.close();
  }
  return { name, drop: () => admin(`drop database if exists ${name} with (force)`) };
}
