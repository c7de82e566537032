import { useQuery } from "@tanstack/react-query";
import { FilterBar, type FilterField } from "@/web/components/list-page/filter-bar";
import { ListPanel } from "@/web/components/list-page/list-panel";
import { type ListCopy, ListResults } from "@/web/components/list-page/list-results";
import { oneOf, useListParams } from "@/web/components/list-page/use-list-params";
import { Badge } from "@/web/components/ui/badge";
import { formatDate } from "@/web/lib/format";
import { rosterClaimsQuery } from "../api";

const PROGRAM_STATUS_BADGE = { pending: "warning", verified: "success", rejected: "destructive" } as const;
const COPY: ListCopy = { what: "the list", empty: { title: "No email is on more than one program's roster." } };
const FIELDS: FilterField[] = [
  {
    name: "reported",
    label: "Reports",
    all: "All",
    options: [
      { value: "true", label: "Reported by the student" },
      { value: "false", label: "Not reported" },
    ],
  },
];

/**
 * Emails that several programs list on their roster: which programs, which one the student's
 * account is linked to, and the students' "Not my program" reports (shown first).
 */
export function RosterClaimsPanel() {
  const params = useListParams({ reported: "" }, { prefix: "claims" });
  const list = useQuery(
    rosterClaimsQuery({
      search: params.search,
      reported: oneOf(params.filters.reported, ["true", "false"] as const),
      page: params.page,
    }),
  );

  return (
    <ListPanel
      className="mt-6"
      title="Students listed by several programs"
      description={
        <>
          Emails on more than one program's roster. A student's account is linked to the program they chose; "Not my
          program" reports come first.
        </>
      }
    >
      <FilterBar label="Filter emails listed by several programs" params={params} search="Email" fields={FIELDS} />
      <ListResults query={list} copy={COPY} params={params} compact paginationLabel="Pages of emails">
        {(data) => (
          <ul className="divide-y divide-border" aria-label="Emails listed by several programs">
            {data.items.map((item) => (
              <li key={item.email} className="grid gap-2 py-3">
                <p className="font-medium break-all">
                  {item.email}{" "}
                  {item.reports > 0 ? (
                    <Badge variant="destructive">
                      {item.reports} report{item.reports === 1 ? "" : "s"}
                    </Badge>
                  ) : null}
                </p>
                <ul className="grid gap-1 text-sm" aria-label={`Programs listing ${item.email}`}>
                  {item.entries.map((e) => (
                    <li key={e.rosterEntryId} className="flex flex-wrap items-center gap-2">
                      <span>{e.programName}</span>
                      <Badge variant={PROGRAM_STATUS_BADGE[e.programStatus]}>{e.programStatus}</Badge>
                      {e.linked ? <Badge>linked account</Badge> : null}
                      {e.enrollmentStatus === "withdrawn" ? <Badge variant="muted">withdrawn</Badge> : null}
                      {e.reports > 0 ? (
                        <Badge variant="destructive">
                          "Not my program"{e.lastReportedAt ? ` ${formatDate(e.lastReportedAt)}` : ""}
                        </Badge>
                      ) : null}
                      <span className="text-muted-foreground">added {formatDate(e.addedAt)}</span>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )}
      </ListResults>
    </ListPanel>
  );
}
