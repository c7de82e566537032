import { useQuery } from "@tanstack/react-query";
import { FileSignature, FileText, Plus, SearchX } from "lucide-react";
import { useState } from "react";
import { AGREEMENT_STATUS_LABELS, AGREEMENT_STATUSES, type AgreementStatus } from "@/domain/agreements";
import { DateSpan, Stacked } from "@/web/components/list-page/cells";
import { ExportCsvButton } from "@/web/components/list-page/export-csv-button";
import { FilterBar, type FilterField } from "@/web/components/list-page/filter-bar";
import { type ListCopy, ListResults } from "@/web/components/list-page/list-results";
import { actionsHeader, type Column, ListTable } from "@/web/components/list-page/list-table";
import { oneOf, useListParams } from "@/web/components/list-page/use-list-params";
import { Button } from "@/web/components/ui/button";
import { PageHeader } from "@/web/components/ui/page-header";
import { type Agreement, type AgreementFilter, agreementsExportUrl, agreementsQuery, partnersQuery } from "../api";
import { AgreementDialog, type Side } from "../components/agreement-dialog";
import { AgreementStatusBadge } from "../components/agreement-status-badge";
import { RequireAgreementSetting } from "../components/require-agreement-setting";

// Affiliation agreements (issue 17): the program's at /agreements, the facility's at
// /dashboard/facility/agreements, every one for administrators at /dashboard/admin/agreements.
// One page for the three: filters in the address, pages from the server, CSV of what is filtered.

const SORTS = ["endDate", "startDate", "title", "updatedAt"] as const;
const SORT_OPTIONS = [
  { value: "endDate:asc", label: "End date (soonest first)" },
  { value: "endDate:desc", label: "End date (latest first)" },
  { value: "title:asc", label: "Title (A–Z)" },
  { value: "updatedAt:desc", label: "Recently changed" },
];
const EXPIRING_WITHIN = ["30", "60", "90", "180"] as const;

const COPY: ListCopy = {
  what: "the agreements",
  loading: "Loading agreements...",
  empty: {
    icon: FileSignature,
    title: "No affiliation agreements yet",
    body: "Record the agreement under which students rotate: its dates, contacts and signed copy.",
  },
  noMatch: { icon: SearchX, title: "No agreements match", body: "No agreement matches these filters." },
};

const WORDS: Record<Side, { description: string; other: string; otherKind?: "program" | "facility" }> = {
  program: {
    description: "Your affiliation agreements with facilities: what is in force, what expires, the signed copies",
    other: "Facility",
    otherKind: "facility",
  },
  facility: {
    description: "Your affiliation agreements with nursing programs: what is in force, what expires, the signed copies",
    other: "Program",
    otherKind: "program",
  },
  admin: { description: "Every affiliation agreement between programs and facilities", other: "Organizations" },
};

function AgreementsPage({ side }: { side: Side }) {
  const words = WORDS[side];
  const params = useListParams(
    { status: "", organizationId: "", expiringWithin: "", sort: "endDate", order: "" },
    { keep: ["sort", "order"] },
  );
  const f = params.filters;
  // An administrator viewing as a program or facility (View As puts ?program= or ?facility=).
  const viewedAs =
    side === "program" ? params.param("program") : side === "facility" ? params.param("facility") : undefined;
  const sort = oneOf(f.sort, SORTS) ?? "endDate";
  const order = oneOf(f.order, ["asc", "desc"] as const) ?? "asc";
  const filter: AgreementFilter = {
    status: oneOf(f.status, AGREEMENT_STATUSES),
    organizationId: f.organizationId || viewedAs,
    expiringWithin: oneOf(f.expiringWithin, EXPIRING_WITHIN),
    search: params.search || undefined,
    sort,
    order,
  };
  const list = useQuery(agreementsQuery({ ...filter, page: params.page }));
  const others = useQuery({ ...partnersQuery(words.otherKind)(undefined, 1), enabled: side !== "admin" });
  const [dialog, setDialog] = useState<{ open: boolean; agreement: Agreement | null }>({
    open: false,
    agreement: null,
  });

  const fields: FilterField[] = [
    {
      name: "status",
      label: "Status",
      options: AGREEMENT_STATUSES.map((s) => ({ value: s, label: AGREEMENT_STATUS_LABELS[s] })),
      all: "All statuses",
    },
    ...(side === "admin"
      ? []
      : [
          {
            name: "organizationId",
            label: words.other,
            options: (others.data?.items ?? []).map((o) => ({ value: o.id, label: o.name })),
            all: side === "program" ? "All facilities" : "All programs",
          },
        ]),
    {
      name: "expiringWithin",
      label: "Ending within",
      options: EXPIRING_WITHIN.map((d) => ({ value: d, label: `${d} days` })),
      all: "Any time",
    },
    {
      name: "sort",
      label: "Sort by",
      options: SORT_OPTIONS,
      value: `${sort}:${order}`,
      onChange: (choice) => {
        const [key, next] = choice.split(":");
        params.set({ sort: key ?? "endDate", order: next ?? "asc" });
      },
    },
  ];

  const open = (agreement: Agreement | null) => setDialog({ open: true, agreement });
  const columns: Column<Agreement>[] = [
    {
      id: "title",
      header: "Agreement",
      sortKey: "title",
      cell: (a) => (
        <Stacked
          primary={
            <button
              type="button"
              className="text-left font-medium text-primary underline-offset-4 hover:underline"
              onClick={() => open(a)}
            >
              {a.title}
            </button>
          }
          secondary={side === "admin" ? `${a.program.name} · ${a.facility.name}` : undefined}
          note={a.autoRenew ? "Renews automatically" : undefined}
        />
      ),
    },
    {
      id: "other",
      header: words.other,
      hidden: side === "admin",
      cell: (a) => (side === "program" ? a.facility.name : a.program.name),
    },
    {
      id: "status",
      header: "Status",
      cell: (a) => <AgreementStatusBadge status={a.status} daysLeft={a.daysLeft} awaiting={a.awaiting} />,
    },
    {
      id: "dates",
      header: "In force",
      sortKey: "endDate",
      className: "whitespace-nowrap",
      cell: (a) => (
        <DateSpan
          start={a.startDate}
          end={a.endDate}
          note={a.terminatedOn ? `Terminated ${a.terminatedOn}` : undefined}
        />
      ),
    },
    {
      id: "document",
      header: "Signed copy",
      cell: (a) =>
        a.document ? (
          <span className="inline-flex items-center gap-1 text-sm">
            <FileText className="size-4" aria-hidden /> Uploaded
          </span>
        ) : (
          <span className="text-sm text-muted-foreground">Missing</span>
        ),
    },
    {
      id: "actions",
      header: actionsHeader,
      actions: true,
      cell: (a) => (
        <Button variant="outline" size="sm" onClick={() => open(a)} aria-label={`Open ${a.title}`}>
          Open
        </Button>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Affiliation Agreements"
        description={words.description}
        actions={
          <Button onClick={() => open(null)}>
            <Plus aria-hidden /> New agreement
          </Button>
        }
      />
      {side === "facility" ? <RequireAgreementSetting facilityId={params.param("facility")} /> : null}
      <StatusCounts counts={list.data?.byStatus} failed={list.isError} onPick={(s) => params.set({ status: s })} />
      <div className="mt-4 grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4">
        <FilterBar
          label="Filter agreements"
          params={params}
          search="Title or organization"
          fields={fields}
          className="sm:grid-cols-2 lg:grid-cols-5"
        />
        <div className="flex flex-wrap items-center justify-end gap-2">
          <ExportCsvButton url={agreementsExportUrl(filter)} name="agreements" />
        </div>
        <ListResults query={list} copy={COPY} params={params}>
          {(data) => (
            <ListTable
              label="Affiliation agreements"
              rows={data.items}
              rowKey={(a) => a.id}
              columns={columns}
              sort={{
                key: sort === "startDate" || sort === "updatedAt" ? "" : sort,
                order,
                onSort: (key) => params.set({ sort: key, order: key === sort && order === "asc" ? "desc" : "asc" }),
              }}
            />
          )}
        </ListResults>
      </div>
      <AgreementDialog
        side={side}
        viewedAs={viewedAs}
        agreement={dialog.agreement}
        open={dialog.open}
        onOpenChange={(next) => setDialog((d) => ({ ...d, open: next }))}
      />
    </>
  );
}

/** How many agreements in each status (all of the caller's, whatever the filters); a click filters. */
function StatusCounts({
  counts,
  failed,
  onPick,
}: {
  counts?: Record<AgreementStatus, number>;
  failed: boolean;
  onPick: (status: AgreementStatus) => void;
}) {
  return (
    <section aria-label="Agreements by status" aria-busy={!counts && !failed} className="mt-4">
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {AGREEMENT_STATUSES.map((s) => (
          <li key={s}>
            <button
              type="button"
              onClick={() => onPick(s)}
              className="w-full rounded-lg border border-border bg-white p-3 text-left hover:bg-muted"
              aria-label={`${AGREEMENT_STATUS_LABELS[s]}: ${counts ? counts[s] : "loading"}. Show these`}
            >
              {/* The space keeps the text "Active 3", as the name begins (the spans are blocks). */}
              <span className="block text-sm text-muted-foreground">{AGREEMENT_STATUS_LABELS[s]}</span>{" "}
              <span className="block text-2xl font-semibold">{counts ? counts[s] : failed ? "–" : "…"}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

export const ProgramAgreementsPage = () => <AgreementsPage side="program" />;
export const FacilityAgreementsPage = () => <AgreementsPage side="facility" />;
export const AdminAgreementsPage = () => <AgreementsPage side="admin" />;
