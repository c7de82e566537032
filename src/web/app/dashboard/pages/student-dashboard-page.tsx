import { useQuery } from "@tanstack/react-query";
import { CalendarCheck, ClipboardList, MessageSquare, Search, ShieldCheck, Sparkles, User } from "lucide-react";
import { Link } from "react-router";
import { applicationStatusLabel, applicationStatusTone } from "@/domain/applications";
import { EXPIRING_WITHIN_DAYS } from "@/domain/compliance";
import { COMPLIANCE_LABELS, type ComplianceStatus } from "@/domain/students";
import { LoadError } from "@/web/components/list-page/load-error";
import { type QuickAction, QuickActions } from "@/web/components/quick-actions";
import { NoStudentRecord, useHasStudentRecord } from "@/web/components/student-page";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Loading } from "@/web/components/ui/loading";
import { PageHeader } from "@/web/components/ui/page-header";
import { UpcomingEvents } from "@/web/features/calendar/components/upcoming-events";
import { myComplianceQuery } from "@/web/features/compliance/api";
import { Counts } from "@/web/features/compliance/components/student-compliance-panel";
import { myRecommendationsQuery } from "@/web/features/matching/api";
import { RecommendationList } from "@/web/features/matching/components/recommendation-list";
import { unreadCountQuery } from "@/web/features/messages/api";
import { formatDate } from "@/web/lib/format";
import { type StudentDashboard, studentDashboardQuery } from "../api";
import { StatCard } from "../components/stat-card";

const QUICK_ACTIONS: QuickAction[] = [
  { to: "/student/placements", label: "Browse Placements", icon: Search },
  { to: "/student/applications", label: "My Applications", icon: ClipboardList },
  { to: "/student/messages", label: "Messages", icon: MessageSquare },
  { to: "/student/profile", label: "Profile", icon: User },
];

const COMPLIANCE_TEXT: Record<ComplianceStatus, string> = {
  pending: "Your documents are awaiting review, or nothing has been reviewed yet.",
  compliant: "Every required item is approved and current.",
  incomplete: "An item is missing, rejected or expired. Your compliance page shows which.",
};
const COMPLIANCE_TONE: Record<ComplianceStatus, "warning" | "success" | "destructive"> = {
  pending: "warning",
  compliant: "success",
  incomplete: "destructive",
};

/** /dashboard/student: every figure from the student's own records (D9). */
export default function StudentDashboardPage() {
  const hasRecord = useHasStudentRecord();
  return (
    <>
      <PageHeader title="Student Dashboard" description="Your placements, applications and messages" />
      {hasRecord ? <Dashboard /> : <NoStudentRecord />}
      <div className="mt-6">
        <QuickActions actions={QUICK_ACTIONS} />
      </div>
    </>
  );
}

function Dashboard() {
  const dashboard = useQuery(studentDashboardQuery);
  const unread = useQuery(unreadCountQuery);
  if (dashboard.isPending) return <Loading />;
  if (dashboard.isError) {
    return <LoadError what="the dashboard" query={dashboard} />;
  }
  return <Body data={dashboard.data} unread={unread.data?.unread ?? null} />;
}

function Body({ data, unread }: { data: StudentDashboard; unread: number | null }) {
  const { stats, student } = data;
  return (
    <div className="grid gap-6">
      <section aria-label="Key figures" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          label="Applications Under Review"
          value={stats.underReview}
          icon={ClipboardList}
          detail={`${stats.totalApplications} application${stats.totalApplications === 1 ? "" : "s"} in all`}
        />
        <StatCard
          label="Upcoming Rotations"
          value={stats.upcomingRotations}
          icon={CalendarCheck}
          detail="Approved placements starting today or later"
        />
        <StatCard
          label="Compliance Status"
          value={COMPLIANCE_LABELS[student.complianceStatus]}
          icon={ShieldCheck}
          detail="Your overall status, from your documents"
        />
        <StatCard
          label="Unread Messages"
          value={unread ?? "–"}
          icon={MessageSquare}
          detail={unread === null ? "Could not load your messages" : "In your inbox"}
        />
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader className="flex-row items-center justify-between">
            <CardTitle>Recent Applications</CardTitle>
            <Button asChild size="sm" variant="outline">
              <Link to="/student/applications" aria-label="View All applications">
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
                      <p className="font-medium">{a.placementTitle}</p>
                      <p className="text-sm text-muted-foreground">
                        {a.facilityName} · {a.specialty}
                      </p>
                      <p className="text-xs text-muted-foreground">Submitted {formatDate(a.submittedAt)}</p>
                    </div>
                    <Badge variant={applicationStatusTone(a.status)}>
                      {applicationStatusLabel(a.status, "student")}
                    </Badge>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>

        <UpcomingEvents />
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Compliance Status</CardTitle>
            <CardDescription>Immunizations, certifications and checks</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-2 text-sm">
            <p className="flex items-center gap-2">
              Status:{" "}
              <Badge variant={COMPLIANCE_TONE[student.complianceStatus]}>
                {COMPLIANCE_LABELS[student.complianceStatus]}
              </Badge>
            </p>
            <ComplianceText status={student.complianceStatus} />
            <ComplianceCounts />
            <div>
              <Button asChild size="sm" variant="outline">
                <Link to="/student/compliance">
                  <ShieldCheck aria-hidden /> View and upload documents
                </Link>
              </Button>
            </div>
          </CardContent>
        </Card>

        <Card>
          <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
            <div className="grid gap-1.5">
              <CardTitle className="flex items-center gap-2">
                <Sparkles className="size-5 text-primary" aria-hidden /> Recommended Placements
              </CardTitle>
              <CardDescription>Matched to your interests, locations, schedule and documents</CardDescription>
            </div>
            <Button asChild size="sm" variant="outline">
              <Link to="/student/placements#recommended" aria-label="View all recommended placements">
                View All
              </Link>
            </Button>
          </CardHeader>
          <CardContent>
            <Recommended />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

/** The student's best matches (issue 13): the first three, each with a link to apply. */
function Recommended() {
  const recommendations = useQuery(myRecommendationsQuery);
  return (
    <RecommendationList
      query={recommendations}
      voice="student"
      show={3}
      label="Recommended placements"
      empty={
        <>
          No open placement with spots left fits you at the moment. Keeping your{" "}
          <Link className="font-medium text-primary underline" to="/student/profile">
            preferences
          </Link>{" "}
          up to date helps.
        </>
      }
      action={(item) => (
        <Button asChild size="sm">
          <Link to={`/student/placements?apply=${item.placement.id}`} aria-label={`Apply: ${item.placement.title}`}>
            Apply
          </Link>
        </Button>
      )}
    />
  );
}

/** The student's items in one line ("8 of 10 approved · 2 missing"), once their records are loaded. */
/**
 * The status in a sentence; "compliant" with items expiring soon says so too (the counts beside it
 * show them: "current" alone would read as a contradiction).
 */
export function complianceText(status: ComplianceStatus, expiring: number): string {
  if (status !== "compliant" || expiring === 0) return COMPLIANCE_TEXT[status];
  return `Every required item is approved and current; ${expiring} ${expiring === 1 ? "expires" : "expire"} within ${EXPIRING_WITHIN_DAYS} days.`;
}

function ComplianceText({ status }: { status: ComplianceStatus }) {
  const records = useQuery(myComplianceQuery);
  return <p className="text-muted-foreground">{complianceText(status, records.data?.counts.expiring ?? 0)}</p>;
}

function ComplianceCounts() {
  const records = useQuery(myComplianceQuery);
  if (!records.data) return null;
  return <Counts counts={records.data.counts} />;
}
