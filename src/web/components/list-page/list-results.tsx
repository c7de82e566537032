import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Pagination } from "@/web/components/pagination";
import { EmptyState } from "@/web/components/ui/empty-state";
import { Loading } from "@/web/components/ui/loading";
import { LoadError } from "./load-error";

/** One page of a list endpoint's answer. */
export type ListPage<T> = { items: T[]; page: number; pageSize: number; total: number };

/** What the kit reads of a list's query (TanStack Query's result fits). */
export type ListQuery<T> = {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: Error | null;
  data?: ListPage<T>;
  refetch: () => unknown;
};

export type EmptyCopy = { icon?: LucideIcon; title: string; body?: ReactNode };

/** A list's words for its states. */
export type ListCopy = {
  /** Completes 'Could not load …'. */
  what: string;
  /** The loading placeholder's text ('Loading...' when not given). */
  loading?: string;
  empty: EmptyCopy;
  /** Shown instead of `empty` when filters are set. */
  noMatch?: EmptyCopy;
};

/** What the states need of `useListParams`: left out for a list loaded whole (no filters, no pages). */
export type ResultParams = { filtered: boolean; setPage: (page: number) => void };

/**
 * A list's states, the same on every page: loading, the error with Try again, empty (with its own
 * words when filters hide everything), else the items and the pagination below them. The items are
 * marked busy while a newer answer is on its way (the previous page stays on screen meanwhile).
 */
export function ListResults<T>({
  query,
  copy,
  params,
  paginationLabel,
  compact = false,
  children,
}: {
  query: ListQuery<T>;
  copy: ListCopy;
  params?: ResultParams;
  paginationLabel?: string;
  /** Inside a card (a panel): the loading placeholder does not take a screen's height. */
  compact?: boolean;
  children: (data: ListPage<T>) => ReactNode;
}) {
  if (query.isPending) return <Loading label={copy.loading} className={compact ? "min-h-24" : undefined} />;
  if (query.isError || !query.data) return <LoadError what={copy.what} query={query} />;
  const data = query.data;
  if (data.total === 0 && data.items.length === 0) {
    const empty = params?.filtered && copy.noMatch ? copy.noMatch : copy.empty;
    return (
      <EmptyState icon={empty.icon} title={empty.title}>
        {empty.body}
      </EmptyState>
    );
  }
  return (
    <div aria-busy={query.isFetching}>
      {children(data)}
      {params ? (
        <Pagination
          page={data.page}
          pageSize={data.pageSize}
          total={data.total}
          onPage={params.setPage}
          label={paginationLabel}
        />
      ) : null}
    </div>
  );
}
