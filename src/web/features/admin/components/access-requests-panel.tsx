import { useQuery } from "@tanstack/react-query";
import { toast } from "sonner";
import { FilterBar, type FilterField } from "@/web/components/list-page/filter-bar";
import { ListPanel } from "@/web/components/list-page/list-panel";
import { type ListCopy, ListResults } from "@/web/components/list-page/list-results";
import { oneOf, useListParams } from "@/web/components/list-page/use-list-params";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { formatDate } from "@/web/lib/format";
import { accessRequestsQuery, useDecideAccessRequest } from "../api";

const STATUSES = ["pending", "approved", "denied"] as const;
const STATUS_BADGE = { pending: "warning", approved: "success", denied: "destructive" } as const;
const SEARCH = "Name, email or organization";
const GRID = "mb-0 sm:grid-cols-[1fr_auto]";
// Pending is the default, so 'All' needs a value of its own in the address.
const FIELDS: FilterField[] = [
  {
    name: "status",
    label: "Status",
    options: [
      { value: "pending", label: "Pending" },
      { value: "approved", label: "Approved" },
      { value: "denied", label: "Denied" },
      { value: "all", label: "All" },
    ],
  },
];

/** D2: people who chose Administrator at sign-up; a super admin approves or denies them. */
export function AccessRequestsPanel() {
  const params = useListParams({ status: "pending" }, { prefix: "requests" });
  const status = oneOf(params.filters.status, STATUSES);
  const list = useQuery(accessRequestsQuery({ status, search: params.search, page: params.page }));
  const decide = useDecideAccessRequest();
  const copy: ListCopy = { what: "requests", empty: { title: `No ${status ?? ""} access requests.` } };

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
    <ListPanel
      title="Administrator access requests"
      description="People who chose Administrator at sign-up. Approving grants full platform access."
    >
      <FilterBar label="Filter access requests" params={params} search={SEARCH} fields={FIELDS} className={GRID} />
      <ListResults query={list} copy={copy} params={params} compact paginationLabel="Pages">
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
    </ListPanel>
  );
}
