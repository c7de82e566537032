import { useQuery } from "@tanstack/react-query";
import { SearchX, Stethoscope } from "lucide-react";
import { Link } from "react-router";
import { ROTATION_STATUS_LABELS, ROTATION_STATUSES } from "@/domain/preceptors";
import { FilterBar, type FilterField } from "@/web/components/list-page/filter-bar";
import { type ListCopy, ListResults } from "@/web/components/list-page/list-results";
import { oneOf, useListParams } from "@/web/components/list-page/use-list-params";
import { Card, CardContent } from "@/web/components/ui/card";
import { PageHeader } from "@/web/components/ui/page-header";
import { formatDate } from "@/web/lib/format";
import { useMe } from "@/web/lib/session";
import { rotationsQuery } from "../api";
import { RotationStatusBadge } from "../components/rotation-status-badge";
import { StatusCounts } from "./rotations-page";

// /dashboard/preceptor (issue 17): the rotations assigned to the signed-in preceptor, their
// students, counts by status, and a way into each student's rotation.

const COPY: ListCopy = {
  what: "your rotations",
  loading: "Loading your rotations...",
  empty: {
    icon: Stethoscope,
    title: "No students assigned to you yet",
    body: "When your facility names you a preceptor of a rotation, the student appears here and you get an email.",
  },
  noMatch: { icon: SearchX, title: "No rotations match", body: "None of your rotations matches these filters." },
};

export default function PreceptorDashboardPage() {
  const me = useMe();
  const params = useListParams({ status: "" });
  const filter = { status: oneOf(params.filters.status, ROTATION_STATUSES), search: params.search || undefined };
  const list = useQuery(rotationsQuery({ ...filter, page: params.page, pageSize: 12 }));
  const fields: FilterField[] = [
    {
      name: "status",
      label: "Status",
      options: ROTATION_STATUSES.map((s) => ({ value: s, label: ROTATION_STATUS_LABELS[s] })),
      all: "All statuses",
    },
  ];
  return (
    <>
      <PageHeader
        title="My students"
        description={`The rotations you precept${me.data?.organization ? ` at ${me.data.organization.name}` : ""}`}
      />
      <StatusCounts counts={list.data?.byStatus} failed={list.isError} onPick={(s) => params.set({ status: s })} />
      <div className="mt-4 grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4">
        <FilterBar
          label="Filter your rotations"
          params={params}
          search="Student, program or placement"
          fields={fields}
          className="sm:grid-cols-2"
        />
        <ListResults query={list} copy={COPY} params={params} paginationLabel="Rotations pages">
          {(data) => (
            <ul className="grid gap-3 md:grid-cols-2">
              {data.items.map((r) => (
                <li key={r.id}>
                  <Card>
                    <CardContent className="grid gap-2 pt-6">
                      <div className="flex items-start justify-between gap-2">
                        <h2 className="text-lg font-semibold">
                          <Link
                            to={`/dashboard/preceptor/rotations/${r.id}`}
                            className="text-primary underline-offset-4 hover:underline"
                          >
                            {r.student.name}
                          </Link>
                        </h2>
                        <RotationStatusBadge status={r.status} />
                      </div>
                      <p className="text-sm text-muted-foreground">{r.program.name}</p>
                      <p className="text-sm">
                        {r.placement.title}
                        {r.department ? ` · ${r.department.name}` : ""}
                      </p>
                      <p className="text-sm">
                        {formatDate(r.startDate)} – {formatDate(r.endDate)}
                      </p>
                    </CardContent>
                  </Card>
                </li>
              ))}
            </ul>
          )}
        </ListResults>
      </div>
    </>
  );
}
