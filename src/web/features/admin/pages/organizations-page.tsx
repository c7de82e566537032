import { useQuery } from "@tanstack/react-query";
import { Building2, GraduationCap, SearchX } from "lucide-react";
import { Link } from "react-router";
import { ExportCsvButton } from "@/web/components/list-page/export-csv-button";
import { FilterBar, type FilterField } from "@/web/components/list-page/filter-bar";
import type { ListCopy } from "@/web/components/list-page/list-results";
import { actionsHeader, type Column } from "@/web/components/list-page/list-table";
import { ListView } from "@/web/components/list-page/list-view";
import { oneOf, useListParams } from "@/web/components/list-page/use-list-params";
import { Badge } from "@/web/components/ui/badge";
import { PageHeader } from "@/web/components/ui/page-header";
import { formatDate } from "@/web/lib/format";
import {
  type Organization,
  type OrganizationFilter,
  type OrganizationKind,
  organizationsExportUrl,
  organizationsQuery,
  type VerificationStatus,
} from "../api";
import { AddOrganizationButton } from "../components/add-organization-button";
import { DecisionButton } from "../components/organization-decision-button";
import { SuspendOrganizationButton } from "../components/suspend-organization-button";

const STATUSES = ["pending", "verified", "rejected"] as const;
const STATUS_BADGE = { pending: "warning", verified: "success", rejected: "destructive" } as const;
const STATUS_LABEL = { pending: "Pending", verified: "Verified", rejected: "Rejected" } as const;
const FIELDS: FilterField[] = [
  {
    name: "status",
    label: "Status",
    options: STATUSES.map((s) => ({ value: s, label: STATUS_LABEL[s] })),
    all: "All (pending first)",
  },
];
const GRID = "sm:grid-cols-[2fr_1fr]";

const COPY = {
  program: {
    title: "Programs",
    description: "Nursing programs on the platform: verify new ones so they can submit applications",
    noun: "program",
    plural: "programs",
    countLabel: "Students",
    icon: GraduationCap,
  },
  facility: {
    title: "Facilities",
    description: "Healthcare facilities on the platform: verify new ones so they can receive applications",
    noun: "facility",
    plural: "facilities",
    countLabel: "Active placements",
    icon: Building2,
  },
} as const;

/** The list's words, in the kind's nouns. */
function listCopy(kind: OrganizationKind): ListCopy {
  const { title, noun, plural, icon } = COPY[kind];
  return {
    what: plural,
    loading: `Loading ${plural}...`,
    empty: {
      icon,
      title: `No ${plural} yet`,
      body: <p>{title} appear here when their coordinators sign up or an administrator adds one.</p>,
    },
    noMatch: { icon: SearchX, title: `No ${plural} match`, body: `No ${noun} matches these filters.` },
  };
}

const columns = (kind: OrganizationKind): Column<Organization>[] => [
  {
    id: "name",
    header: "Name",
    className: "font-medium",
    cell: (o) => (
      <Link className="underline" to={`/dashboard/admin/${kind === "program" ? "programs" : "facilities"}/${o.id}`}>
        {o.name}
      </Link>
    ),
  },
  {
    id: "location",
    header: "Location",
    cell: (o) =>
      [o.city, o.state].filter(Boolean).join(", ") || <span className="text-muted-foreground">Not given</span>,
  },
  {
    id: "status",
    header: "Status",
    cell: (o) => (
      <span className="flex flex-wrap gap-1">
        <Badge variant={STATUS_BADGE[o.status]}>{STATUS_LABEL[o.status]}</Badge>
        {o.suspendedAt ? <Badge variant="destructive">Suspended</Badge> : null}
      </span>
    ),
  },
  { id: "coordinators", header: "Coordinators", cell: (o) => o.coordinators },
  {
    id: "count",
    header: COPY[kind].countLabel,
    cell: (o) => (kind === "program" ? o.students : o.activePlacements),
  },
  { id: "joined", header: "Joined", className: "whitespace-nowrap", cell: (o) => formatDate(o.createdAt) },
  {
    id: "actions",
    header: actionsHeader,
    actions: true,
    cell: (o) => <div className="flex flex-wrap justify-end gap-2">{rowActions(o)}</div>,
  },
];

/**
 * What fits where the organization stands: a pending one is verified or rejected, a verified one
 * suspended, a rejected one may still be verified; a suspended one is reinstated.
 */
function rowActions(o: Organization) {
  const decide = (decision: "verify" | "reject") => (
    <DecisionButton key={decision} id={o.id} name={o.name} decision={decision} from={o.status} />
  );
  const suspension = (suspended: boolean) => (
    <SuspendOrganizationButton key="suspension" id={o.id} name={o.name} suspended={suspended} size="sm" />
  );
  const status: VerificationStatus = o.status;
  switch (status) {
    case "pending":
      return [decide("verify"), decide("reject"), o.suspendedAt ? suspension(true) : null];
    case "verified":
      return suspension(o.suspendedAt !== null);
    case "rejected":
      return [decide("verify"), o.suspendedAt ? suspension(true) : null];
    default:
      return status satisfies never;
  }
}

/** D2: an administrator's list of nursing programs or facilities, to verify or reject the pending ones. */
export function OrganizationsPage({ kind }: { kind: OrganizationKind }) {
  const copy = COPY[kind];
  const search = { label: `Search ${copy.plural}`, placeholder: "Name, city or state" };
  const params = useListParams({ status: "" });
  const exportFilter: Omit<OrganizationFilter, "page"> = {
    kind,
    status: oneOf(params.filters.status, STATUSES),
    search: params.search || undefined,
  };
  const list = useQuery(organizationsQuery({ ...exportFilter, page: params.page }));

  return (
    <>
      <PageHeader
        title={copy.title}
        description={copy.description}
        actions={
          <>
            <AddOrganizationButton kind={kind} />
            <ExportCsvButton url={organizationsExportUrl(exportFilter)} name={copy.plural} />
          </>
        }
      />

      <FilterBar label={`Filter ${copy.plural}`} params={params} search={search} fields={FIELDS} className={GRID} />
      <ListView query={list} copy={listCopy(kind)} params={params} label={copy.title} columns={columns(kind)} />
    </>
  );
}

export const ProgramsPage = () => <OrganizationsPage kind="program" />;
export const FacilitiesPage = () => <OrganizationsPage kind="facility" />;
