import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Pagination } from "@/web/components/pagination";
import { EmptyState } from "@/web/components/ui/empty-state";
import { Loading } from "@/web/components/ui/loading";
import { LoadError } from "./load-error";

/** One page of a list endpoint's answer. */
export type ListPage<T> = { items: T[]; page: number; pageSize: number; total: number };

export type EmptyCopy = { icon?: LucideIcon; title: string; body?: ReactNode };

/** What the kit reads of a list's query (TanStack Query's result fits). */
export type ListQuery<T> = {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: Error | null;
  data?: ListPage<T>;
  refetch: () => unknown;
};

/**
 * A list's states, the same on every page: loading, the error with Try again, empty (with its own
 * words when filters hide everything), else the items and the pagination below them. The items are
 * marked busy while a newer answer is on its way (the previous page stays on screen meanwhile).
 */
export function ListResults<T>({
  query,
  what,
  loadingLabel,
  filtered = false,
  empty,
  noMatch,
  onPage,
  paginationLabel,
  compact = false,
  children,
}: {
  query: ListQuery<T>;
  /** Completes 'Could not load …'. */
  what: string;
  loadingLabel?: string;
  filtered?: boolean;
  empty: EmptyCopy;
  /** Shown instead of `empty` when filters are set. */
  noMatch?: EmptyCopy;
  /** Left out for a list loaded whole (no pagination then). */
  onPage?: (page: number) => void;
  paginationLabel?: string;
  /** Inside a card (a panel): the loading placeholder does not take a screen's height. */
  compact?: boolean;
  children: (data: ListPage<T>) => ReactNode;
}) {
  if (query.isPending) return <Loading label={loadingLabel} className={compact ? "min-h-24" : undefined} />;
  if (query.isError || !query.data) return <LoadError what={what} query={query} />;
  const data = query.data;
  if (data.total === 0 && data.items.length === 0) {
    const copy = filtered && noMatch ? noMatch : empty;
    return (
      <EmptyState icon={copy.icon} title={copy.title}>
        {copy.body}
      </EmptyState>
    );
  }
  return (
    <div aria-busy={query.isFetching}>
      {children(data)}
      {onPage ? (
        <Pagination
          page={data.page}
          pageSize={data.pageSize}
          total={data.total}
          onPage={onPage}
          label={paginationLabel}
        />
      ) : null}
    </div>
  );
}
