import { useQuery, useQueryClient } from "@tanstack/react-query";
import { formatDistanceToNowStrict } from "date-fns";
import { History } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { ListPanel } from "@/web/components/list-page/list-panel";
import { ListResults } from "@/web/components/list-page/list-results";
import { type AuditPage, auditQuery, useAuditStream } from "../audit-api";
import { sentenceOf } from "../audit-words";

const SHOWN = 10;
const newest = auditQuery({ page: 1, pageSize: SHOWN });

/** "2 minutes ago", kept current by a clock that ticks every half minute. */
function useNow() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * The platform overview's Recent Activity (issue 14): the newest entries of the audit trail in
 * words, live. Each new entry from the stream goes on top at once; on a reconnection or "resync"
 * (announcements may have been missed) the list is fetched again.
 */
export function RecentActivityPanel({ className }: { className?: string }) {
  const queryClient = useQueryClient();
  const list = useQuery(newest);
  const now = useNow();
  useAuditStream({
    onEntry: (entry) =>
      queryClient.setQueryData<AuditPage>(newest.queryKey, (page) =>
        page && !page.items.some((e) => e.id === entry.id)
          ? { ...page, total: page.total + 1, items: [entry, ...page.items].slice(0, SHOWN) }
          : page,
      ),
    onResync: () => void queryClient.invalidateQueries({ queryKey: newest.queryKey }),
  });

  return (
    <ListPanel
      title="Recent Activity"
      className={className}
      description={
        <span className="flex flex-wrap items-center justify-between gap-2">
          <span>The latest changes and sign-ins, as they happen</span>
          <Link to="/dashboard/admin/audit" className="font-medium text-primary hover:underline">
            View all<span className="sr-only"> activity in the audit trail</span>
          </Link>
        </span>
      }
    >
      <ListResults
        query={list}
        compact
        copy={{
          what: "recent activity",
          loading: "Loading recent activity...",
          empty: { icon: History, title: "No activity yet", body: <p>Changes and sign-ins appear here.</p> },
        }}
      >
        {(data) => (
          <ul className="grid gap-3" aria-label="Recent activity">
            {data.items.map((e) => (
              <li key={e.id} className="flex flex-wrap items-baseline gap-x-2 text-sm">
                <span className="font-medium text-slate-900">{sentenceOf(e)}</span>
                <span className="text-muted-foreground">
                  <span aria-hidden>· </span>
                  <time dateTime={e.at} title={new Date(e.at).toLocaleString()}>
                    {formatDistanceToNowStrict(new Date(Math.min(Date.parse(e.at), now)), { addSuffix: true })}
                  </time>
                </span>
              </li>
            ))}
          </ul>
        )}
      </ListResults>
    </ListPanel>
  );
}
