import { type ListCopy, type ListQuery, ListResults, type ResultParams } from "./list-results";
import { type Column, ListTable, type TableSort } from "./list-table";

/** A list shown as a table: its states (ListResults) around the table of its columns (ListTable). */
export function ListView<T>({
  query,
  copy,
  params,
  label,
  columns,
  rowKey = (row) => (row as { id: string }).id,
  sort,
}: {
  query: ListQuery<T>;
  copy: ListCopy;
  params: ResultParams;
  /** The table's accessible name. */
  label: string;
  columns: readonly Column<T>[];
  /** Rows are keyed by `id` unless told otherwise. */
  rowKey?: (row: T) => string;
  sort?: TableSort;
}) {
  return (
    <ListResults query={query} copy={copy} params={params}>
      {(data) => <ListTable label={label} rows={data.items} rowKey={rowKey} columns={columns} sort={sort} />}
    </ListResults>
  );
}
