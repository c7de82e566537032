import { Search, X } from "lucide-react";
import { type ReactNode, useState } from "react";
import { NURSING_SPECIALTIES } from "@/domain/specialties";
import { Pagination } from "@/web/components/pagination";
import { Button } from "@/web/components/ui/button";
import { EmptyState } from "@/web/components/ui/empty-state";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/input";
import { Loading } from "@/web/components/ui/loading";
import { Select } from "@/web/components/ui/select";
import { useDebouncedValue } from "@/web/lib/use-debounced-value";

// What the program's /placements and the student's /student/placements share: the filter bar
// (search, specialty, date window) and the list states. Each page brings its own query and card.

type Values = { search: string; specialty: string; startFrom: string; endBy: string };
const EMPTY: Values = { search: "", specialty: "", startFrom: "", endBy: "" };

/** Filter state; any change goes back to page 1. `query` is what the list endpoint takes. */
export function usePlacementFilters() {
  const [values, setValues] = useState<Values>(EMPTY);
  const [page, setPage] = useState(1);
  const search = useDebouncedValue(values.search.trim());
  const filtered = !!(search || values.specialty || values.startFrom || values.endBy);
  return {
    values,
    filtered,
    setPage,
    query: { search, specialty: values.specialty, startFrom: values.startFrom, endBy: values.endBy, page },
    change: (patch: Partial<Values>) => {
      setValues((v) => ({ ...v, ...patch }));
      setPage(1);
    },
    clear: () => {
      setValues(EMPTY);
      setPage(1);
    },
  };
}

export type PlacementFilters = ReturnType<typeof usePlacementFilters>;

export function PlacementFilterBar({ idPrefix, filters }: { idPrefix: string; filters: PlacementFilters }) {
  const { values, change } = filters;
  return (
    <search
      aria-label="Filter placements"
      className="mb-4 grid gap-3 rounded-lg border border-border bg-white p-4 sm:grid-cols-2 lg:grid-cols-4"
    >
      <Field id={`${idPrefix}-search`} label="Search">
        <Input
          id={`${idPrefix}-search`}
          type="search"
          placeholder="Title, facility, city or specialty"
          value={values.search}
          onChange={(e) => change({ search: e.target.value })}
        />
      </Field>
      <Field id={`${idPrefix}-specialty`} label="Specialty">
        <Select
          id={`${idPrefix}-specialty`}
          value={values.specialty}
          onChange={(e) => change({ specialty: e.target.value })}
        >
          <option value="">All specialties</option>
          {NURSING_SPECIALTIES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </Select>
      </Field>
      <Field id={`${idPrefix}-start`} label="Starts on or after">
        <Input
          id={`${idPrefix}-start`}
          type="date"
          value={values.startFrom}
          max={values.endBy || undefined}
          onChange={(e) => change({ startFrom: e.target.value })}
        />
      </Field>
      <Field id={`${idPrefix}-end`} label="Ends on or before">
        <Input
          id={`${idPrefix}-end`}
          type="date"
          value={values.endBy}
          min={values.startFrom || undefined}
          onChange={(e) => change({ endBy: e.target.value })}
        />
      </Field>
      {filters.filtered ? (
        <div className="sm:col-span-2 lg:col-span-4">
          <Button size="sm" variant="ghost" onClick={filters.clear}>
            <X aria-hidden /> Clear filters
          </Button>
        </div>
      ) : null}
    </search>
  );
}

type Page<T> = { items: T[]; page: number; pageSize: number; total: number };

/** Loading, error, empty (filtered or not) and the paginated cards. */
export function PlacementResults<T extends { id: string }>({
  list,
  filters,
  renderCard,
}: {
  list: { isPending: boolean; isError: boolean; error: Error | null; data?: Page<T> };
  filters: PlacementFilters;
  renderCard: (item: T) => ReactNode;
}) {
  if (list.isPending) return <Loading />;
  if (list.isError || !list.data) {
    return (
      <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-destructive">
        Could not load placements: {list.error?.message}
      </p>
    );
  }
  if (list.data.items.length === 0) {
    return (
      <EmptyState
        icon={Search}
        title={filters.filtered ? "No placements match these filters" : "No placements available"}
      >
        {filters.filtered
          ? "Try another search, specialty or date range."
          : "Placements with open spots at verified facilities appear here."}
      </EmptyState>
    );
  }
  return (
    <>
      <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Available placements">
        {list.data.items.map((p) => (
          <li key={p.id}>{renderCard(p)}</li>
        ))}
      </ul>
      <Pagination
        page={list.data.page}
        pageSize={list.data.pageSize}
        total={list.data.total}
        onPage={filters.setPage}
      />
    </>
  );
}
