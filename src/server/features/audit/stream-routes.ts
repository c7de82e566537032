import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { ADMIN_ROLES, holdsAny } from "../../../domain/roles";
import { allow, isShutOut, loadViewer } from "../../lib/access";
import type { AppEnv } from "../../lib/context";
import { SESSION_ENDED, SHUTDOWN } from "../../lib/realtime";
import { auditEntriesById } from "./service";

const HEARTBEAT_MS = 25_000;
const RETRY_MS = 2_000;
/** More new entries than this waiting at once: the page refetches instead of receiving each. */
const MAX_PENDING = 500;

/**
 * GET /api/admin/audit/stream: new audit entries as Server-Sent Events, for administrators
 * (issue 14). The database announces each insert on `portal_broadcast` (`{ topic: "audit", id }`)
 * to every instance; the stream reads what it heard by id, a batch per query, and sends each entry
 * as an `entry` event. When announcements may have been lost (`{ topic: "*" }`: the LISTEN
 * connection dropped) or too many wait, it sends `resync`: the page refetches its list. Entries
 * are not replayed on reconnect (the page refetches on `ready`); the table is the record.
 * Like /api/events, the stream lives only as long as its session and the viewer's admin role.
 */
export const auditStreamRoutes = new Hono<AppEnv>().get("/", allow(...ADMIN_ROLES), async (c) => {
  const viewer = c.get("viewer");
  const { realtime, auth, db } = c.get("deps");
  const requestHeaders = new Headers(c.req.raw.headers);
  const stillAdmin = async () => {
    const found = await auth.api.getSession({ headers: requestHeaders }).catch(() => null);
    if (!found || found.session.id !== viewer.sessionId) return false;
    const now = await loadViewer(db, found.session, found.user);
    return !isShutOut(now) && holdsAny(now.roles, ADMIN_ROLES);
  };
  await realtime.ready;
  return streamSSE(c, async (stream) => {
    const pending = new Set<number>();
    let resync = false;
    let recheck = false;
    let shutdown = false;
    let wake: (() => void) | null = null;
    // Subscribed before "ready": an entry written after the page's first fetch is not missed.
    const offBroadcast = realtime.onBroadcast((m) => {
      if (m.topic === "*") resync = true;
      else if (m.topic === "audit" && typeof m.id === "number") {
        if (pending.size >= MAX_PENDING) resync = true;
        else pending.add(m.id);
      } else if (m.topic === "audit" && typeof m.id === "string" && /^\d+$/.test(m.id)) pending.add(Number(m.id));
      else return;
      wake?.();
    });
    const offUser = realtime.subscribe(viewer.userId, (event) => {
      if (event.type === SHUTDOWN) shutdown = true;
      else if (event.type === SESSION_ENDED) recheck = true;
      else return;
      wake?.();
    });
    stream.onAbort(() => wake?.());
    try {
      await stream.writeSSE({ event: "ready", data: "{}", retry: RETRY_MS });
      while (!stream.aborted && !shutdown) {
        if (recheck) {
          recheck = false;
          if (!(await stillAdmin())) {
            await stream.writeSSE({ event: "signed-out", data: "{}" });
            break;
          }
          continue;
        }
        if (resync) {
          resync = false;
          pending.clear();
          await stream.writeSSE({ event: "resync", data: "{}" });
          continue;
        }
        if (pending.size > 0) {
          const ids = [...pending];
          pending.clear();
          // Oldest first, so a list that prepends each entry ends newest on top.
          const entries = (await auditEntriesById(db, ids)).reverse();
          for (const entry of entries) {
            if (stream.aborted) break;
            await stream.writeSSE({ event: "entry", data: JSON.stringify(entry), id: String(entry.id) });
          }
          continue;
        }
        const beat = await new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => resolve(true), HEARTBEAT_MS);
          wake = () => {
            clearTimeout(timer);
            resolve(false);
          };
        });
        wake = null;
        if (beat && !stream.aborted && !shutdown && pending.size === 0 && !resync) {
          if (!(await stillAdmin())) {
            await stream.writeSSE({ event: "signed-out", data: "{}" });
            break;
          }
          await stream.writeSSE({ event: "ping", data: "{}" });
        }
      }
    } finally {
      offBroadcast();
      offUser();
    }
  });
});
