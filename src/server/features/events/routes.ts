import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { allow, requireViewer } from "../../lib/access";
import type { AppEnv } from "../../lib/context";
import type { PortalEvent } from "../../lib/realtime";

const HEARTBEAT_MS = 25_000;

/** GET /api/events: the signed-in user's live events as Server-Sent Events (new message, decisions...). */
export const eventRoutes = new Hono<AppEnv>().get("/", allow(), async (c) => {
  const viewer = requireViewer(c.var.viewer);
  const { realtime } = c.var.deps;
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
      if (queue.length === 0 && !stream.aborted) await stream.writeSSE({ event: "ping", data: "{}" });
    }
    unsubscribe();
  });
});
