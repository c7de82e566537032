import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { allow, isShutOut, loadViewer, requireViewer } from "../../lib/access";
import type { AppEnv } from "../../lib/context";
import { type PortalEvent, SESSION_ENDED } from "../../lib/realtime";

const HEARTBEAT_MS = 25_000;

/**
 * GET /api/events: the signed-in user's live events as Server-Sent Events (new message, decisions...).
 * A stream lives only as long as its session (issue 8, item 11): it is checked again when a
 * "session.ended" event arrives (sign-out, revoked sessions, a rejected organization) and at every
 * heartbeat (expiry, a password reset), and closed with a final "signed-out" event once it is over.
 */
export const eventRoutes = new Hono<AppEnv>().get("/", allow(), async (c) => {
  const viewer = requireViewer(c.var.viewer);
  const { realtime, auth, db } = c.var.deps;
  const requestHeaders = new Headers(c.req.raw.headers);
  const stillSignedIn = async () => {
    const found = await auth.api.getSession({ headers: requestHeaders }).catch(() => null);
    if (!found || found.session.id !== viewer.sessionId) return false;
    return !isShutOut(await loadViewer(db, found.session, found.user));
  };
  await realtime.ready;
  return streamSSE(c, async (stream) => {
    const queue: PortalEvent[] = [];
    let wake: (() => void) | null = null;
    const unsubscribe = realtime.subscribe(viewer.userId, (event) => {
      queue.push(event);
      wake?.();
    });
    stream.onAbort(unsubscribe);
    await stream.writeSSE({ event: "ready", data: "{}" });
    while (!stream.aborted) {
      const event = queue.shift();
      if (event?.type === "shutdown") break;
      if (event?.type === SESSION_ENDED) {
        if (await stillSignedIn()) continue;
        await stream.writeSSE({ event: "signed-out", data: "{}" });
        break;
      }
      if (event) {
        await stream.writeSSE({ event: event.type, data: JSON.stringify(event.data ?? {}) });
        continue;
      }
      // Sleep until an event arrives or the heartbeat is due (keeps proxies from closing the stream).
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, HEARTBEAT_MS);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
      if (queue.length === 0 && !stream.aborted) {
        if (!(await stillSignedIn())) {
          await stream.writeSSE({ event: "signed-out", data: "{}" });
          break;
        }
        await stream.writeSSE({ event: "ping", data: "{}" });
      }
    }
    unsubscribe();
  });
});
