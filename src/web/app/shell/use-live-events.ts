import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";

/**
 * Listens to the server's live events (SSE, fed by PostgreSQL LISTEN/NOTIFY) while signed in and
 * refreshes what they touch: a new message refreshes the bell and the message lists at once.
 * EventSource reconnects by itself after a drop.
 */
export function useLiveEvents() {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource("/api/events");
    const refresh = (keys: string[][]) => () => {
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    };
    source.addEventListener("message.created", refresh([["messages"]]));
    source.addEventListener("message.read", refresh([["messages"]]));
    // A facility's decision: every list and figure that shows applications.
    source.addEventListener(
      "application.updated",
      refresh([["applications"], ["dashboard"], ["student"], ["students"], ["placements"], ["placed-students"]]),
    );
    // The session ended (signed out elsewhere, revoked, organization rejected): stop listening and
    // let "who am I" decide where the user goes.
    source.addEventListener("signed-out", () => {
      source.close();
      void queryClient.invalidateQueries({ queryKey: ["me"] });
    });
    return () => source.close();
  }, [queryClient]);
}
