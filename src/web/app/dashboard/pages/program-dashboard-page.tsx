import { useQuery } from "@tanstack/react-query";
import { Calendar, CheckCircle2, ClipboardList, Search, ShieldCheck, Users } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { applicationStatusLabel, applicationStatusTone } from "@/domain/applications";
import { complianceTone, formatRate } from "@/domain/dashboard";
import { LoadError } from "@/web/components/list-page/load-error";
import { type QuickAction, QuickActions } from "@/web/components/quick-actions";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Loading } from "@/web/components/ui/loading";
import { PageHeader } from "@/web/components/ui/page-header";
import { formatDate } from "@/web/lib/format";
import { type ProgramDashboard, programDashboardQueryFor } from "../api";
import { StatCard } from "../components/stat-card";

const QUICK_ACTIONS: QuickAction[] = [
  { to: "/placements", label: "Search Placements", icon: Search },
  { to: "/applications", label: "View Applications", icon: ClipboardList },
  { to: "/students", label: "Manage Students", icon: Users },
  { to: "/calendar", label: "View Calendar", icon: Calendar },
];

/** /dashboard/program: every figure from live data (D9), formulas of spec section 9. */
export default function ProgramDashboardPage() {
  const [params] = useSearchParams();
  const dashboard = useQuery(programDashboardQueryFor(params.get("program") ?? undefined));
  return (
    <>
      <PageHeader
        title="Student Placement Dashboard"
        description="Manage your nursing students and clinical placements"
      />
      {dashboard.isPending ? (
        <Loading />
      ) : dashboard.isError ? (
        <LoadError what="the dashboard" query={dashboard} className="mb-6" />
      ) : (
        <DashboardBody data={dashboard.data} />
      )}
      <div className="mt-6">
        <QuickActions actions={QUICK_ACTIONS} />
      </div>
    </>
  );
}

function DashboardBody({ data }: { data: ProgramDashboard }) {
  const { stats } = data;
  const tone = complianceTone(stats.complianceRate);
  const students = stats.totalStudents.value;
  return (
    <div className="grid gap-6">
      <section aria-label="Key figures" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          label="Total Students"
          value={students}
          icon={Users}
          detail="Active students on the roster"
          trend={stats.totalStudents.trend}
          trendVerb="added"
        />
        <StatCard
          label="Active Applications"
          value={stats.activeApplications.value}
          icon={ClipboardList}
          detail="Pending a facility's decision"
          trend={stats.activeApplications.trend}
          trendVerb="submitted"
        />
        <StatCard
          label="Approved Placements"
          value={stats.approvedPlacements.value}
          icon={CheckCircle2}
          detail={
            stats.placementRate === null
              ? `Placement rate: ${formatRate(null)}`
              : `${stats.placementRate}% placement rate: ${stats.placedStudents} of ${students} active students have an approved rotation`
          }
          trend={stats.approvedPlacements.trend}
          trendVerb="approved"
        />
        <StatCard
          label="Compliance Rate"
          value={formatRate(stats.complianceRate)}
          icon={ShieldCheck}
          valueClassName={
            tone === "good" ? "text-green-700" : tone === "bad" ? "text-red-700" : "text-muted-foreground"
          }
          detail={
            tone === "none"
              ? "No active students on the roster yet"
              : `${stats.compliantStudents} of ${students} students compliant${tone === "good" ? "" : " (target: 80%)"}`
          }
        />
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader className="flex-row items-center justify-between">
            <CardTitle>Recent Applications</CardTitle>
            <Button asChild size="sm" variant="outline">
              <Link to="/applications" aria-label="View All applications">
                View All
              </Link>
            </Button>
          </CardHeader>
          <CardContent>
            {data.recentApplications.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                No applications yet. Start by browsing available placements.
              </p>
            ) : (
              <ul className="divide-y divide-border" aria-label="Recent applications">
                {data.recentApplications.map((a) => (
                  <li key={a.id} className="flex items-start justify-between gap-3 py-3">
                    <div className="min-w-0">
                      <p className="font-medium">{a.studentName}</p>
                      <p className="text-sm text-muted-foreground">
                        {a.placementTitle} · {a.facilityName}
                      </p>
                      <p className="text-xs text-muted-foreground">Submitted {formatDate(a.submittedAt)}</p>
                    </div>
                    <Badge variant={applicationStatusTone(a.status)}>
                      {applicationStatusLabel(a.status, "program")}
                    </Badge>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Upcoming Placements</CardTitle>
          </CardHeader>
          <CardContent>
            {data.upcomingPlacements.length === 0 ? (
              <p className="text-sm text-muted-foreground">No placements starting soon</p>
            ) : (
              <ul className="divide-y divide-border" aria-label="Upcoming placements">
                {data.upcomingPlacements.map((u) => (
                  <li key={u.applicationId} className="py-3">
                    <p className="font-medium">{u.studentName}</p>
                    <p className="text-sm text-muted-foreground">
                      {u.placementTitle} · {u.facility.name}
                      {u.facility.city ? `, ${u.facility.city}` : ""}
                      {u.facility.state ? `, ${u.facility.state}` : ""}
                    </p>
                    <p className="text-xs text-muted-foreground">
                      {formatDate(u.startDate)} – {formatDate(u.endDate)}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Top Specialties</CardTitle>
        </CardHeader>
        <CardContent>
          {data.topSpecialties.length === 0 ? (
            <p className="text-sm text-muted-foreground">No specialty data yet</p>
          ) : (
            <ul className="grid gap-3" aria-label="Top specialties by student interest">
              {data.topSpecialties.map((s) => {
                const share = students > 0 ? Math.round((s.students / students) * 100) : 0;
                return (
                  <li key={s.specialty} className="grid gap-1">
                    <div className="flex justify-between text-sm">
                      <span className="font-medium">{s.specialty}</span>
                      <span className="text-muted-foreground">
                        {s.students} student{s.students === 1 ? "" : "s"}
                      </span>
                    </div>
                    <div className="h-2 rounded-full bg-muted" aria-hidden>
                      <div className="h-2 rounded-full bg-primary" style={{ width: `${share}%` }} />
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
