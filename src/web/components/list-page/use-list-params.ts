import { useContext, useEffect, useRef, useState } from "react";
import { UNSAFE_NavigationContext, useLocation, useSearchParams } from "react-router";

/** How long a search box waits after the last key before the address (and the query) follows. */
export const SEARCH_DEBOUNCE_MS = 300;

type Options<F> = {
  /** Parameters that are not filters (a sort, a mailbox): they neither count as filtered nor clear. */
  keep?: readonly (keyof F & string)[];
  /** Namespaces the keys, for two lists on one page (`claims-q`, `claims-page`). */
  prefix?: string;
};

/**
 * A list's state kept in the address: filters, the search (`q`) and the page, so reload and Back
 * bring the same list again. A value equal to its default is left out of the address; any change
 * but paging goes back to page 1. Search text is local while typing and reaches the address once
 * typing pauses (one request per pause, not per key). Changes replace the history entry: Back
 * leaves the list rather than replaying every keystroke.
 */
export function useListParams<F extends Record<string, string>>(defaults: F, options: Options<F> = {}) {
  const [params, setParams] = useSearchParams();
  // The router's history as it is now, not as it was at this render: the search is written 300 ms
  // after a key, and whatever happened meanwhile (a filter chosen, a result opened; a navigation is
  // a transition, so this component may not have rendered it yet) must not be written over.
  const history = useContext(UNSAFE_NavigationContext).navigator as {
    location?: { pathname: string; search: string };
  };
  const { pathname } = useLocation();
  const key = (name: string) => (options.prefix ? `${options.prefix}-${name}` : name);
  const filters = Object.fromEntries(
    Object.entries(defaults).map(([name, fallback]) => [name, params.get(key(name)) ?? fallback]),
  ) as F;
  const search = params.get(key("q")) ?? "";
  const page = Math.max(1, Number(params.get(key("page"))) || 1);

  function update(changes: Record<string, string | null>) {
    setParams(
      (rendered) => {
        const next = new URLSearchParams(history.location ? history.location.search : rendered);
        for (const [name, value] of Object.entries(changes)) {
          if (value === null || value === (defaults[name] ?? "")) next.delete(key(name));
          else next.set(key(name), value);
        }
        if (!("page" in changes)) next.delete(key("page"));
        return next;
      },
      { replace: true },
    );
  }

  const [searchText, setSearchTextState] = useState(search);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // The address changed under us (Back, a link): the box shows what the list is filtered by.
  useEffect(() => {
    setSearchTextState((text) => (text.trim() === search ? text : search));
  }, [search]);

  const keep = new Set<string>(options.keep ?? []);
  const filterNames = Object.keys(defaults).filter((name) => !keep.has(name));
  const filtered = !!search || filterNames.some((name) => filters[name] !== defaults[name]);

  return {
    filters,
    /** The filters with the search and the page: what a list endpoint whose names match takes. */
    query: { ...filters, search, page },
    /** The search the list is filtered by (trimmed, debounced). */
    search,
    /** What the search box shows. */
    searchText,
    setSearchText(value: string) {
      setSearchTextState(value);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        // The user left the list for another page meanwhile (a row opened): the search stays behind.
        if (history.location && history.location.pathname !== pathname) return;
        update({ q: value.trim() || null });
      }, SEARCH_DEBOUNCE_MS);
    },
    page,
    setPage: (next: number) => update({ page: next === 1 ? null : String(next) }),
    /** Sets filters (a default value or "" clears one); back to page 1. */
    set: (patch: Partial<F>) => update(patch as Record<string, string>),
    filtered,
    /** Clears the search and every filter (not the `keep` parameters). */
    clear() {
      clearTimeout(timer.current);
      setSearchTextState("");
      update(Object.fromEntries([["q", null], ...filterNames.map((name) => [name, null])]));
    },
    /** Another parameter of the address (a scope such as `facility` or `program`). */
    param: (name: string) => params.get(name) ?? undefined,
  };
}

export type ListParams<F extends Record<string, string>> = ReturnType<typeof useListParams<F>>;

/** `value` when it is one of `allowed` (a hand-edited address may hold anything), else undefined. */
export const oneOf = <T extends string>(value: string, allowed: readonly T[]): T | undefined =>
  (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
