import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ChevronDown, ChevronRight, History, SearchX } from "lucide-react";
import { Fragment, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { ExportCsvButton } from "@/web/components/list-page/export-csv-button";
import { DateField, FilterBar, type FilterField } from "@/web/components/list-page/filter-bar";
import { type ListCopy, ListResults } from "@/web/components/list-page/list-results";
import { useListParams } from "@/web/components/list-page/use-list-params";
import { Button } from "@/web/components/ui/button";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/input";
import { PageHeader } from "@/web/components/ui/page-header";
import { Select } from "@/web/components/ui/select";
import { Table, TBody, TD, TH, THead, TR } from "@/web/components/ui/table";
import type { OrganizationKind } from "../api";
import {
  type AuditEntry,
  type AuditFilter,
  auditActionsQuery,
  auditExportUrl,
  auditQuery,
  useAuditStream,
} from "../audit-api";
import { actorLabel, pastSummary, recordHref, recordLabel } from "../audit-words";
import { AuditEntryDetails } from "../components/audit-entry-details";
import { OrganizationPicker } from "../components/organization-picker";

const COPY: ListCopy = {
  what: "the audit trail",
  loading: "Loading the audit trail...",
  empty: { icon: History, title: "Nothing recorded yet", body: <p>Every change and sign-in appears here.</p> },
  noMatch: { icon: SearchX, title: "No entries match", body: "No entry matches these filters." },
};

const RECORD_TYPES = ["applications", "students", "placements", "organizations", "users", "messages", "compliance"];
const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "medium" });

/** Issue 14: administrators browse every change and sign-in, filter it, watch it live and export it. */
export default function AuditPage() {
  const params = useListParams({ action: "", entityType: "", actor: "", organizationId: "", from: "", to: "" });
  const f = params.filters;
  const filter: AuditFilter = {
    // "Failed sign-ins" is its own choice: the API's failedSignIns flag.
    action: f.action === "failed" ? undefined : f.action,
    failedSignIns: f.action === "failed",
    entityType: f.entityType,
    actor: f.actor,
    organizationId: f.organizationId,
    from: f.from,
    to: f.to,
    search: params.search,
  };
  const list = useQuery(auditQuery({ ...filter, page: params.page }));
  const actions = useQuery(auditActionsQuery());
  const queryClient = useQueryClient();

  // New entries refresh the list (coalesced: a burst of writes is one refetch).
  const refreshTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const refresh = () => {
    refreshTimer.current ??= setTimeout(() => {
      refreshTimer.current = undefined;
      void queryClient.invalidateQueries({ queryKey: ["admin", "audit"] });
    }, 500);
  };
  useAuditStream({ onEntry: refresh, onResync: refresh });

  const fields: FilterField[] = [
    {
      name: "action",
      label: "Action",
      all: "All actions",
      options: [
        { value: "failed", label: "Failed sign-ins" },
        { value: "auth.", label: "Every sign-in and account event" },
        ...(actions.data?.items ?? []).map((a) => ({ value: a, label: a })),
      ],
    },
    {
      name: "entityType",
      label: "Record",
      all: "Every record",
      options: RECORD_TYPES.map((t) => ({ value: t, label: recordLabel(t) })),
    },
  ];

  return (
    <>
      <PageHeader
        title="Audit Trail"
        description="Every change and sign-in on the platform: who, as whom, what, which record, when and from where"
        actions={<ExportCsvButton url={auditExportUrl(filter)} name="audit-trail" />}
      />
      <FilterBar
        label="Filter the audit trail"
        params={params}
        search={{ placeholder: "Summary or email", label: "Search" }}
        fields={fields}
        className="sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-6"
      >
        <ActorField value={f.actor} onChange={(actor) => params.set({ actor })} />
        <DateField name="from" label="From" max={f.to} />
        <DateField name="to" label="To" min={f.from} />
        <OrganizationField
          organizationId={f.organizationId}
          onChange={(organizationId) => params.set({ organizationId })}
        />
      </FilterBar>
      <ListResults query={list} copy={COPY} params={params} paginationLabel="Audit trail pages">
        {(data) => <AuditTable rows={data.items} onActor={(actor) => params.set({ actor })} />}
      </ListResults>
    </>
  );
}

/**
 * Who acted, by email (or account id): applied when the person leaves the box or presses Enter, so
 * a half-typed address never filters the list. Clicking a name in the table fills it too.
 */
function ActorField({ value, onChange }: { value: string; onChange: (actor: string) => void }) {
  const id = useId();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const apply = () => {
    if (text.trim() !== value) onChange(text.trim());
  };
  return (
    <Field id={id} label="Person">
      <Input
        id={id}
        type="search"
        placeholder="Email, then Enter"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onBlur={apply}
        onKeyDown={(e) => {
          if (e.key === "Enter") apply();
        }}
      />
    </Field>
  );
}

/**
 * One organization's entries: pick a program or a facility by name (the organization detail page's
 * "Recent activity" links here with its id too); clear to see every organization again.
 */
function OrganizationField({
  organizationId,
  onChange,
}: {
  organizationId: string;
  onChange: (organizationId: string) => void;
}) {
  const kindId = useId();
  const [kind, setKind] = useState<OrganizationKind>("program");
  const [name, setName] = useState<string | null>(null);
  if (organizationId) {
    return (
      <div className="col-span-full flex flex-wrap items-center gap-2 text-sm">
        <span className="text-muted-foreground">Showing the entries of {name ?? "one organization"}.</span>
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={() => {
            setName(null);
            onChange("");
          }}
        >
          Every organization
        </Button>
      </div>
    );
  }
  return (
    <div className="col-span-full grid gap-3 sm:grid-cols-[12rem_minmax(0,1fr)]">
      <Field id={kindId} label="Organization kind">
        <Select id={kindId} value={kind} onChange={(e) => setKind(e.target.value as OrganizationKind)}>
          <option value="program">Programs</option>
          <option value="facility">Facilities</option>
        </Select>
      </Field>
      <OrganizationPicker
        key={kind}
        kind={kind}
        label={kind === "program" ? "Program" : "Facility"}
        onPick={(org) => {
          setName(org.name);
          onChange(org.id);
        }}
      />
    </div>
  );
}

function AuditTable({ rows, onActor }: { rows: AuditEntry[]; onActor: (actor: string) => void }) {
  const [open, setOpen] = useState<Set<number>>(new Set());
  const toggle = (id: number) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <Table aria-label="Audit trail">
      <THead>
        <tr>
          <TH>Time</TH>
          <TH>Who</TH>
          <TH>Action</TH>
          <TH>Record</TH>
          <TH>Address</TH>
          <TH>
            <span className="sr-only">Details</span>
          </TH>
        </tr>
      </THead>
      <TBody>
        {rows.map((e) => {
          const expanded = open.has(e.id);
          const href = recordHref(e);
          return (
            <Fragment key={e.id}>
              <TR data-testid="audit-row">
                <TD className="whitespace-nowrap">
                  <time dateTime={e.at}>{timeFormat.format(new Date(e.at))}</time>
                </TD>
                <TD>
                  {e.actorId || e.actorEmail ? (
                    <button
                      type="button"
                      className="text-left font-medium hover:underline focus-visible:outline-2 focus-visible:outline-primary"
                      title="Show only this person's entries"
                      onClick={() => onActor(e.actorId ?? e.actorEmail!)}
                    >
                      {actorLabel(e)}
                    </button>
                  ) : (
                    <span className="font-medium">{actorLabel(e)}</span>
                  )}
                  {e.actorEmail && e.actorName ? (
                    <div className="text-xs text-muted-foreground">{e.actorEmail}</div>
                  ) : null}
                  {!e.actorEmail && typeof e.detail?.email === "string" ? (
                    <div className="text-xs text-muted-foreground">tried {e.detail.email}</div>
                  ) : null}
                  {e.actingAs ? (
                    <div className="text-xs text-muted-foreground">as {e.actingAsName ?? e.actingAs}</div>
                  ) : null}
                </TD>
                <TD className="min-w-48">{pastSummary(e.summary).replace(/^./, (c) => c.toUpperCase())}</TD>
                <TD>
                  {e.entityType ? (
                    <div className="text-xs text-muted-foreground">{recordLabel(e.entityType)}</div>
                  ) : null}
                  {href ? (
                    <Link to={href} className="text-primary hover:underline">
                      {e.recordName}
                    </Link>
                  ) : (
                    (e.recordName ?? null)
                  )}
                </TD>
                <TD className="whitespace-nowrap font-mono text-xs">{e.ip ?? ""}</TD>
                <TD>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-expanded={expanded}
                    aria-controls={`audit-${e.id}`}
                    onClick={() => toggle(e.id)}
                  >
                    {expanded ? <ChevronDown aria-hidden /> : <ChevronRight aria-hidden />}
                    Details
                    <span className="sr-only"> of entry {e.id}</span>
                  </Button>
                </TD>
              </TR>
              {expanded ? (
                <tr id={`audit-${e.id}`} className="bg-slate-50">
                  <td colSpan={6} className="px-4 py-4">
                    <AuditEntryDetails entry={e} />
                  </td>
                </tr>
              ) : null}
            </Fragment>
          );
        })}
      </TBody>
    </Table>
  );
}
