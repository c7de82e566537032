import { Search } from "lucide-react";
import type { ReactNode } from "react";
import type { AgreementViewer } from "@/web/components/agreement-required-notice";
import { DateField, FilterBar, specialtyField } from "@/web/components/list-page/filter-bar";
import { type ListCopy, type ListQuery, ListResults } from "@/web/components/list-page/list-results";
import { useListParams } from "@/web/components/list-page/use-list-params";
import type { PlacementFilter } from "../api";
import { type CardPlacement, PlacementCard } from "./placement-card";

// What the program's /placements and the student's /student/placements share: the filter bar
// (search, specialty, date window, kept in the address) and the grid of cards with the list states.
// Each page brings its own query and its card's button.

const COPY: ListCopy = {
  what: "placements",
  empty: {
    icon: Search,
    title: "No placements available",
    body: "Placements with open spots at verified facilities appear here.",
  },
  noMatch: {
    icon: Search,
    title: "No placements match these filters",
    body: "Try another search, specialty or date range.",
  },
};

const FIELDS = [specialtyField()];

/** The filters; `query` is what both list endpoints take. */
export function usePlacementFilters() {
  const params = useListParams({ specialty: "", from: "", to: "" });
  const { specialty, from, to } = params.filters;
  const query: PlacementFilter = { search: params.search, specialty, startFrom: from, endBy: to, page: params.page };
  return { params, query };
}

export type PlacementFilters = ReturnType<typeof usePlacementFilters>;

/** The filter bar, then the list states and the paginated cards, each with the viewer's `action`. */
export function PlacementBrowser<T extends CardPlacement & { id: string }>({
  filters: { params },
  list,
  action,
  viewer,
}: {
  filters: PlacementFilters;
  list: ListQuery<T>;
  action: (placement: T) => ReactNode;
  viewer: AgreementViewer;
}) {
  return (
    <>
      <FilterBar label="Filter placements" params={params} search="Title, facility, city or specialty" fields={FIELDS}>
        <DateField name="from" label="Starts on or after" max={params.filters.to} />
        <DateField name="to" label="Ends on or before" min={params.filters.from} />
      </FilterBar>
      <ListResults query={list} copy={COPY} params={params}>
        {(data) => (
          <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Available placements">
            {data.items.map((p) => (
              <li key={p.id}>
                <PlacementCard placement={p} action={action(p)} viewer={viewer} />
              </li>
            ))}
          </ul>
        )}
      </ListResults>
    </>
  );
}
