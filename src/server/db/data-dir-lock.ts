import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from "node:fs";
import path from "node:path";

// Issue 8, item 4: PGlite is one process's database. Two processes on one data directory each keep
// their own copy in memory and overwrite each other's files: acknowledged writes are lost. So the
// process that opens the embedded database holds a lock file (created with O_EXCL, holding its pid)
// until it closes it; another process refuses to start. A lock left by a process that died (its
// pid no longer runs) is taken over.

export const LOCK_FILE = "pglite.lock";

/** Another live process (or this one) has the embedded database in `dataDir` open. */
export class DataDirInUseError extends Error {
  readonly code = "DATA_DIR_IN_USE";
  constructor(
    readonly dataDir: string,
    readonly pid: number,
    readonly lockFile: string,
  ) {
    super(
      pid === process.pid
        ? `The embedded database in ${dataDir} is already open in this process (pid ${pid}).`
        : `The embedded database in ${dataDir} is in use by another process (pid ${pid}). Stop it first, or set DATABASE_URL to use a PostgreSQL server that several processes can share. (If no process ${pid} is running, delete ${lockFile}.)`,
    );
    this.name = "DataDirInUseError";
  }
}

export type DataDirLock = { file: string; release(): void };

/** True when a process with this pid runs (EPERM: it runs, as another user). */
export function processIsAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The pid in a lock file; null when the file is gone, empty (being written) or not a pid. */
function readHolder(file: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(file, "utf8").trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function ageMs(file: string): number | null {
  try {
    return Date.now() - statSync(file).mtimeMs;
  } catch {
    return null;
  }
}

function tryUnlink(file: string) {
  try {
    unlinkSync(file);
  } catch {
    // Gone already.
  }
}

const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** An empty or unreadable lock file this old is a leftover (a writer needs microseconds). */
const UNREADABLE_STALE_MS = 2_000;
/** A takeover marker this old was left by a process that died while taking over. */
const TAKEOVER_STALE_MS = 10_000;

/**
 * Takes the lock of `dataDir` (which must exist) for this process, or throws DataDirInUseError.
 * `shownDir` names the directory in the message as the user configured it.
 */
export function lockDataDir(dataDir: string, shownDir = dataDir): DataDirLock {
  const file = path.join(dataDir, LOCK_FILE);
  const takeover = `${file}.takeover`;
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      const fd = openSync(file, "wx", 0o600);
      try {
        writeSync(fd, `${process.pid}\n`);
      } finally {
        closeSync(fd);
      }
      return holdLock(file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }

    const holder = readHolder(file);
    if (holder !== null && processIsAlive(holder)) throw new DataDirInUseError(shownDir, holder, file);
    if (holder === null && (ageMs(file) ?? Number.POSITIVE_INFINITY) < UNREADABLE_STALE_MS) {
      pause(50); // Another process just created it and is writing its pid.
      continue;
    }

    // Stale: its process is gone. One process at a time takes it over (the marker is O_EXCL too),
    // and only after checking again that the holder is still the dead one.
    let marker: number;
    try {
      marker = openSync(takeover, "wx", 0o600);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      if ((ageMs(takeover) ?? 0) > TAKEOVER_STALE_MS) tryUnlink(takeover);
      else pause(50);
      continue;
    }
    try {
      closeSync(marker);
      const now = readHolder(file);
      if (now === holder || (now !== null && !processIsAlive(now))) tryUnlink(file);
    } finally {
      tryUnlink(takeover);
    }
  }
  const holder = readHolder(file);
  throw new DataDirInUseError(shownDir, holder ?? 0, file);
}

function holdLock(file: string): DataDirLock {
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    process.removeListener("exit", release);
    // Only our own lock: never one another process took over meanwhile.
    if (readHolder(file) === process.pid) tryUnlink(file);
  };
  // A crash or process.exit() still removes it; a killed process leaves it, and it is taken over.
  process.on("exit", release);
  return { file, release };
}
