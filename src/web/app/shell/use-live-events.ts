import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";

/** What each live event touches: the queries it refreshes. */
const TOUCHES: Record<string, string[][]> = {
  "message.created": [["messages"]],
  "message.read": [["messages"]],
  // Issue 17: named a rotation's preceptor (the lists of rotations and people refresh).
  "rotation.assigned": [["preceptors"]],
  // A facility's decision: every list and figure that shows applications.
  "application.updated": [
    ["applications"],
    ["dashboard"],
    ["student"],
    ["students"],
    ["placements"],
    ["placed-students"],
  ],
  // A reviewer approved or returned the student's hour entries (issue 17).
  "hours.updated": [["hours"]],
};
const EVERYTHING_LIVE = Object.values(TOUCHES).flat();

/** A connection the browser gave up on (an error answer, e.g. 502 during a deploy) is reopened after this. */
const REOPEN_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

/**
 * Listens to the server's live events (SSE, ADR 008) while signed in and refreshes what they touch:
 * a new message refreshes the bell and the message lists at once.
 *
 * Nothing is lost across drops: every event carries an id; the browser reconnects by itself and sends
 * the last one as Last-Event-ID, and the server replays what was missed. When the browser gives up (an
 * error answer rather than a dropped connection), the hook reopens the stream itself with
 * `?lastEventId=`. Each time the stream is (re)established ("ready") the queries live events touch are
 * refetched too, which also covers the moment between the page's first fetch and the stream opening.
 */
export function useLiveEvents() {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    let source: EventSource | null = null;
    let lastEventId: string | null = null;
    let reopenTimer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let stopped = false;

    // Replayed events arrive in a burst: their refreshes are coalesced.
    const pending = new Set<string>();
    let flushTimer: ReturnType<typeof setTimeout> | undefined;
    const refresh = (keys: string[][]) => {
      for (const key of keys) pending.add(JSON.stringify(key));
      flushTimer ??= setTimeout(() => {
        flushTimer = undefined;
        for (const key of pending) void queryClient.invalidateQueries({ queryKey: JSON.parse(key) });
        pending.clear();
      }, 50);
    };

    const open = () => {
      const url = lastEventId ? `/api/events?lastEventId=${encodeURIComponent(lastEventId)}` : "/api/events";
      const es = new EventSource(url);
      source = es;
      const track = (event: Event) => {
        const id = (event as MessageEvent).lastEventId;
        if (id) lastEventId = id;
      };
      es.addEventListener("ready", (event) => {
        track(event);
        failures = 0;
        refresh(EVERYTHING_LIVE);
      });
      es.addEventListener("ping", track);
      for (const [type, keys] of Object.entries(TOUCHES)) {
        es.addEventListener(type, (event) => {
          track(event);
          refresh(keys);
        });
      }
      // Issue 17: a live notification when the user is named a rotation's preceptor.
      es.addEventListener("rotation.assigned", (event) => {
        try {
          const data = JSON.parse((event as MessageEvent).data ?? "{}") as { student?: string; placement?: string };
          if (data.student) {
            void import("sonner").then(({ toast }) =>
              toast.info("New student to precept", { description: `${data.student} · ${data.placement ?? ""}` }),
            );
          }
        } catch {
          // Not JSON: the list refresh is enough.
        }
      });
      // Too much was missed to replay (or the server's history is gone): refetch everything shown.
      es.addEventListener("resync", (event) => {
        track(event);
        void queryClient.invalidateQueries();
      });
      // The session ended (signed out elsewhere, revoked, organization rejected): stop listening and
      // let "who am I" decide where the user goes.
      es.addEventListener("signed-out", () => {
        stop();
        void queryClient.invalidateQueries({ queryKey: ["me"] });
      });
      es.addEventListener("error", () => {
        // CONNECTING: the browser retries by itself (with Last-Event-ID). CLOSED: it gave up; reopen.
        if (stopped || es.readyState !== EventSource.CLOSED) return;
        es.close();
        const delay = REOPEN_MS[Math.min(failures, REOPEN_MS.length - 1)];
        failures += 1;
        reopenTimer = setTimeout(() => {
          if (stopped) return;
          // Still signed in? A 401 ends here: "who am I" sends the user to sign in.
          void queryClient.invalidateQueries({ queryKey: ["me"] });
          open();
        }, delay);
      });
    };
    const stop = () => {
      stopped = true;
      clearTimeout(reopenTimer);
      source?.close();
    };
    open();
    return () => {
      stop();
      clearTimeout(flushTimer);
    };
  }, [queryClient]);
}
