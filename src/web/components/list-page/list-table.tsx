import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { type ReactNode, useSyncExternalStore } from "react";
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
  /** The field's name on a phone's card, when the header is not plain text (defaults to the header). */
  cardLabel?: string;
};

export type TableSort = { key: string; order: "asc" | "desc"; onSort: (key: string) => void };

/** The header cell of the row actions' column, named for screen readers only. */
export const actionsHeader = <span className="sr-only">Actions</span>;

type ListTableProps<T> = {
  label: string;
  rows: readonly T[];
  rowKey: (row: T) => string;
  columns: readonly Column<T>[];
  sort?: TableSort;
};

/**
 * A list's table from column definitions. Sorting is the server's (the lists are paginated: sorting
 * one page in the browser would misorder the whole), so only columns with a `sortKey` sort.
 */
export function ListTable<T>(props: ListTableProps<T>) {
  // Below md a row's fields would sit off screen in a sideways-scrolling table: each row becomes a
  // card instead. Only one of the two is rendered, so nothing hidden is left for assistive tech.
  return useWide() ? <RowsTable {...props} /> : <RowCards {...props} />;
}

/** Tailwind's `md`: from here up the list is a table. */
const WIDE = "(min-width: 768px)";

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia?.(WIDE);
  query?.addEventListener("change", onChange);
  return () => query?.removeEventListener("change", onChange);
};
// Without media queries (a test's DOM) the list is a table.
const wide = () => window.matchMedia?.(WIDE).matches ?? true;

function useWide() {
  return useSyncExternalStore(subscribe, wide, () => true);
}

/** Each row as a card: its columns as label and value, its actions at the bottom. */
function RowCards<T>({ label, rows, rowKey, columns }: ListTableProps<T>) {
  const shown = columns.filter((c) => !c.hidden);
  const name = (c: Column<T>) => c.cardLabel ?? (typeof c.header === "string" ? c.header : undefined);
  const named = shown.filter((c) => !c.actions && name(c));
  // Unnamed fields and the actions go under the labelled ones.
  const rest = shown.filter((c) => !c.actions && !name(c));
  const actions = shown.filter((c) => c.actions);
  return (
    <ul aria-label={label} className="grid gap-3">
      {rows.map((row) => (
        <li key={rowKey(row)} className="min-w-0 break-words rounded-lg border border-border bg-white p-4 text-sm">
          <dl className="grid gap-2">
            {named.map((c) => (
              <div key={c.id} className="min-w-0">
                <dt className="text-xs uppercase tracking-wide text-slate-600">{name(c)}</dt>
                <dd className="min-w-0">{c.cell(row)}</dd>
              </div>
            ))}
          </dl>
          {rest.map((c) => (
            <div key={c.id} className="mt-2 min-w-0">
              {c.cell(row)}
            </div>
          ))}
          {actions.map((c) => (
            <div key={c.id} className="mt-3 border-t border-border pt-3">
              {c.cell(row)}
            </div>
          ))}
        </li>
      ))}
    </ul>
  );
}

function RowsTable<T>({ label, rows, rowKey, columns, sort }: ListTableProps<T>) {
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
