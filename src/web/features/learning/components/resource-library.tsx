import { useQuery } from "@tanstack/react-query";
import { BookOpen } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { RESOURCE_CATEGORIES, RESOURCE_CATEGORY_LABELS } from "@/domain/learning";
import { FilterBar, specialtyField } from "@/web/components/list-page/filter-bar";
import { ListResults } from "@/web/components/list-page/list-results";
import { useListParams } from "@/web/components/list-page/use-list-params";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { myResourcesQuery } from "../api";
import { DoneButton } from "./done-button";
import { ResourceBadges } from "./resource-badges";

// The Resources tab: the library the student may read (shared and their program's), searched and
// filtered by category and specialty on the server, twelve a page; each opens in the reader.

const CATEGORY_OPTIONS = RESOURCE_CATEGORIES.map((c) => ({ value: c, label: RESOURCE_CATEGORY_LABELS[c] }));

/** The address of the reader for a resource, keeping the page's other parameters (View As). */
export function useResourceHref() {
  const [params] = useSearchParams();
  return (id: string) => {
    const next = new URLSearchParams(params);
    next.set("resource", id);
    return `?${next.toString()}`;
  };
}

export function ResourceLibrary() {
  const params = useListParams({ category: "", specialty: "" }, { keep: [] });
  const list = useQuery(myResourcesQuery({ ...params.filters, search: params.search, page: params.page }));
  const hrefOf = useResourceHref();
  return (
    <div className="grid gap-2">
      {list.data ? (
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {list.data.progress.done} of {list.data.progress.total} resources done
        </p>
      ) : null}
      <FilterBar
        label="Filter resources"
        params={params}
        search="Search resources..."
        fields={[
          { name: "category", label: "Category", options: CATEGORY_OPTIONS, all: "All categories" },
          specialtyField(),
        ]}
        className="sm:grid-cols-2 lg:grid-cols-3"
      />
      <ListResults
        query={list}
        params={params}
        paginationLabel="Resource pages"
        copy={{
          what: "the resources",
          loading: "Loading resources...",
          empty: {
            icon: BookOpen,
            title: "No resources yet",
            body: "Your program and the platform's administrators add guides and courses here.",
          },
          noMatch: { icon: BookOpen, title: "No resources match these filters" },
        }}
      >
        {(data) => (
          <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3" aria-label="Resources">
            {data.items.map((r) => (
              <li key={r.id}>
                <Card className="flex h-full flex-col">
                  <CardHeader className="gap-2">
                    <CardTitle as="h3" className="text-base">
                      <Link to={hrefOf(r.id)} className="hover:underline">
                        {r.title}
                      </Link>
                    </CardTitle>
                    <ResourceBadges resource={r} />
                  </CardHeader>
                  <CardContent className="mt-auto grid gap-3">
                    {r.summary ? <CardDescription>{r.summary}</CardDescription> : null}
                    {r.specialties.length > 0 ? (
                      <p className="text-xs text-muted-foreground">{r.specialties.join(" · ")}</p>
                    ) : null}
                    <DoneButton resource={r} />
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </ListResults>
    </div>
  );
}
