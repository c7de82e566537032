import { Search } from "lucide-react";
import type { ReactNode } from "react";
import { NURSING_SPECIALTIES } from "@/domain/specialties";
import { FilterBar, plainOptions, SearchField, SelectField } from "@/web/components/list-page/filter-bar";
import { type ListQuery, ListResults } from "@/web/components/list-page/list-results";
import { useListParams } from "@/web/components/list-page/use-list-params";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/input";
import type { PlacementFilter } from "../api";

// What the program's /placements and the student's /student/placements share: the filter bar
// (search, specialty, date window, kept in the address) and the grid of cards with the list states.
// Each page brings its own query and its card's button.

/** The filters; `query` is what both list endpoints take. */
export function usePlacementFilters() {
  const params = useListParams({ specialty: "", from: "", to: "" });
  const { specialty, from, to } = params.filters;
  const query: PlacementFilter = { search: params.search, specialty, startFrom: from, endBy: to, page: params.page };
  return { params, query };
}

export type PlacementFilters = ReturnType<typeof usePlacementFilters>;

export function PlacementFilterBar({ idPrefix, filters }: { idPrefix: string; filters: PlacementFilters }) {
  const { params } = filters;
  const { specialty, from, to } = params.filters;
  return (
    <FilterBar label="Filter placements" filtered={params.filtered} onClear={params.clear}>
      <SearchField id={`${idPrefix}-search`} placeholder="Title, facility, city or specialty" params={params} />
      <SelectField
        id={`${idPrefix}-specialty`}
        label="Specialty"
        value={specialty}
        onChange={(v) => params.set({ specialty: v })}
        options={plainOptions(NURSING_SPECIALTIES)}
        all="All specialties"
      />
      <Field id={`${idPrefix}-start`} label="Starts on or after">
        <Input
          id={`${idPrefix}-start`}
          type="date"
          value={from}
          max={to || undefined}
          onChange={(e) => params.set({ from: e.target.value })}
        />
      </Field>
      <Field id={`${idPrefix}-end`} label="Ends on or before">
        <Input
          id={`${idPrefix}-end`}
          type="date"
          value={to}
          min={from || undefined}
          onChange={(e) => params.set({ to: e.target.value })}
        />
      </Field>
    </FilterBar>
  );
}

/** The list states and the paginated cards. */
export function PlacementResults<T extends { id: string }>({
  list,
  filters,
  renderCard,
}: {
  list: ListQuery<T>;
  filters: PlacementFilters;
  renderCard: (item: T) => ReactNode;
}) {
  return (
    <ListResults
      query={list}
      what="placements"
      filtered={filters.params.filtered}
      onPage={filters.params.setPage}
      empty={{
        icon: Search,
        title: "No placements available",
        body: "Placements with open spots at verified facilities appear here.",
      }}
      noMatch={{
        icon: Search,
        title: "No placements match these filters",
        body: "Try another search, specialty or date range.",
      }}
    >
      {(data) => (
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Available placements">
          {data.items.map((p) => (
            <li key={p.id}>{renderCard(p)}</li>
          ))}
        </ul>
      )}
    </ListResults>
  );
}
