import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, Mail } from "lucide-react";
import { Link, useParams } from "react-router";
import { LoadError } from "@/web/components/list-page/load-error";
import { Badge } from "@/web/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Loading } from "@/web/components/ui/loading";
import { PageHeader } from "@/web/components/ui/page-header";
import { ApiError } from "@/web/lib/api-client";
import { formatDate } from "@/web/lib/format";
import { rotationQuery } from "../api";
import { RotationStatusBadge } from "../components/rotation-status-badge";

// /dashboard/preceptor/rotations/:id (issue 17): one assigned rotation's student: contact, program,
// placement, dates, compliance status. Any other rotation is "not found" (the server's 404).

const COMPLIANCE = {
  compliant: { label: "Compliant", variant: "success" },
  pending: { label: "Pending review", variant: "warning" },
  incomplete: { label: "Incomplete", variant: "destructive" },
} as const;

export default function PreceptorRotationPage() {
  const { id = "" } = useParams();
  const rotation = useQuery(rotationQuery(id));
  const back = (
    <Link to="/dashboard/preceptor" className="inline-flex items-center gap-1 text-sm text-primary hover:underline">
      <ArrowLeft className="size-4" aria-hidden /> My students
    </Link>
  );
  if (rotation.isPending) return <Loading label="Loading the rotation..." />;
  if (rotation.isError) {
    const missing = rotation.error instanceof ApiError && rotation.error.status === 404;
    return (
      <>
        {back}
        {missing ? (
          <PageHeader title="Rotation not found" description="This rotation is not one assigned to you." />
        ) : (
          <LoadError what="the rotation" query={rotation} />
        )}
      </>
    );
  }
  const r = rotation.data;
  const compliance = COMPLIANCE[r.student.complianceStatus];
  return (
    <>
      {back}
      <PageHeader title={r.student.name} description={`${r.program.name} · ${r.placement.title}`} />
      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Student</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="text-muted-foreground">Name</dt>
              <dd>{r.student.name}</dd>
              <dt className="text-muted-foreground">Email</dt>
              <dd className="break-all">
                <a
                  href={`mailto:${r.student.email}`}
                  className="inline-flex items-center gap-1 text-primary hover:underline"
                >
                  <Mail className="size-4" aria-hidden /> {r.student.email}
                </a>
              </dd>
              <dt className="text-muted-foreground">Program</dt>
              <dd>{r.program.name}</dd>
              <dt className="text-muted-foreground">Compliance</dt>
              <dd>
                <Badge variant={compliance.variant}>{compliance.label}</Badge>
              </dd>
            </dl>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Rotation</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="text-muted-foreground">Placement</dt>
              <dd>{r.placement.title}</dd>
              <dt className="text-muted-foreground">Department</dt>
              <dd>{r.department?.name ?? r.placement.specialty}</dd>
              <dt className="text-muted-foreground">Facility</dt>
              <dd>{r.facility.name}</dd>
              <dt className="text-muted-foreground">Dates</dt>
              <dd>
                {formatDate(r.startDate)} – {formatDate(r.endDate)}
              </dd>
              <dt className="text-muted-foreground">Status</dt>
              <dd>
                <RotationStatusBadge status={r.status} />
              </dd>
              <dt className="text-muted-foreground">Preceptors</dt>
              <dd>{r.preceptors.map((p) => p.name).join(", ")}</dd>
            </dl>
          </CardContent>
        </Card>
      </div>
      <p className="mt-4 text-sm">
        <Link to="/messages" className="text-primary hover:underline">
          Write to {r.student.name} in Messages
        </Link>
      </p>
    </>
  );
}
