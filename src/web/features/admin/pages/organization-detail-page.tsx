import { useQuery } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { Link, useParams } from "react-router";
import { LoadError } from "@/web/components/list-page/load-error";
import { Badge } from "@/web/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Loading } from "@/web/components/ui/loading";
import { PageHeader } from "@/web/components/ui/page-header";
import { Table, TBody, TD, TH, THead, TR } from "@/web/components/ui/table";
import { formatDate, formatDateTime } from "@/web/lib/format";
import { type OrganizationDetail, type OrganizationKind, organizationDetailQuery } from "../api";
import { DecisionButton } from "../components/organization-decision-button";
import { SuspendOrganizationButton } from "../components/suspend-organization-button";

const STATUS_BADGE = { pending: "warning", verified: "success", rejected: "destructive" } as const;
const STATUS_LABEL = { pending: "Pending verification", verified: "Verified", rejected: "Rejected" } as const;
const LIST = { program: "/dashboard/admin/programs", facility: "/dashboard/admin/facilities" } as const;
const LIST_NAME = { program: "Programs", facility: "Facilities" } as const;

/** A figure with its label, as the dashboards show them. */
function Stat({ label, value }: { label: string; value: number | string }) {
  return (
    <div className="rounded-md border border-border p-3">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-2xl font-semibold">{value}</dd>
    </div>
  );
}

function Counts({ org }: { org: OrganizationDetail }) {
  const a = org.applications;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Figures</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {org.program ? (
            <>
              <Stat label="Active students" value={org.program.students} />
              <Stat label="Students placed" value={org.program.placedStudents} />
              <Stat
                label="Placement rate"
                value={org.program.placementRate === null ? "No students" : `${org.program.placementRate}%`}
              />
            </>
          ) : null}
          {org.facility ? (
            <>
              <Stat label="Departments" value={org.facility.departments} />
              <Stat label="Active placements" value={org.facility.activePlacements} />
              <Stat label="Seats filled" value={`${org.facility.seatsFilled} of ${org.facility.seats}`} />
            </>
          ) : null}
          <Stat label="Applications pending" value={a.pending} />
          <Stat label="Applications approved" value={a.approved} />
          <Stat label="Applications rejected" value={a.rejected} />
          <Stat label="Applications withdrawn" value={a.withdrawn} />
        </dl>
      </CardContent>
    </Card>
  );
}

function Coordinators({ org }: { org: OrganizationDetail }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Coordinators</CardTitle>
      </CardHeader>
      <CardContent>
        {org.coordinators.length === 0 ? (
          <p className="text-muted-foreground">No coordinator yet.</p>
        ) : (
          <div className="overflow-x-auto">
            <Table>
              <THead>
                <TR>
                  <TH>Name</TH>
                  <TH>Email</TH>
                  <TH>Joined</TH>
                </TR>
              </THead>
              <TBody>
                {org.coordinators.map((c) => (
                  <TR key={c.userId}>
                    <TD className="font-medium">{c.name}</TD>
                    <TD className="break-all">
                      <a className="underline" href={`mailto:${c.email}`}>
                        {c.email}
                      </a>
                    </TD>
                    <TD className="whitespace-nowrap">{formatDate(c.joinedAt)}</TD>
                  </TR>
                ))}
              </TBody>
            </Table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** Where an audit entry's record can be opened, when the portal has a page for it (as the organization). */
function entityLink(org: OrganizationDetail, e: OrganizationDetail["activity"][number]) {
  if (!e.entityId) return null;
  const as = org.kind === "program" ? `program=${org.id}` : `facility=${org.id}`;
  switch (e.entityType) {
    case "students":
      return `/students/${e.entityId}?${as}`;
    case "organization":
      return null; // this page
    case "applications":
      return org.kind === "program" ? `/applications?${as}` : `/dashboard/facility/applications?${as}`;
    case "placements":
      return org.kind === "facility" ? `/dashboard/facility/placements?${as}` : null;
    default:
      return null;
  }
}

function Activity({ org }: { org: OrganizationDetail }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Recent activity</CardTitle>
      </CardHeader>
      <CardContent>
        {org.activity.length === 0 ? (
          <p className="text-muted-foreground">Nothing recorded for this organization yet.</p>
        ) : (
          <ol className="divide-y divide-border">
            {org.activity.map((e) => {
              const href = entityLink(org, e);
              return (
                <li key={e.id} className="flex flex-col gap-1 py-2 sm:flex-row sm:items-baseline sm:gap-4">
                  <time dateTime={e.at} className="shrink-0 text-sm text-muted-foreground sm:w-44">
                    {formatDateTime(e.at)}
                  </time>
                  <span className="min-w-0 flex-1 break-words">
                    {href ? (
                      <Link className="underline" to={href}>
                        {e.summary}
                      </Link>
                    ) : (
                      e.summary
                    )}
                    <span className="text-sm text-muted-foreground"> by {e.actorEmail ?? "the system"}</span>
                  </span>
                </li>
              );
            })}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

/** Issue 14: one program or facility as an administrator sees it, with suspend and reinstate. */
export function OrganizationDetailPage({ kind }: { kind: OrganizationKind }) {
  const { id = "" } = useParams();
  const query = useQuery(organizationDetailQuery(id));
  const back = (
    <Link to={LIST[kind]} className="mb-4 inline-flex items-center gap-1 text-sm underline">
      <ArrowLeft className="size-4" aria-hidden /> {LIST_NAME[kind]}
    </Link>
  );
  if (query.isPending) return <Loading label="Loading organization..." />;
  if (query.isError)
    return (
      <>
        {back}
        <h1 className="mb-4 text-2xl font-bold">{kind === "program" ? "Nursing program" : "Healthcare facility"}</h1>
        <LoadError what="this organization" query={query} />
      </>
    );
  const org = query.data;
  const location = [org.city, org.state].filter(Boolean).join(", ");
  return (
    <>
      {back}
      <PageHeader
        title={org.name}
        description={`${org.kind === "program" ? "Nursing program" : "Healthcare facility"}${location ? ` in ${location}` : ""}, on the platform since ${formatDate(org.createdAt)}`}
        actions={
          <>
            {org.status !== "verified" ? (
              <DecisionButton id={org.id} name={org.name} decision="verify" from={org.status} />
            ) : null}
            {org.status !== "rejected" ? (
              <DecisionButton id={org.id} name={org.name} decision="reject" from={org.status} />
            ) : null}
            <SuspendOrganizationButton id={org.id} name={org.name} suspended={org.suspendedAt !== null} />
          </>
        }
      />
      <div className="mb-6 flex flex-wrap items-center gap-2">
        <Badge variant={STATUS_BADGE[org.status]}>{STATUS_LABEL[org.status]}</Badge>
        {org.suspendedAt ? <Badge variant="destructive">Suspended</Badge> : null}
      </div>
      {org.suspendedAt ? (
        <div role="status" className="mb-6 rounded-md border border-red-300 bg-red-50 p-4 text-sm text-red-900">
          <strong>Suspended since {formatDateTime(org.suspendedAt)}.</strong> Reason: {org.suspendedReason}
        </div>
      ) : null}
      <div className="grid gap-6">
        <Counts org={org} />
        <Coordinators org={org} />
        <Activity org={org} />
      </div>
    </>
  );
}

export const ProgramDetailPage = () => <OrganizationDetailPage kind="program" />;
export const FacilityDetailPage = () => <OrganizationDetailPage kind="facility" />;
