import { useQuery } from "@tanstack/react-query";
import { ClipboardCheck, Star } from "lucide-react";
import { useState } from "react";
import { EVALUATION_PHASE_LABELS } from "@/domain/evaluations";
import { ListResults } from "@/web/components/list-page/list-results";
import { StudentPage, useStudentReadOnly } from "@/web/components/student-page";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Dialog, DialogContent } from "@/web/components/ui/dialog";
import { formatDate } from "@/web/lib/format";
import { type EvaluationDetail, myEvaluationsQuery } from "../api";
import { EvaluationBody } from "../components/evaluation-dialog";
import { EvaluationStatusBadge } from "../components/evaluation-status-badge";

/** /student/evaluations: the sites to evaluate, and the preceptors' evaluations of the student once submitted. */
export default function StudentEvaluationsPage() {
  return (
    <StudentPage
      header={{
        title: "My Evaluations",
        description: "Evaluate the sites of your rotations, and read your preceptors' evaluations of you",
      }}
      content={Evaluations}
    />
  );
}

function Evaluations() {
  const query = useQuery(myEvaluationsQuery);
  const readOnly = useStudentReadOnly();
  const [openId, setOpenId] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const current = query.data?.items.find((i) => i.id === openId) ?? null;
  const show = (id: string) => {
    setOpenId(id);
    setOpen(true);
  };
  const pick = (kind: "site" | "student") =>
    query.data ? { ...query.data, items: query.data.items.filter((i) => i.kind === kind) } : undefined;
  const part = (kind: "site" | "student") => {
    const data = pick(kind);
    return { ...query, data: data ? { ...data, total: data.items.length } : undefined };
  };
  return (
    <div className="grid gap-8">
      <Card aria-labelledby="site-evaluations">
        <CardHeader>
          <CardTitle id="site-evaluations">Site evaluations</CardTitle>
          <CardDescription>
            Tell your program how each site supported your learning. The facility sees answers only together with at
            least four other students', without names.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ListResults
            query={part("site")}
            compact
            copy={{
              what: "your evaluations",
              loading: "Loading your evaluations...",
              empty: {
                icon: ClipboardCheck,
                title: "Nothing to evaluate yet",
                body: "A site evaluation opens 7 days before a rotation ends.",
              },
            }}
          >
            {(data) => (
              <EvaluationList
                items={data.items}
                onOpen={show}
                action={(e) => (e.status === "submitted" || readOnly ? "View" : "Evaluate")}
              />
            )}
          </ListResults>
        </CardContent>
      </Card>
      <Card aria-labelledby="evaluations-of-me">
        <CardHeader>
          <CardTitle id="evaluations-of-me">Your preceptors' evaluations of you</CardTitle>
          <CardDescription>Shown here once your preceptor submits them</CardDescription>
        </CardHeader>
        <CardContent>
          <ListResults
            query={part("student")}
            compact
            copy={{
              what: "your evaluations",
              loading: "Loading your evaluations...",
              empty: {
                icon: Star,
                title: "No evaluations of you yet",
                body: "They appear once your preceptor submits them.",
              },
            }}
          >
            {(data) => <EvaluationList items={data.items} onOpen={show} action={() => "Read"} />}
          </ListResults>
        </CardContent>
      </Card>
      <Dialog open={open && current !== null} onOpenChange={setOpen}>
        <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-3xl">
          {current ? (
            <EvaluationBody
              evaluation={current}
              fill={current.kind === "site"}
              readOnlyNote={readOnly ? "Viewing as the student: read only. The student submits it." : undefined}
            />
          ) : null}
        </DialogContent>
      </Dialog>
    </div>
  );
}

function EvaluationList({
  items,
  onOpen,
  action,
}: {
  items: EvaluationDetail[];
  onOpen: (id: string) => void;
  action: (e: EvaluationDetail) => string;
}) {
  return (
    <ul className="grid gap-3">
      {items.map((e) => {
        const what = e.kind === "site" ? e.facility.name : `${e.rotation.title}`;
        return (
          <li
            key={e.id}
            className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border bg-white p-3"
          >
            <div className="grid gap-1">
              <span className="font-medium">
                {EVALUATION_PHASE_LABELS[e.phase]} evaluation · {what}
              </span>
              <span className="text-sm text-muted-foreground">
                {e.rotation.title} · {formatDate(e.rotation.startDate)} – {formatDate(e.rotation.endDate)}
                {e.status === "submitted" ? "" : ` · due ${formatDate(e.dueDate)}`}
              </span>
            </div>
            <div className="flex items-center gap-3">
              <EvaluationStatusBadge status={e.status} />
              <Button
                size="sm"
                variant={action(e) === "Evaluate" ? "default" : "outline"}
                onClick={() => onOpen(e.id)}
                aria-label={`${action(e)}: ${EVALUATION_PHASE_LABELS[e.phase].toLowerCase()} evaluation, ${what}`}
              >
                {action(e)}
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
