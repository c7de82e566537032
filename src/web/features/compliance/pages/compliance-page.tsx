import { useQuery } from "@tanstack/react-query";
import { BellRing, FileCheck2, Inbox, SearchX, Users } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { toast } from "sonner";
import { COMPLIANCE_LABELS, COMPLIANCE_STATUSES } from "@/domain/students";
import { ComplianceBadge } from "@/web/components/compliance-badge";
import { Stacked } from "@/web/components/list-page/cells";
import { ExportCsvButton } from "@/web/components/list-page/export-csv-button";
import { FilterBar, type FilterField } from "@/web/components/list-page/filter-bar";
import { type ListCopy, ListResults } from "@/web/components/list-page/list-results";
import { type Column, ListTable } from "@/web/components/list-page/list-table";
import { oneOf, useListParams } from "@/web/components/list-page/use-list-params";
import { Button } from "@/web/components/ui/button";
import { PageHeader } from "@/web/components/ui/page-header";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/web/components/ui/tabs";
import { formatDate } from "@/web/lib/format";
import {
  COMPLIANCE_SORTS,
  type ComplianceSort,
  type ComplianceStudentsFilter,
  complianceStudentsExportUrl,
  complianceStudentsQuery,
  EXPIRING_WITHIN,
  requirementTypesQuery,
  reviewQueueQuery,
  useRemind,
} from "../api";
import { DocumentPreview } from "../components/document-preview";
import { studentName } from "../components/format";
import { RequirementsSettings } from "../components/requirements-settings";
import { ReviewActions } from "../components/review-actions";
import type { ComplianceStudentRow, ComplianceSummary, ReviewQueueRow } from "../types";

const TABS = ["students", "review", "requirements"] as const;

/** /compliance: the program's students by compliance, the documents waiting for review, and its requirements. */
export default function CompliancePage() {
  const [search, setSearch] = useSearchParams();
  const tab = oneOf(search.get("tab") ?? "", TABS) ?? "students";
  const programId = search.get("program") ?? undefined;
  const summaryQuery = useQuery(complianceStudentsQuery({ page: 1, programId }));
  const summary = summaryQuery.data?.summary;
  const setTab = (next: string) =>
    setSearch(
      (prev) => {
        const p = new URLSearchParams();
        // Each tab has its own list parameters: only the scope travels between them.
        const program = prev.get("program");
        if (program) p.set("program", program);
        if (next !== "students") p.set("tab", next);
        return p;
      },
      { replace: true },
    );

  return (
    <>
      <PageHeader
        title="Compliance"
        description="Your students' immunizations, certifications and checks: who is ready, what expires, what waits for review"
      />
      <SummaryCards summary={summary} failed={summaryQuery.isError} />
      <Tabs value={tab} onValueChange={setTab} className="mt-6">
        <TabsList className="flex-wrap sm:w-auto">
          <TabsTrigger value="students">Students</TabsTrigger>
          <TabsTrigger value="review">Waiting for review{summary ? ` (${summary.awaitingReview})` : ""}</TabsTrigger>
          <TabsTrigger value="requirements">Requirements</TabsTrigger>
        </TabsList>
        <TabsContent value="students">
          <StudentsList programId={programId} />
        </TabsContent>
        <TabsContent value="review">
          <ReviewQueue programId={programId} />
        </TabsContent>
        <TabsContent value="requirements">
          <RequirementsSettings scope="program" ownerId={programId} />
        </TabsContent>
      </Tabs>
    </>
  );
}

const SUMMARY: { key: keyof ComplianceSummary; label: string }[] = [
  { key: "compliant", label: COMPLIANCE_LABELS.compliant },
  { key: "pending", label: COMPLIANCE_LABELS.pending },
  { key: "incomplete", label: COMPLIANCE_LABELS.incomplete },
  { key: "expiring30", label: "Expiring in 30 days" },
  { key: "expiring60", label: "Expiring in 60 days" },
  { key: "expiring90", label: "Expiring in 90 days" },
  { key: "awaitingReview", label: "Awaiting review" },
];

function SummaryCards({ summary, failed }: { summary?: ComplianceSummary; failed: boolean }) {
  return (
    <section aria-label="Compliance summary" aria-busy={!summary && !failed}>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 xl:grid-cols-7">
        {SUMMARY.map(({ key, label }) => (
          <div key={key} className="rounded-lg border border-border bg-white p-3">
            <dt className="text-sm text-muted-foreground">{label}</dt>
            <dd className="text-2xl font-semibold">{summary ? summary[key] : failed ? "–" : "…"}</dd>
          </div>
        ))}
      </dl>
      {failed ? <p className="mt-2 text-sm text-destructive">Could not load the summary.</p> : null}
    </section>
  );
}

// ---- Students ----

const SORT_OPTIONS = [
  { value: "name:asc", label: "Name (A–Z)" },
  { value: "name:desc", label: "Name (Z–A)" },
  { value: "status:asc", label: "Status" },
  { value: "nextExpiry:asc", label: "Next expiry (soonest first)" },
];

const STUDENTS_COPY: ListCopy = {
  what: "students",
  loading: "Loading students...",
  empty: {
    icon: Users,
    title: "No students yet",
    body: "Students appear here once they are on your roster.",
  },
  noMatch: { icon: SearchX, title: "No students match", body: "No student matches these filters." },
};

function StudentsList({ programId }: { programId?: string }) {
  const params = useListParams(
    { status: "", expiringWithin: "", requirementTypeId: "", sort: "name", order: "" },
    { keep: ["sort", "order"] },
  );
  const types = useQuery(requirementTypesQuery);
  const f = params.filters;
  const sort: ComplianceSort = oneOf(f.sort, COMPLIANCE_SORTS) ?? "name";
  const order = oneOf(f.order, ["asc", "desc"] as const) ?? "asc";
  const filter: Omit<ComplianceStudentsFilter, "page"> = {
    search: params.search,
    status: oneOf(f.status, COMPLIANCE_STATUSES),
    expiringWithin: oneOf(f.expiringWithin, EXPIRING_WITHIN),
    requirementTypeId: f.requirementTypeId,
    sort,
    order,
    programId,
  };
  const list = useQuery(complianceStudentsQuery({ ...filter, page: params.page }));
  const [selected, setSelected] = useState<Set<string>>(new Set());

  const fields: FilterField[] = [
    {
      name: "status",
      label: "Status",
      options: COMPLIANCE_STATUSES.map((s) => ({ value: s, label: COMPLIANCE_LABELS[s] })),
      all: "All statuses",
    },
    {
      name: "expiringWithin",
      label: "Expiring within",
      options: EXPIRING_WITHIN.map((d) => ({ value: d, label: `${d} days` })),
      all: "Any time",
    },
    {
      name: "requirementTypeId",
      label: "Requirement",
      options: (types.data ?? []).map((t) => ({ value: t.id, label: t.name })),
      all: "All requirements",
    },
    {
      name: "sort",
      label: "Sort by",
      options: SORT_OPTIONS,
      value: `${sort}:${order}`,
      onChange: (choice) => {
        const [key, next] = choice.split(":");
        params.set({ sort: key ?? "name", order: next ?? "asc" });
      },
    },
  ];

  const rows = list.data?.items ?? [];
  const toggle = (id: string, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const allOnPage = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const toggleAll = (on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      for (const r of rows) {
        if (on) next.add(r.id);
        else next.delete(r.id);
      }
      return next;
    });

  const columns: Column<ComplianceStudentRow>[] = [
    {
      id: "select",
      header: (
        <input
          type="checkbox"
          className="size-4 accent-primary"
          aria-label="Select every student on this page"
          checked={allOnPage}
          onChange={(e) => toggleAll(e.target.checked)}
        />
      ),
      cell: (s) => (
        <input
          type="checkbox"
          className="size-4 accent-primary"
          aria-label={`Select ${studentName(s)}`}
          checked={selected.has(s.id)}
          onChange={(e) => toggle(s.id, e.target.checked)}
        />
      ),
    },
    {
      id: "name",
      header: "Student",
      sortKey: "name",
      cell: (s) => (
        <Stacked
          primary={
            <Link className="text-primary underline-offset-4 hover:underline" to={`/students/${s.id}/compliance`}>
              {studentName(s)}
            </Link>
          }
          secondary={<span className="break-all">{s.email}</span>}
        />
      ),
    },
    { id: "status", header: "Status", sortKey: "status", cell: (s) => <ComplianceBadge status={s.complianceStatus} /> },
    {
      id: "items",
      header: "Items",
      cell: (s) => <Stacked primary={`${s.approved} of ${s.required} approved`} note={itemNotes(s)} />,
    },
    {
      id: "nextExpiry",
      header: "Next expiry",
      sortKey: "nextExpiry",
      className: "whitespace-nowrap",
      cell: (s) => (s.nextExpiry ? formatDate(s.nextExpiry) : <span className="text-muted-foreground">None</span>),
    },
  ];

  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4">
      <FilterBar
        label="Filter students by compliance"
        params={params}
        search="Name or email"
        fields={fields}
        className="sm:grid-cols-2 lg:grid-cols-5"
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <RemindButton selected={[...selected]} onSent={() => setSelected(new Set())} />
        <ExportCsvButton url={complianceStudentsExportUrl(filter)} name="compliance" />
      </div>
      <ListResults query={list} copy={STUDENTS_COPY} params={params}>
        {(data) => (
          <ListTable
            label="Students by compliance"
            rows={data.items}
            rowKey={(s) => s.id}
            columns={columns}
            sort={{
              key: sort,
              order,
              onSort: (key) => params.set({ sort: key, order: key === sort && order === "asc" ? "desc" : "asc" }),
            }}
          />
        )}
      </ListResults>
    </div>
  );
}

function itemNotes(s: ComplianceStudentRow): ReactNode {
  const parts = [
    s.submitted ? `${s.submitted} awaiting review` : null,
    s.missing ? `${s.missing} missing` : null,
    s.rejected ? `${s.rejected} rejected` : null,
    s.expired ? `${s.expired} expired` : null,
    s.expiringSoon ? `${s.expiringSoon} expiring soon` : null,
  ].filter(Boolean);
  return parts.length ? parts.join(" · ") : null;
}

/** Bulk "Send reminder": one mail per student listing what is missing or expiring (at most one a day). */
function RemindButton({ selected, onSent }: { selected: string[]; onSent: () => void }) {
  const remind = useRemind();
  const n = selected.length;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        variant="outline"
        disabled={n === 0 || remind.isPending}
        onClick={() =>
          remind.mutate(selected, {
            onSuccess: ({ queued }) => {
              toast.success(`Reminders sent to ${queued} student${queued === 1 ? "" : "s"}`);
              onSent();
            },
          })
        }
      >
        <BellRing aria-hidden /> {remind.isPending ? "Sending..." : "Send reminder"}
      </Button>
      <span className="text-sm text-muted-foreground" aria-live="polite">
        {n === 0 ? "Select students to remind" : `${n} selected`}
      </span>
    </div>
  );
}

// ---- Waiting for review ----

const REVIEW_COPY: ListCopy = {
  what: "the documents waiting for review",
  loading: "Loading documents...",
  empty: {
    icon: Inbox,
    title: "Nothing waits for review",
    body: "Documents your students upload appear here until you approve or reject them.",
  },
};

function ReviewQueue({ programId }: { programId?: string }) {
  const params = useListParams({}, { prefix: "review" });
  const queue = useQuery(reviewQueueQuery({ page: params.page, programId }));
  return (
    <ListResults query={queue} copy={REVIEW_COPY} params={params} paginationLabel="Review queue pages">
      {(data) => (
        <ul className="grid gap-3 xl:grid-cols-2" aria-label="Documents waiting for review">
          {data.items.map((row) => (
            <li key={row.document.id}>
              <QueueCard row={row} />
            </li>
          ))}
        </ul>
      )}
    </ListResults>
  );
}

function QueueCard({ row }: { row: ReviewQueueRow }) {
  const name = studentName(row.student);
  const doc = row.document;
  const what = `${name}'s ${row.typeName} document`;
  return (
    <article className="grid gap-3 rounded-lg border border-border bg-white p-4" aria-label={what}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="font-semibold">{row.typeName}</h3>
          <p className="text-sm">
            <Link
              className="text-primary underline-offset-4 hover:underline"
              to={`/students/${row.student.id}/compliance`}
            >
              {name}
            </Link>
          </p>
        </div>
        <FileCheck2 className="size-5 text-slate-500" aria-hidden />
      </div>
      <p className="text-sm text-muted-foreground">
        Uploaded {formatDate(doc.uploadedAt)}
        {doc.uploadedBy ? ` by ${doc.uploadedBy.name}` : ""}
        {doc.issuedOn ? ` · issued ${formatDate(doc.issuedOn)}` : ""}
        {doc.expiresOn ? ` · expires ${formatDate(doc.expiresOn)}` : ""}
      </p>
      <DocumentPreview document={doc} label={what} />
      <ReviewActions documentId={doc.id} what={what} />
    </article>
  );
}
