import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, FileCheck2, RotateCcw, Send, Trash2, UserMinus, UserX } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { toast } from "sonner";
import { applicationStatusLabel, applicationStatusTone } from "@/domain/applications";
import { ComplianceBadge } from "@/web/components/compliance-badge";
import { LoadError } from "@/web/components/list-page/load-error";
import { type QuickAction, QuickActions } from "@/web/components/quick-actions";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { EmptyState } from "@/web/components/ui/empty-state";
import { Loading } from "@/web/components/ui/loading";
import { PageHeader } from "@/web/components/ui/page-header";
import { Table, TBody, TD, TH, THead, TR } from "@/web/components/ui/table";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/web/components/ui/tabs";
import { ApiError } from "@/web/lib/api-client";
import { formatDate } from "@/web/lib/format";
import { type StudentDetail, studentQuery, useRemoveStudent, useSetEnrollment } from "../api";
import { ConfirmDialog } from "../components/confirm-dialog";
import { EditStudentDialog } from "../components/edit-student-dialog";
import { InvitationBadge, InviteButton } from "../components/invitation-status";

type Student = StudentDetail["student"];

/**
 * /students/{id}. `compliance` fills the Compliance Documents tab (the compliance feature's panel,
 * composed in app/pages), `recommendations` the Recommended Placements tab (the matching feature's).
 */
export default function StudentDetailPage({
  compliance,
  recommendations,
}: {
  compliance?: (studentId: string) => ReactNode;
  recommendations?: (studentId: string) => ReactNode;
}) {
  const { id = "" } = useParams();
  const detail = useQuery(studentQuery(id));

  if (detail.isPending) return <Loading />;
  if (detail.isError) {
    if (detail.error instanceof ApiError && detail.error.status === 404) return <StudentNotFound />;
    return <LoadError what="this student" query={detail} />;
  }

  const { student, statistics, applications } = detail.data;
  const name = `${student.firstName} ${student.lastName}`;
  const quickActions: QuickAction[] = [
    { to: `/placements?student=${student.id}`, label: "Submit Application", icon: Send },
    { to: `/students/${student.id}/compliance`, label: "Manage Compliance", icon: FileCheck2 },
  ];

  return (
    <>
      <Link
        to="/students"
        className="mb-3 inline-flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden />
        All students
      </Link>
      <PageHeader
        title={name}
        description={student.email}
        actions={
          <>
            <EditStudentDialog student={student} />
            <EnrollmentAction student={student} />
            <RemoveAction student={student} applicationCount={statistics.total} />
          </>
        }
      />

      <div className="grid grid-cols-1 gap-6">
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
          <Card className="lg:col-span-2">
            <CardHeader>
              <CardTitle>Student information</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
                <Info label="Email">
                  <span className="break-all">{student.email}</span>
                </Info>
                <Info label="Phone">{student.phone ?? <Muted>Not given</Muted>}</Info>
                <Info label="GPA">{student.gpa === null ? <Muted>Not given</Muted> : student.gpa.toFixed(2)}</Info>
                <Info label="Specialty interest">{student.specialtyInterest ?? <Muted>No preference</Muted>}</Info>
                <Info label="Compliance">
                  <ComplianceBadge status={student.complianceStatus} />
                </Info>
                <Info label="Enrollment">
                  {student.enrollmentStatus === "withdrawn" ? (
                    <Badge variant="muted">
                      Withdrawn{student.withdrawnAt ? ` on ${formatDate(student.withdrawnAt)}` : ""}
                    </Badge>
                  ) : (
                    <Badge variant="success">Active</Badge>
                  )}
                </Info>
                <Info label="Added">{formatDate(student.createdAt)}</Info>
                <Info label="Program">{student.programName}</Info>
                <Info label="Account">
                  <div className="flex flex-wrap items-center gap-2">
                    <InvitationBadge invitation={student.invitation} />
                    <InviteButton student={student} />
                  </div>
                </Info>
              </dl>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Statistics</CardTitle>
              <CardDescription>Applications by status</CardDescription>
            </CardHeader>
            <CardContent>
              <dl className="grid grid-cols-2 gap-3 text-sm">
                <Stat label="Total" value={statistics.total} />
                <Stat label={applicationStatusLabel("pending", "program")} value={statistics.pending} />
                <Stat label={applicationStatusLabel("approved", "program")} value={statistics.approved} />
                <Stat label={applicationStatusLabel("rejected", "program")} value={statistics.rejected} />
                <Stat label={applicationStatusLabel("withdrawn", "program")} value={statistics.withdrawn} />
              </dl>
            </CardContent>
          </Card>
        </div>

        {detail.data.accommodationRequests ? (
          <Card>
            <CardHeader>
              <CardTitle>Accommodation requests</CardTitle>
              <CardDescription>
                From the student's profile. Visible to your program only, never to facilities.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <p className="whitespace-pre-line text-sm">{detail.data.accommodationRequests}</p>
            </CardContent>
          </Card>
        ) : null}

        <QuickActions actions={quickActions} />

        <Tabs defaultValue="applications">
          <TabsList className="flex-wrap sm:w-auto">
            <TabsTrigger value="applications">Applications ({statistics.total})</TabsTrigger>
            <TabsTrigger value="compliance">Compliance Documents</TabsTrigger>
            {recommendations ? <TabsTrigger value="recommendations">Recommended Placements</TabsTrigger> : null}
          </TabsList>
          <TabsContent value="applications">
            <ApplicationsTable studentId={student.id} applications={applications} />
          </TabsContent>
          <TabsContent value="compliance">
            <Card>
              <CardHeader>
                <CardTitle>Compliance Documents</CardTitle>
                <CardDescription>Immunizations, certifications and checks</CardDescription>
              </CardHeader>
              <CardContent>
                {compliance ? (
                  compliance(student.id)
                ) : (
                  <Button asChild variant="outline">
                    <Link to={`/students/${student.id}/compliance`}>
                      <FileCheck2 aria-hidden />
                      Manage Compliance
                    </Link>
                  </Button>
                )}
              </CardContent>
            </Card>
          </TabsContent>
          {recommendations ? (
            <TabsContent value="recommendations">
              <Card>
                <CardHeader>
                  <CardTitle>Recommended Placements</CardTitle>
                  <CardDescription>
                    Open placements that fit this student best, from their interests, locations, schedule and documents
                  </CardDescription>
                </CardHeader>
                <CardContent>{recommendations(student.id)}</CardContent>
              </Card>
            </TabsContent>
          ) : null}
        </Tabs>
      </div>
    </>
  );
}

const Muted = ({ children }: { children: ReactNode }) => <span className="text-muted-foreground">{children}</span>;

function Info({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1">
      <dt className="font-medium text-slate-600">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-md border border-border p-3">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-2xl font-semibold">{value}</dd>
    </div>
  );
}

function ApplicationsTable({
  studentId,
  applications,
}: {
  studentId: string;
  applications: StudentDetail["applications"];
}) {
  if (applications.length === 0) {
    return (
      <EmptyState title="No applications yet">
        <Link to={`/placements?student=${studentId}`} className="text-primary underline underline-offset-4">
          Find a placement for this student
        </Link>
      </EmptyState>
    );
  }
  return (
    // Focusable so that a keyboard can scroll it sideways on a phone (it holds no links).
    <Table aria-label="Applications" tabIndex={0}>
      <THead>
        <TR>
          <TH>Placement</TH>
          <TH>Facility</TH>
          <TH>Specialty</TH>
          <TH>Dates</TH>
          <TH>Status</TH>
          <TH>Submitted</TH>
          <TH>Reviewed</TH>
        </TR>
      </THead>
      <TBody>
        {applications.map((a) => (
          <TR key={a.id}>
            <TD className="font-medium">{a.placementTitle}</TD>
            <TD>
              {a.facilityName}
              {a.facilityCity ? (
                <div className="text-muted-foreground">
                  {a.facilityCity}
                  {a.facilityState ? `, ${a.facilityState}` : ""}
                </div>
              ) : null}
            </TD>
            <TD>{a.specialty}</TD>
            <TD className="whitespace-nowrap">
              {formatDate(a.startDate)} – {formatDate(a.endDate)}
            </TD>
            <TD>
              <Badge variant={applicationStatusTone(a.status)}>{applicationStatusLabel(a.status, "program")}</Badge>
            </TD>
            <TD className="whitespace-nowrap">{formatDate(a.submittedAt)}</TD>
            <TD className="whitespace-nowrap">{a.reviewedAt ? formatDate(a.reviewedAt) : <Muted>Not yet</Muted>}</TD>
          </TR>
        ))}
      </TBody>
    </Table>
  );
}

function EnrollmentAction({ student }: { student: Student }) {
  const [open, setOpen] = useState(false);
  const enrollment = useSetEnrollment();
  const name = `${student.firstName} ${student.lastName}`;
  const run = (action: "withdraw" | "reinstate") =>
    enrollment.mutate(
      { id: student.id, action },
      {
        onSuccess: () => {
          toast.success(action === "withdraw" ? "Student withdrawn" : "Student reinstated", { description: name });
          setOpen(false);
        },
      },
    );

  if (student.enrollmentStatus === "withdrawn") {
    return (
      <Button variant="outline" disabled={enrollment.isPending} onClick={() => run("reinstate")}>
        <RotateCcw aria-hidden />
        Reinstate
      </Button>
    );
  }
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="outline">
          <UserMinus aria-hidden />
          Withdraw
        </Button>
      }
      title={`Withdraw ${name}?`}
      description={
        <p>They leave the active roster but keep their applications and history. You can reinstate them at any time.</p>
      }
      confirmLabel="Withdraw student"
      busy={enrollment.isPending}
      onConfirm={() => run("withdraw")}
    />
  );
}

function RemoveAction({ student, applicationCount }: { student: Student; applicationCount: number }) {
  const [open, setOpen] = useState(false);
  const remove = useRemoveStudent();
  const enrollment = useSetEnrollment();
  const navigate = useNavigate();
  const name = `${student.firstName} ${student.lastName}`;
  const trigger = (
    <Button variant="outline" className="text-destructive">
      <Trash2 aria-hidden />
      Remove
    </Button>
  );

  if (applicationCount > 0) {
    const canWithdraw = student.enrollmentStatus === "active";
    return (
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        trigger={trigger}
        title={`${name} can't be removed`}
        description={
          <p>
            {student.firstName} has {applicationCount} application{applicationCount === 1 ? "" : "s"}.{" "}
            {canWithdraw
              ? "Withdraw them from the roster instead: their history is kept."
              : "They are already withdrawn from the roster, with their history kept."}
          </p>
        }
        confirmLabel={canWithdraw ? "Withdraw instead" : null}
        busy={enrollment.isPending}
        onConfirm={() =>
          enrollment.mutate(
            { id: student.id, action: "withdraw" },
            {
              onSuccess: () => {
                toast.success("Student withdrawn", { description: name });
                setOpen(false);
              },
            },
          )
        }
      />
    );
  }
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={trigger}
      title={`Remove ${name}?`}
      description={<p>This deletes the student from your roster. It can't be undone.</p>}
      confirmLabel="Remove student"
      confirmVariant="destructive"
      busy={remove.isPending}
      onConfirm={() =>
        remove.mutate(student.id, {
          onSuccess: () => {
            toast.success("Student removed", { description: name });
            navigate("/students");
          },
        })
      }
    />
  );
}

function StudentNotFound() {
  return (
    <div className="flex flex-col items-center gap-3 py-16 text-center">
      <UserX className="size-10 text-slate-500" aria-hidden />
      <h1 className="text-2xl font-bold">Student not found</h1>
      <p className="text-muted-foreground">This student does not exist or is not on your program's roster.</p>
      <Button asChild variant="outline">
        <Link to="/students">Back to students</Link>
      </Button>
    </div>
  );
}
