import { Download, Table2 } from "lucide-react";
import { type ReactNode, useState } from "react";
import { LoadError } from "@/web/components/list-page/load-error";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Loading } from "@/web/components/ui/loading";
import { TBody, TD, TH, THead, TR } from "@/web/components/ui/table";
import { type CsvColumn, saveCsv, toCsv } from "./csv";

type ChartQuery<D> = {
  data: D | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: Error | null;
  refetch: () => unknown;
};

/**
 * One analytics chart: its title and what it counts, the chart (an image to assistive technology,
 * named by `summary`) or the same rows as a table, and its data as CSV. Loading, error and empty
 * states are this card's.
 */
export function ChartCard<D, R>({
  id,
  title,
  definition,
  query,
  rows,
  columns,
  summary,
  filename,
  children,
}: {
  id: string;
  title: string;
  definition: string;
  query: ChartQuery<D>;
  rows: (data: D) => readonly R[];
  columns: readonly CsvColumn<R>[];
  summary: (rows: readonly R[]) => string;
  filename: string;
  children: (rows: readonly R[]) => ReactNode;
}) {
  const [asTable, setAsTable] = useState(false);
  const items = query.data ? rows(query.data) : [];
  const headingId = `${id}-title`;
  return (
    <Card aria-labelledby={headingId} aria-busy={query.isFetching}>
      <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <CardTitle id={headingId}>{title}</CardTitle>
          <CardDescription>{definition}</CardDescription>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <Button
            size="sm"
            variant="outline"
            aria-pressed={asTable}
            disabled={!query.data || items.length === 0}
            onClick={() => setAsTable((v) => !v)}
          >
            <Table2 aria-hidden /> {asTable ? "Show as chart" : "Show as table"}
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={!query.data}
            aria-label={`Download CSV: ${title}`}
            onClick={() => saveCsv(filename, toCsv(columns, items))}
          >
            <Download aria-hidden /> CSV
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <Loading />
        ) : query.isError ? (
          <LoadError what={title.toLowerCase()} query={query} />
        ) : items.length === 0 ? (
          <p className="py-8 text-center text-sm text-muted-foreground">Nothing to show for these filters</p>
        ) : asTable ? (
          // A plain table in one scroll box that takes the keyboard focus (it may scroll both ways).
          <section
            aria-label={`${title}, as a table`}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take keyboard focus to scroll (WCAG 2.1.1)
            tabIndex={0}
            className="max-h-96 overflow-auto rounded-lg border border-border"
          >
            <table aria-labelledby={headingId} className="w-full text-sm">
              <THead>
                <TR>
                  {columns.map((c) => (
                    <TH key={c.header}>{c.header}</TH>
                  ))}
                </TR>
              </THead>
              <TBody>
                {items.map((r, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own and never reorder in place
                  <TR key={i}>
                    {columns.map((c) => (
                      <TD key={c.header}>{c.value(r) ?? "No data yet"}</TD>
                    ))}
                  </TR>
                ))}
              </TBody>
            </table>
          </section>
        ) : (
          <div role="img" aria-label={summary(items)} className="h-72 w-full">
            {children(items)}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
