import { type UseQueryOptions, useQuery } from "@tanstack/react-query";
import { type KeyboardEvent, type ReactNode, useEffect, useId, useState } from "react";
import { Input } from "@/web/components/ui/input";

/** Waits until typing pauses before asking the server. */
function useDebounced(value: string, ms = 250) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

export type PickerPage<T> = { items: T[]; total: number; pageSize: number };

/**
 * A searchable combobox (WAI-ARIA combobox with a listbox popup) whose options come a page at a
 * time from a server list (`query`): it never loads every record. The View As pickers use it.
 */
export function SearchPicker<T extends { id: string }>({
  label,
  placeholder,
  query,
  nameOf,
  detailOf,
  onPick,
}: {
  label: string;
  placeholder: string;
  /** The server list for a search and a page: query options whose data is a PickerPage of T. */
  query: (search: string | undefined, page: number) => object;
  nameOf: (item: T) => string;
  detailOf?: (item: T) => ReactNode;
  onPick: (item: T) => void;
}) {
  const id = useId();
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [page, setPage] = useState(1);
  const [active, setActive] = useState(0);
  const search = useDebounced(text.trim());
  // A new search starts at its first page (the previous search's page is kept in `pageOf`).
  const [pageOf, setPageOf] = useState(search);
  if (pageOf !== search) {
    setPageOf(search);
    setPage(1);
    setActive(0);
  }
  const list = useQuery({ ...(query(search || undefined, page) as UseQueryOptions<PickerPage<T>>), enabled: open });
  const items = list.data?.items ?? [];
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;
  const listbox = `${id}-listbox`;
  const optionId = (i: number) => `${id}-option-${i}`;

  function pick(item: T) {
    setOpen(false);
    setText(nameOf(item));
    onPick(item);
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === "ArrowDown") {
      e.preventDefault();
      setOpen(true);
      setActive((a) => Math.min(a + 1, Math.max(items.length - 1, 0)));
    } else if (e.key === "ArrowUp") {
      e.preventDefault();
      setActive((a) => Math.max(a - 1, 0));
    } else if (e.key === "Enter" && open && items[active]) {
      e.preventDefault();
      pick(items[active]);
    } else if (e.key === "Escape") {
      setOpen(false);
    }
  }

  return (
    <div className="relative grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <Input
        id={id}
        role="combobox"
        aria-expanded={open}
        aria-controls={listbox}
        aria-autocomplete="list"
        aria-activedescendant={open && items[active] ? optionId(active) : undefined}
        autoComplete="off"
        placeholder={placeholder}
        value={text}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
      />
      {open ? (
        <div className="absolute top-full z-30 mt-1 w-full rounded-md border border-border bg-white shadow-md">
          <div id={listbox} role="listbox" aria-label={label} className="max-h-72 overflow-y-auto p-1">
            {items.map((o, i) => (
              // The combobox pattern: options are not focused, the input points at the active one
              // (aria-activedescendant) and handles the keys; a click picks one too.
              // biome-ignore lint/a11y/useKeyWithClickEvents: keys are the combobox input's (see above)
              // biome-ignore lint/a11y/useFocusableInteractive: options take no focus in a combobox
              <div
                key={o.id}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                className={`cursor-pointer rounded px-2 py-1.5 text-sm ${i === active ? "bg-muted" : ""}`}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => pick(o)}
              >
                <span className="font-medium">{nameOf(o)}</span>
                {detailOf ? <span className="text-muted-foreground"> {detailOf(o)}</span> : null}
              </div>
            ))}
          </div>
          <div className="flex items-center justify-between gap-2 border-t border-border px-2 py-1 text-xs text-muted-foreground">
            <span role="status">
              {list.isError
                ? "Could not load the list"
                : list.isFetching && items.length === 0
                  ? "Loading..."
                  : list.data
                    ? `${list.data.total} found`
                    : ""}
            </span>
            {pages > 1 ? (
              <span className="flex gap-2">
                <button
                  type="button"
                  className="underline disabled:opacity-50"
                  disabled={page <= 1}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => setPage(page - 1)}
                >
                  Previous
                </button>
                <span>
                  {page} / {pages}
                </span>
                <button
                  type="button"
                  className="underline disabled:opacity-50"
                  disabled={page >= pages}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => setPage(page + 1)}
                >
                  Next
                </button>
              </span>
            ) : null}
          </div>
        </div>
      ) : null}
    </div>
  );
}
