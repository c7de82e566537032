import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { formatDate } from "@/web/lib/format";
import { type AccessRequestFilter, accessRequestsQuery, useDecideAccessRequest } from "../api";

const STATUS_BADGE = { pending: "warning", approved: "success", denied: "destructive" } as const;

/** D2: people who chose Administrator at sign-up; a super admin approves or denies them. */
export function AccessRequestsPanel() {
  const [filter, setFilter] = useState<AccessRequestFilter>({ status: "pending", page: 1 });
  const list = useQuery(accessRequestsQuery(filter));
  const decide = useDecideAccessRequest();
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;

  function onDecide(id: string, decision: "approve" | "deny", email: string) {
    decide.mutate(
      { id, decision },
      {
        onSuccess: () =>
          toast.success(decision === "approve" ? `Admin access granted to ${email}` : `Request from ${email} denied`),
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Administrator access requests</CardTitle>
        <CardDescription>
          People who chose Administrator at sign-up. Approving grants full platform access.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="grid flex-1 gap-1.5">
            <Label htmlFor="ar-search">Search</Label>
            <Input
              id="ar-search"
              placeholder="Name, email or organization"
              value={filter.search ?? ""}
              onChange={(e) => setFilter({ ...filter, search: e.target.value, page: 1 })}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="ar-status">Status</Label>
            <select
              id="ar-status"
              className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm"
              value={filter.status ?? ""}
              onChange={(e) =>
                setFilter({
                  ...filter,
                  status: (e.target.value || undefined) as AccessRequestFilter["status"],
                  page: 1,
                })
              }
            >
              <option value="pending">Pending</option>
              <option value="approved">Approved</option>
              <option value="denied">Denied</option>
              <option value="">All</option>
            </select>
          </div>
        </div>
        {list.isPending ? (
          <p role="status">Loading...</p>
        ) : list.isError ? (
          <p role="alert" className="text-destructive">
            Could not load requests: {list.error.message}
          </p>
        ) : list.data.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">No {filter.status ?? ""} access requests.</p>
        ) : (
          <ul className="divide-y divide-border" aria-label="Access requests">
            {list.data.items.map((r) => (
              <li key={r.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
                <div>
                  <p className="font-medium">
                    {r.fullName} <Badge variant={STATUS_BADGE[r.status]}>{r.status}</Badge>
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {r.email} · {r.organizationName} · requested {formatDate(r.createdAt)}
                  </p>
                </div>
                {r.status === "pending" ? (
                  <div className="flex gap-2">
                    <Button size="sm" disabled={decide.isPending} onClick={() => onDecide(r.id, "approve", r.email)}>
                      Approve
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={decide.isPending}
                      onClick={() => onDecide(r.id, "deny", r.email)}
                    >
                      Deny
                    </Button>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {list.data && list.data.total > list.data.pageSize ? (
          <nav aria-label="Pages" className="flex items-center justify-end gap-2 text-sm">
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
