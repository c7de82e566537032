import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { allow, isShutOut, loadViewer } from "../../lib/access";
import type { AppEnv } from "../../lib/context";
import {
  eventsAfter,
  keptRange,
  type LiveEvent,
  MAY_HAVE_MISSED,
  newestEventId,
  SESSION_ENDED,
  SHUTDOWN,
} from "../../lib/realtime";

const HEARTBEAT_MS = 25_000;
/** How soon the browser reconnects after a dropped stream (the SSE `retry` field). */
const RETRY_MS = 2_000;
/** At most this many missed events are replayed; beyond, the stream says "resync" (refetch everything). */
export const REPLAY_LIMIT = 1_000;
/** Live events waiting for a slow reader beyond this are dropped and replayed from the table instead. */
const MAX_QUEUE = 500;

/** A Last-Event-ID we gave out: a non-negative integer. Anything else is ignored. */
function parseEventId(value: string | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value.trim())) return null;
  return Number(value.trim());
}

/**
 * GET /api/events: the signed-in user's live events as Server-Sent Events (new message, decisions...).
 *
 * Delivery is provable (ADR 008): every event is stored with an ordered id and every SSE event carries
 * `id:`. A stream subscribes first (live events are buffered), then replays from the table what
 * followed the client's `Last-Event-ID` header (the browser sends it on its own when it reconnects;
 * `?lastEventId=` does the same for a connection the page opens itself), then flushes the buffer,
 * skipping ids already sent: no gap, no duplicate, in order. Without one, it starts at the user's
 * newest event ("ready" carries that id, so even a stream that heard nothing can resume exactly).
 *
 * A stream lives only as long as its session (issue 8, item 11): it is checked again when a
 * "session.ended" event arrives (sign-out, revoked sessions, a rejected organization) and at every
 * heartbeat (expiry, a password reset), and closed with a final "signed-out" event once it is over.
 */
export const eventRoutes = new Hono<AppEnv>().get("/", allow(), async (c) => {
  const viewer = c.get("viewer");
  const { realtime, auth, db } = c.get("deps");
  const requestHeaders = new Headers(c.req.raw.headers);
  const stillSignedIn = async () => {
    const found = await auth.api.getSession({ headers: requestHeaders }).catch(() => null);
    if (!found || found.session.id !== viewer.sessionId) return false;
    return !isShutOut(await loadViewer(db, found.session, found.user));
  };
  const requested = parseEventId(c.req.header("last-event-id") ?? c.req.query("lastEventId"));
  await realtime.ready;
  return streamSSE(c, async (stream) => {
    const queue: LiveEvent[] = [];
    let catchUp = false;
    let shutdown = false;
    let wake: (() => void) | null = null;
    // Subscribed before anything is read or written: from here on, no event of this user is missed.
    const unsubscribe = realtime.subscribe(viewer.userId, (event) => {
      if (event.type === SHUTDOWN) shutdown = true;
      else if (event.type === MAY_HAVE_MISSED || queue.length >= MAX_QUEUE) {
        // Live events may be missing (listener reconnected, reader too slow): replay from the table.
        catchUp = true;
        queue.length = 0;
      } else queue.push(event);
      wake?.();
    });
    stream.onAbort(() => {
      unsubscribe();
      wake?.();
    });
    try {
      let lastSent: number;
      let resync = false;
      if (requested === null) {
        lastSent = await newestEventId(db, viewer.userId);
      } else {
        const { oldest, newest } = await keptRange(db);
        // Older than what is kept, or not one of ours (another database): replay cannot be exact.
        if (requested > (newest ?? 0) || (oldest !== null && requested < oldest - 1)) {
          resync = true;
          lastSent = await newestEventId(db, viewer.userId);
        } else {
          lastSent = requested;
          catchUp = true;
        }
      }
      await stream.writeSSE({ event: "ready", data: "{}", id: String(lastSent), retry: RETRY_MS });
      if (resync) await stream.writeSSE({ event: "resync", data: "{}", id: String(lastSent) });

      /** Sends one stored event (false: the stream is over). */
      const send = async (event: LiveEvent): Promise<boolean> => {
        const id = event.id!;
        if (id <= lastSent) return true; // already sent (replayed, then heard live)
        lastSent = id;
        if (event.type === SESSION_ENDED) {
          if (await stillSignedIn()) return true;
          await stream.writeSSE({ event: "signed-out", data: "{}", id: String(id) });
          return false;
        }
        await stream.writeSSE({ event: event.type, data: JSON.stringify(event.data ?? {}), id: String(id) });
        return true;
      };

      while (!stream.aborted && !shutdown) {
        if (catchUp) {
          catchUp = false;
          const missed = await eventsAfter(db, viewer.userId, lastSent, REPLAY_LIMIT + 1);
          if (missed.length > REPLAY_LIMIT) {
            // Too much to replay one by one: the page refetches everything instead.
            lastSent = await newestEventId(db, viewer.userId);
            await stream.writeSSE({ event: "resync", data: "{}", id: String(lastSent) });
            continue;
          }
          let open = true;
          for (const event of missed) {
            if (stream.aborted) break;
            open = await send(event);
            if (!open) break;
          }
          if (!open) break;
          continue;
        }
        const event = queue.shift();
        if (event) {
          if (!(await send(event))) break;
          continue;
        }
        // Sleep until an event arrives or the heartbeat is due (keeps proxies from closing the stream).
        const beat = await new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => resolve(true), HEARTBEAT_MS);
          wake = () => {
            clearTimeout(timer);
            resolve(false);
          };
        });
        wake = null;
        if (beat && queue.length === 0 && !catchUp && !shutdown && !stream.aborted) {
          if (!(await stillSignedIn())) {
            await stream.writeSSE({ event: "signed-out", data: "{}", id: String(lastSent) });
            break;
          }
          await stream.writeSSE({ event: "ping", data: "{}", id: String(lastSent) });
        }
      }
    } finally {
      unsubscribe();
    }
  });
});
