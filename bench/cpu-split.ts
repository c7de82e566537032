// Where a row's CPU time went (Linux /proc; elsewhere nothing is printed): the portal's processes
// (the one `npm start` starts and its workers), PostgreSQL's processes, and this bench process (the
// load generator). On a 2-core machine the three share the cores, so a write's cost in PostgreSQL
// counts against the portal's throughput as much as its own.
import { readdirSync, readFileSync } from "node:fs";

/** CPU jiffies (user + system) and parent of every process. */
function processes(): Map<number, { ppid: number; comm: string; ticks: number }> {
  const out = new Map<number, { ppid: number; comm: string; ticks: number }>();
  let pids: string[];
  try {
    pids = readdirSync("/proc").filter((p) => /^\d+$/.test(p));
  } catch {
    return out;
  }
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const close = stat.lastIndexOf(")");
      const comm = stat.slice(stat.indexOf("(") + 1, close);
      const f = stat.slice(close + 2).split(" ");
      // Fields after the name: state(0) ppid(1) ... utime(11) stime(12).
      out.set(Number(pid), { ppid: Number(f[1]), comm, ticks: Number(f[11]) + Number(f[12]) });
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return out;
}

export type CpuGroups = { portal: number; postgres: number; bench: number };

function descendsFrom(all: Map<number, { ppid: number }>, pid: number, root: number) {
  for (let p = pid, hops = 0; p > 1 && hops < 16; p = all.get(p)?.ppid ?? 0, hops++) if (p === root) return true;
  return false;
}

/** Ticks by group now; per-process values, so a process that ends between two snapshots drops out. */
export function cpuSnapshot(portalPid: number | undefined): Map<number, { group: keyof CpuGroups; ticks: number }> {
  const all = processes();
  const out = new Map<number, { group: keyof CpuGroups; ticks: number }>();
  for (const [pid, p] of all) {
    const group: keyof CpuGroups | null =
      pid === process.pid
        ? "bench"
        : portalPid !== undefined && descendsFrom(all, pid, portalPid)
          ? "portal"
          : p.comm.startsWith("postgres") || p.comm.startsWith("postmaster")
            ? "postgres"
            : null;
    if (group) out.set(pid, { group, ticks: p.ticks });
  }
  return out;
}

/** Milliseconds of CPU per group between two snapshots (100 ticks a second on Linux). */
export function cpuBetween(
  before: ReturnType<typeof cpuSnapshot>,
  after: ReturnType<typeof cpuSnapshot>,
): CpuGroups | null {
  if (after.size === 0) return null;
  const ms: CpuGroups = { portal: 0, postgres: 0, bench: 0 };
  for (const [pid, a] of after) ms[a.group] += (a.ticks - (before.get(pid)?.ticks ?? 0)) * 10;
  return ms;
}
