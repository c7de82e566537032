import { useQuery } from "@tanstack/react-query";
import { Building2, Calendar, Check, ClipboardList, Gauge, Users, X } from "lucide-react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import {
  APPLICATION_STATUS_LABELS,
  APPLICATION_STATUSES,
  applicationStatusTone,
  REVIEW_ACTION_LABELS,
} from "@/domain/applications";
import { formatRate, percent } from "@/domain/dashboard";
import { LoadError } from "@/web/components/list-page/load-error";
import { type QuickAction, QuickActions } from "@/web/components/quick-actions";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Loading } from "@/web/components/ui/loading";
import { PageHeader } from "@/web/components/ui/page-header";
import {
  ReviewApplicationDialog,
  type ReviewTarget,
} from "@/web/features/applications/components/review-application-dialog";
import { useKnownUnmet } from "@/web/features/compliance/api";
import { FacilityReadinessPanel } from "@/web/features/compliance/components/facility-readiness-panel";
import { ManageDepartmentsDialog } from "@/web/features/placements/components/manage-departments-dialog";
import { formatDate } from "@/web/lib/format";
import { type FacilityDashboard, facilityDashboardQuery } from "../api";
import { StatCard } from "../components/stat-card";

/** Accept / Decline: the prototype's words on this dashboard (spec section 4). */
const ACTIONS = REVIEW_ACTION_LABELS.facilityDashboard;

const QUICK_ACTIONS: QuickAction[] = [
  { to: "/dashboard/facility/applications", label: "Review Applications", icon: ClipboardList },
  { to: "/dashboard/facility/placements", label: "Manage Placements", icon: Building2 },
  { to: "/dashboard/facility/students", label: "Placed Students", icon: Users },
  { to: "/dashboard/facility/calendar", label: "View Calendar", icon: Calendar },
];

/** /dashboard/facility: 'Placement Management', every figure from live data (D9, spec section 9). */
export default function FacilityDashboardPage() {
  const [params] = useSearchParams();
  const facilityId = params.get("facility") ?? undefined;
  const dashboard = useQuery(facilityDashboardQuery(facilityId));
  return (
    <>
      <PageHeader
        title="Placement Management"
        description="Publish placements, review applications and manage capacity"
      />
      {dashboard.isPending ? (
        <Loading />
      ) : dashboard.isError ? (
        <LoadError what="the dashboard" query={dashboard} className="mb-6" />
      ) : (
        <DashboardBody data={dashboard.data} facilityId={facilityId} />
      )}
      <div className="mt-6">
        <QuickActions actions={QUICK_ACTIONS} />
      </div>
    </>
  );
}

function DashboardBody({ data, facilityId }: { data: FacilityDashboard; facilityId?: string }) {
  const knownUnmet = useKnownUnmet();
  const { stats } = data;
  const [reviewing, setReviewing] = useState<ReviewTarget | null>(null);
  const totalApplications = APPLICATION_STATUSES.reduce((n, s) => n + data.statusCounts[s], 0);
  return (
    <div className="grid gap-6">
      <section aria-label="Key figures" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          label="Active Placements"
          value={stats.activePlacements.value}
          icon={Building2}
          detail={`${data.placementCounts.draft} draft, ${data.placementCounts.closed} closed`}
          trend={stats.activePlacements.trend}
          trendVerb="created"
        />
        <StatCard
          label="Pending Applications"
          value={stats.pendingApplications.value}
          icon={ClipboardList}
          detail="Waiting for your decision"
          trend={stats.pendingApplications.trend}
          trendVerb="received"
        />
        <StatCard
          label="Placed Students"
          value={stats.placedStudents.value}
          icon={Users}
          detail={`${stats.placedStudents.current} current + ${stats.placedStudents.upcoming} upcoming, in ${stats.placedStudents.rotations} ${stats.placedStudents.rotations === 1 ? "rotation" : "rotations"}`}
          trend={stats.placedStudents.trend}
          trendVerb="approved"
        />
        <StatCard
          label="Utilization"
          value={formatRate(stats.utilization.value)}
          icon={Gauge}
          valueClassName={stats.utilization.value === null ? "text-muted-foreground" : undefined}
          detail={
            stats.utilization.value === null
              ? "No active placements with spots yet"
              : `${stats.utilization.slotsFilled} of ${stats.utilization.capacity} spots filled in active placements`
          }
        />
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
            <CardTitle>Department Capacity</CardTitle>
            <ManageDepartmentsDialog facilityId={facilityId} />
          </CardHeader>
          <CardContent>
            {data.departments.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                No departments yet. Add your units with 'Manage Departments'.
              </p>
            ) : (
              <ul className="grid gap-4" aria-label="Department capacity">
                {data.departments.map((d) => {
                  const share = Math.min(100, percent(d.filled, d.capacity));
                  return (
                    <li key={d.id} className="grid gap-1">
                      <div className="flex flex-wrap justify-between gap-x-2 text-sm">
                        <span className="font-medium">{d.name}</span>
                        <span className="text-muted-foreground">
                          {/* filled: approved students on the busiest day from today on (issue 9; README) */}
                          {d.filled > d.capacity
                            ? `Over capacity: ${d.filled} students for ${d.capacity} seats`
                            : `${d.filled} of ${d.capacity} filled · ${d.available} available`}
                        </span>
                      </div>
                      <div className="h-2 rounded-full bg-muted" aria-hidden>
                        <div
                          className={
                            d.filled >= d.capacity && d.capacity > 0
                              ? "h-2 rounded-full bg-amber-600"
                              : "h-2 rounded-full bg-primary"
                          }
                          style={{ width: `${d.capacity === 0 && d.filled > 0 ? 100 : share}%` }}
                        />
                      </div>
                    </li>
                  );
                })}
              </ul>
            )}
          </CardContent>
        </Card>

        <Card>
          <CardHeader className="flex-row items-center justify-between">
            <CardTitle>Applications to Review</CardTitle>
            <Button asChild size="sm" variant="outline">
              <Link to="/dashboard/facility/applications" aria-label="View all applications">
                View All
              </Link>
            </Button>
          </CardHeader>
          <CardContent>
            {data.reviewQueue.length === 0 ? (
              <p className="text-sm text-muted-foreground">No pending applications</p>
            ) : (
              <ul className="divide-y divide-border" aria-label="Applications to review">
                {data.reviewQueue.map((a) => (
                  <li key={a.id} className="flex flex-wrap items-start justify-between gap-3 py-3">
                    <div className="min-w-0">
                      <p className="font-medium">{a.studentName}</p>
                      <p className="text-sm text-muted-foreground">
                        {a.placementTitle}
                        {a.departmentName ? ` · ${a.departmentName}` : ""}
                      </p>
                      <p className="text-xs text-muted-foreground">
                        {a.programName}
                        {a.gpa !== null ? ` · GPA ${a.gpa.toFixed(2)}` : ""} · Submitted {formatDate(a.submittedAt)}
                      </p>
                    </div>
                    <div className="flex gap-1">
                      <Button
                        size="sm"
                        onClick={() =>
                          setReviewing({
                            id: a.id,
                            decision: "approve",
                            studentName: a.studentName,
                            placementTitle: a.placementTitle,
                            view: "facilityDashboard",
                          })
                        }
                        aria-label={`${ACTIONS.approve} ${a.studentName}'s application to ${a.placementTitle}`}
                      >
                        <Check aria-hidden /> {ACTIONS.approve}
                      </Button>
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() =>
                          setReviewing({
                            id: a.id,
                            decision: "reject",
                            studentName: a.studentName,
                            placementTitle: a.placementTitle,
                            view: "facilityDashboard",
                          })
                        }
                        aria-label={`${ACTIONS.reject} ${a.studentName}'s application to ${a.placementTitle}`}
                      >
                        <X aria-hidden /> {ACTIONS.reject}
                      </Button>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Application Status</CardTitle>
        </CardHeader>
        <CardContent>
          {totalApplications === 0 ? (
            <p className="text-sm text-muted-foreground">No applications yet</p>
          ) : (
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-label="Applications by status">
              {APPLICATION_STATUSES.map((s) => (
                <li key={s} className="flex items-center justify-between rounded-md border border-border p-3">
                  <Badge variant={applicationStatusTone(s)}>{APPLICATION_STATUS_LABELS.facility[s]}</Badge>
                  <span className="text-lg font-semibold">{data.statusCounts[s]}</span>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      <ReviewApplicationDialog
        target={reviewing}
        onClose={() => setReviewing(null)}
        readiness={(applicationId, studentName) => (
          <FacilityReadinessPanel applicationId={applicationId} studentName={studentName} />
        )}
        knownUnmet={knownUnmet}
      />
    </div>
  );
}
