import { ClipboardCheck, SearchX } from "lucide-react";
import { useState } from "react";
import { EVALUATION_PHASE_LABELS, EVALUATION_STATUS_LABELS, EVALUATION_STATUSES } from "@/domain/evaluations";
import type { FilterField } from "@/web/components/list-page/filter-bar";
import { type ListCopy, type ListQuery, ListResults, type ResultParams } from "@/web/components/list-page/list-results";
import { actionsHeader, type Column, ListTable } from "@/web/components/list-page/list-table";
import { oneOf } from "@/web/components/list-page/use-list-params";
import { Button } from "@/web/components/ui/button";
import { formatDate } from "@/web/lib/format";
import type { EvaluationItem } from "../api";
import { EvaluationDialog } from "./evaluation-dialog";
import { EvaluationStatusBadge } from "./evaluation-status-badge";

// What the program's completion list (/evaluations) and the supervisors' list (preceptor and
// facility) have in common: the status filter, the sort kept in the address, the due and status
// columns, and a table whose rows open one evaluation in the dialog.

/** The statuses a list shows: an evaluation that has not opened yet is not listed. */
export const LISTED_STATUSES = EVALUATION_STATUSES.filter((s) => s !== "not_open");

export const statusField: FilterField = {
  name: "status",
  label: "Status",
  options: LISTED_STATUSES.map((s) => ({ value: s, label: EVALUATION_STATUS_LABELS[s] })),
  all: "All statuses",
};

/** The sort in the address (a hand-edited one may hold anything): by due date, soonest first, by default. */
const listSort = (f: { sort: string; order: string }) => ({
  sort: oneOf(f.sort, ["dueDate", "student", "submittedAt"] as const) ?? "dueDate",
  order: oneOf(f.order, ["asc", "desc"] as const) ?? "asc",
});

/** The status filter and the sort the address holds, as the list endpoints take them. */
export const listedFilter = (f: { status: string; sort: string; order: string }) => ({
  status: oneOf(f.status, LISTED_STATUSES),
  ...listSort(f),
});

/** The columns both lists show. */
export const evaluationColumns = {
  phase: { id: "phase", header: "Phase", cell: (e) => EVALUATION_PHASE_LABELS[e.phase] },
  due: {
    id: "due",
    header: "Due",
    sortKey: "dueDate",
    className: "whitespace-nowrap",
    cell: (e) => formatDate(e.dueDate),
  },
  status: { id: "status", header: "Status", cell: (e) => <EvaluationStatusBadge status={e.status} /> },
} satisfies Record<string, Column<EvaluationItem>>;

/**
 * A page of evaluations as a table sorted by the server. Each row ends with a button (`action`: its
 * text, its accessible name, whether it is the primary one) that shows the evaluation in the dialog:
 * the form to fill when `fill` and it is pending, else its answers. `emptyBody` says when the list's
 * evaluations open.
 */
export function EvaluationsTable({
  label,
  query,
  emptyBody,
  params,
  columns,
  action,
  fill,
}: {
  label: string;
  query: ListQuery<EvaluationItem>;
  emptyBody: string;
  params: ResultParams & {
    filters: { sort: string; order: string };
    set: (patch: { sort: string; order: string }) => void;
  };
  columns: Column<EvaluationItem>[];
  action: (e: EvaluationItem) => { text: string; label: string; primary?: boolean };
  fill: boolean;
}) {
  const [open, setOpen] = useState<{ id: string | null; open: boolean }>({ id: null, open: false });
  const { sort, order } = listSort(params.filters);
  const copy: ListCopy = {
    what: "the evaluations",
    loading: "Loading evaluations...",
    empty: { icon: ClipboardCheck, title: "No evaluations yet", body: emptyBody },
    noMatch: { icon: SearchX, title: "No evaluations match", body: "No evaluation matches these filters." },
  };
  return (
    <>
      <ListResults query={query} copy={copy} params={params}>
        {(data) => (
          <ListTable
            label={label}
            rows={data.items}
            rowKey={(e) => e.id}
            columns={[
              ...columns,
              {
                id: "actions",
                header: actionsHeader,
                actions: true,
                cell: (e) => {
                  const { text, label, primary } = action(e);
                  return (
                    <Button
                      variant={primary ? "default" : "outline"}
                      size="sm"
                      onClick={() => setOpen({ id: e.id, open: true })}
                      aria-label={label}
                    >
                      {text}
                    </Button>
                  );
                },
              },
            ]}
            sort={{
              key: sort === "submittedAt" ? "" : sort,
              order,
              onSort: (key) => params.set({ sort: key, order: key === sort && order === "asc" ? "desc" : "asc" }),
            }}
          />
        )}
      </ListResults>
      <EvaluationDialog
        evaluationId={open.id}
        open={open.open}
        onOpenChange={(next) => setOpen((o) => ({ ...o, open: next }))}
        fill={fill}
      />
    </>
  );
}
