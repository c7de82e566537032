import { useQuery } from "@tanstack/react-query";
import { toast } from "sonner";
import { FilterBar, SearchField, SelectField } from "@/web/components/list-page/filter-bar";
import { ListResults } from "@/web/components/list-page/list-results";
import { oneOf, useListParams } from "@/web/components/list-page/use-list-params";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { formatDate } from "@/web/lib/format";
import { accessRequestsQuery, useDecideAccessRequest } from "../api";

const STATUSES = ["pending", "approved", "denied"] as const;
const STATUS_BADGE = { pending: "warning", approved: "success", denied: "destructive" } as const;
// Pending is the default, so 'All' needs a value of its own in the address.
const STATUS_OPTIONS = [
  { value: "pending", label: "Pending" },
  { value: "approved", label: "Approved" },
  { value: "denied", label: "Denied" },
  { value: "all", label: "All" },
];

/** D2: people who chose Administrator at sign-up; a super admin approves or denies them. */
export function AccessRequestsPanel() {
  const params = useListParams({ status: "pending" }, { prefix: "requests" });
  const status = oneOf(params.filters.status, STATUSES);
  const list = useQuery(accessRequestsQuery({ status, search: params.search, page: params.page }));
  const decide = useDecideAccessRequest();

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
        <FilterBar
          label="Filter access requests"
          filtered={params.filtered}
          onClear={params.clear}
          className="mb-0 sm:grid-cols-[1fr_auto]"
        >
          <SearchField id="ar-search" placeholder="Name, email or organization" params={params} />
          <SelectField
            id="ar-status"
            label="Status"
            value={params.filters.status}
            onChange={(v) => params.set({ status: v })}
            options={STATUS_OPTIONS}
          />
        </FilterBar>
        <ListResults
          query={list}
          what="requests"
          compact
          onPage={params.setPage}
          paginationLabel="Pages"
          empty={{ title: `No ${status ?? ""} access requests.` }}
        >
          {(data) => (
            <ul className="divide-y divide-border" aria-label="Access requests">
              {data.items.map((r) => (
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
        </ListResults>
      </CardContent>
    </Card>
  );
}
