import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { formatDate } from "@/web/lib/format";
import { type RosterClaimFilter, rosterClaimsQuery } from "../api";

const PROGRAM_STATUS_BADGE = { pending: "warning", verified: "success", rejected: "destructive" } as const;

/**
 * Emails that several programs list on their roster: which programs, which one the student's
 * account is linked to, and the students' "Not my program" reports (shown first).
 */
export function RosterClaimsPanel() {
  const [filter, setFilter] = useState<RosterClaimFilter>({ page: 1 });
  const list = useQuery(rosterClaimsQuery(filter));
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;

  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle>Students listed by several programs</CardTitle>
        <CardDescription>
          Emails on more than one program's roster. A student's account is linked to the program they chose; "Not my
          program" reports come first.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="grid flex-1 gap-1.5">
            <Label htmlFor="rc-search">Search</Label>
            <Input
              id="rc-search"
              placeholder="Email"
              value={filter.search ?? ""}
              onChange={(e) => setFilter({ ...filter, search: e.target.value, page: 1 })}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="rc-reported">Reports</Label>
            <select
              id="rc-reported"
              className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm"
              value={filter.reported ?? ""}
              onChange={(e) =>
                setFilter({
                  ...filter,
                  reported: (e.target.value || undefined) as RosterClaimFilter["reported"],
                  page: 1,
                })
              }
            >
              <option value="">All</option>
              <option value="true">Reported by the student</option>
              <option value="false">Not reported</option>
            </select>
          </div>
        </div>
        {list.isPending ? (
          <p role="status">Loading...</p>
        ) : list.isError ? (
          <p role="alert" className="text-destructive">
            Could not load the list: {list.error.message}
          </p>
        ) : list.data.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">No email is on more than one program's roster.</p>
        ) : (
          <ul className="divide-y divide-border" aria-label="Emails listed by several programs">
            {list.data.items.map((item) => (
              <li key={item.email} className="grid gap-2 py-3">
                <p className="font-medium break-all">
                  {item.email}{" "}
                  {item.reports > 0 ? (
                    <Badge variant="destructive">
                      {item.reports} report{item.reports === 1 ? "" : "s"}
                    </Badge>
                  ) : null}
                </p>
                <ul className="grid gap-1 text-sm" aria-label={`Programs listing ${item.email}`}>
                  {item.entries.map((e) => (
                    <li key={e.rosterEntryId} className="flex flex-wrap items-center gap-2">
                      <span>{e.programName}</span>
                      <Badge variant={PROGRAM_STATUS_BADGE[e.programStatus]}>{e.programStatus}</Badge>
                      {e.linked ? <Badge>linked account</Badge> : null}
                      {e.enrollmentStatus === "withdrawn" ? <Badge variant="muted">withdrawn</Badge> : null}
                      {e.reports > 0 ? (
                        <Badge variant="destructive">
                          "Not my program"{e.lastReportedAt ? ` ${formatDate(e.lastReportedAt)}` : ""}
                        </Badge>
                      ) : null}
                      <span className="text-muted-foreground">added {formatDate(e.addedAt)}</span>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )}
        {list.data && list.data.total > list.data.pageSize ? (
          <nav aria-label="Pages of emails" className="flex items-center justify-end gap-2 text-sm">
            <Button
              size="sm"
              variant="outline"
              disabled={filter.page <= 1}
              onClick={() => setFilter({ ...filter, page: filter.page - 1 })}
            >
              Previous
            </Button>
            <span>
              Page {filter.page} of {pages}
            </span>
            <Button
              size="sm"
              variant="outline"
              disabled={filter.page >= pages}
              onClick={() => setFilter({ ...filter, page: filter.page + 1 })}
            >
              Next
            </Button>
          </nav>
        ) : null}
      </CardContent>
    </Card>
  );
}
