import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import type { ReactNode } from "react";
import { Table, TBody, TD, TH, THead, TR } from "@/web/components/ui/table";

/** One column: its header, how a row fills its cell, and the server's sort key when it sorts by it. */
export type Column<T> = {
  id: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  className?: string;
  /** The row actions' column (pinned to the right edge, see ui/table). */
  actions?: boolean;
  /** A key the list endpoint sorts by: the header becomes a button. */
  sortKey?: string;
  /** Left out (a column that only some scopes show). */
  hidden?: boolean;
};

export type TableSort = { key: string; order: "asc" | "desc"; onSort: (key: string) => void };

/** The header cell of the row actions' column, named for screen readers only. */
export const actionsHeader = <span className="sr-only">Actions</span>;

/**
 * A list's table from column definitions. Sorting is the server's (the lists are paginated: sorting
 * one page in the browser would misorder the whole), so only columns with a `sortKey` sort.
 */
export function ListTable<T>({
  label,
  rows,
  rowKey,
  columns,
  sort,
}: {
  label: string;
  rows: readonly T[];
  rowKey: (row: T) => string;
  columns: readonly Column<T>[];
  sort?: TableSort;
}) {
  const shown = columns.filter((c) => !c.hidden);
  return (
    <Table aria-label={label}>
      <THead>
        <tr>
          {shown.map((c) => {
            const sorted = sort && c.sortKey === sort.key ? sort.order : undefined;
            return (
              <TH
                key={c.id}
                actions={c.actions}
                aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined}
              >
                {sort && c.sortKey ? (
                  <SortButton sorted={sorted} onClick={() => sort.onSort(c.sortKey!)} header={c.header} />
                ) : (
                  c.header
                )}
              </TH>
            );
          })}
        </tr>
      </THead>
      <TBody>
        {rows.map((row) => (
          <TR key={rowKey(row)}>
            {shown.map((c) => (
              <TD key={c.id} actions={c.actions} className={c.className}>
                {c.cell(row)}
              </TD>
            ))}
          </TR>
        ))}
      </TBody>
    </Table>
  );
}

function SortButton({ header, sorted, onClick }: { header: ReactNode; sorted?: "asc" | "desc"; onClick: () => void }) {
  const Icon = sorted === "asc" ? ArrowUp : sorted === "desc" ? ArrowDown : ArrowUpDown;
  return (
    <button
      type="button"
      onClick={onClick}
      className="inline-flex items-center gap-1 uppercase tracking-wide hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-primary"
    >
      {header}
      <Icon className={sorted ? "size-3.5" : "size-3.5 opacity-40"} aria-hidden />
    </button>
  );
}
