import { useQuery } from "@tanstack/react-query";
import { ClipboardList, FileDown } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { applicationNoteLabel, applicationStatusLabel, applicationStatusTone } from "@/domain/applications";
import { RowActions } from "@/web/components/list-page/cells";
import { type ListCopy, ListResults } from "@/web/components/list-page/list-results";
import { StudentPage, useStudentReadOnly } from "@/web/components/student-page";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { buttonVariants } from "@/web/components/ui/button-variants";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "@/web/components/ui/dialog";
import { formatDate } from "@/web/lib/format";
import { withViewedStudent } from "@/web/lib/view-as-student";
import { type MyApplication, myApplicationsQuery, useWithdrawMyApplication } from "../student-applications-api";

const COPY: ListCopy = {
  what: "your applications",
  empty: {
    icon: ClipboardList,
    title: "No applications yet. Start by browsing available placements.",
    body: (
      <Button asChild className="mt-2">
        <Link to="/student/placements">Browse Placements</Link>
      </Button>
    ),
  },
};

const HEADER = { title: "My Applications", description: "Where each of your applications stands" };

/** /student/applications: the student's applications, in the student view's labels and order. */
export default function StudentApplicationsPage() {
  return <StudentPage header={HEADER} content={ApplicationsList} />;
}

function ApplicationsList() {
  const list = useQuery(myApplicationsQuery);
  const [details, setDetails] = useState<MyApplication | null>(null);
  const [withdrawing, setWithdrawing] = useState<MyApplication | null>(null);
  const readOnly = useStudentReadOnly();

  return (
    <>
      <ListResults query={list} copy={COPY}>
        {(data) => (
          <ul className="grid gap-4" aria-label="My applications">
            {data.items.map((a) => (
              <li key={a.id}>
                <Card>
                  <CardHeader className="flex-row flex-wrap items-start justify-between gap-2">
                    <div>
                      <CardTitle>{a.placement.title}</CardTitle>
                      <CardDescription>
                        {a.facility.name}
                        {a.facility.city ? `, ${a.facility.city}` : ""}
                        {a.facility.state ? `, ${a.facility.state}` : ""} · {a.placement.specialty}
                      </CardDescription>
                    </div>
                    <Badge variant={applicationStatusTone(a.status)}>
                      {applicationStatusLabel(a.status, "student")}
                    </Badge>
                  </CardHeader>
                  <CardContent className="flex flex-wrap items-end justify-between gap-3 text-sm">
                    <div className="grid gap-1 text-muted-foreground">
                      <p>
                        {formatDate(a.placement.startDate)} – {formatDate(a.placement.endDate)}
                      </p>
                      <p>Submitted {formatDate(a.submittedAt)}</p>
                    </div>
                    <div className="flex flex-wrap gap-1">
                      {a.status === "approved" ? <DownloadRecordLink application={a} /> : null}
                      <RowActions
                        actions={[
                          { text: "Details", label: `Details: ${a.placement.title}`, onClick: () => setDetails(a) },
                          a.canWithdraw &&
                            !readOnly && {
                              text: "Withdraw",
                              label: `Withdraw: ${a.placement.title}`,
                              onClick: () => setWithdrawing(a),
                            },
                        ]}
                      />
                    </div>
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </ListResults>
      <DetailsDialog application={details} onClose={() => setDetails(null)} />
      <WithdrawDialog application={withdrawing} onClose={() => setWithdrawing(null)} />
    </>
  );
}

/** An approved application is a rotation: its record (hours, evaluations, documents) as a PDF (issue 17). */
function DownloadRecordLink({ application: a }: { application: MyApplication }) {
  const href = withViewedStudent(`/api/me/student/rotations/${encodeURIComponent(a.id)}/record.pdf`);
  return (
    <a
      href={String(href)}
      download
      className={buttonVariants({ variant: "outline", size: "sm" })}
      aria-label={`Download record: ${a.placement.title}`}
    >
      <FileDown aria-hidden /> Download record
    </a>
  );
}

function DetailsDialog({ application: a, onClose }: { application: MyApplication | null; onClose: () => void }) {
  return (
    <Dialog open={a !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] max-w-lg overflow-y-auto">
        <DialogTitle>{a?.placement.title ?? "Application"}</DialogTitle>
        {a ? (
          <>
            <DialogDescription>
              {a.facility.name} · {applicationStatusLabel(a.status, "student")}
            </DialogDescription>
            <dl className="mt-4 grid gap-3 text-sm">
              <Item label="Status">
                <Badge variant={applicationStatusTone(a.status)}>{applicationStatusLabel(a.status, "student")}</Badge>
              </Item>
              <Item label="Dates">
                {formatDate(a.placement.startDate)} – {formatDate(a.placement.endDate)} · {a.placement.durationWeeks}{" "}
                weeks
              </Item>
              <Item label="Submitted">{formatDate(a.submittedAt)}</Item>
              {a.reviewedAt ? <Item label="Reviewed">{formatDate(a.reviewedAt)}</Item> : null}
              {a.withdrawnAt ? <Item label="Withdrawn">{formatDate(a.withdrawnAt)}</Item> : null}
              <Item label={`Note from ${a.facility.name}`}>{a.reviewNotes ?? "No notes from the facility yet."}</Item>
              {a.notes ? (
                <Item label={applicationNoteLabel(a.notesBy ?? "program", "student")}>{a.notes}</Item>
              ) : (
                <Item label="Notes with the application">None</Item>
              )}
              {a.placement.requirements.length > 0 ? (
                <Item label="Requirements">{a.placement.requirements.join(", ")}</Item>
              ) : null}
            </dl>
          </>
        ) : null}
        <div className="mt-6 flex justify-end">
          <DialogClose asChild>
            <Button variant="outline">Close</Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function Item({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="font-medium">{label}</dt>
      <dd className="text-muted-foreground">{children}</dd>
    </div>
  );
}

function WithdrawDialog({ application: a, onClose }: { application: MyApplication | null; onClose: () => void }) {
  const withdraw = useWithdrawMyApplication();
  async function confirm() {
    if (!a) return;
    try {
      const result = await withdraw.mutateAsync(a.id);
      toast.success("Application updated", {
        description: result.leftEarly ? `You left ${a.placement.title} early` : `Withdrawn from ${a.placement.title}`,
      });
      onClose();
    } catch {
      // The mutation cache toasted the error (one error path).
    }
  }
  return (
    <Dialog open={a !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>Withdraw this application?</DialogTitle>
        <DialogDescription>
          {a
            ? a.leavesEarly
              ? `This rotation is under way: you will leave ${a.placement.title} at ${a.facility.name} early and give up your spot. ${a.facility.name} is told. This cannot be undone.`
              : a.status === "approved"
                ? `You will give up your approved spot in ${a.placement.title} at ${a.facility.name}. This cannot be undone.`
                : `Your application to ${a.placement.title} at ${a.facility.name} will no longer be reviewed. This cannot be undone.`
            : null}
        </DialogDescription>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button variant="destructive" disabled={withdraw.isPending} onClick={confirm}>
            {withdraw.isPending ? "Withdrawing..." : "Withdraw application"}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
