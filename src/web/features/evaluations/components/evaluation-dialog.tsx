import { useQuery } from "@tanstack/react-query";
import { toast } from "sonner";
import { EVALUATION_KIND_LABELS, EVALUATION_PHASE_LABELS } from "@/domain/evaluations";
import { LoadError } from "@/web/components/list-page/load-error";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/web/components/ui/dialog";
import { Loading } from "@/web/components/ui/loading";
import { formatDate, formatDateTime } from "@/web/lib/format";
import { type EvaluationDetail, evaluationQuery, useSubmitEvaluation } from "../api";
import { EvaluationAnswers, EvaluationFormFields } from "./evaluation-form";
import { EvaluationStatusBadge } from "./evaluation-status-badge";

/**
 * One evaluation in a dialog, loaded by id: the form to fill while it is pending (`fill`), its
 * answers once submitted or when the caller only reads (the program).
 */
export function EvaluationDialog({
  evaluationId,
  open,
  onOpenChange,
  fill,
}: {
  evaluationId: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  fill: boolean;
}) {
  const query = useQuery({ ...evaluationQuery(evaluationId ?? ""), enabled: open && evaluationId !== null });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-3xl">
        {query.isPending ? (
          <>
            <DialogTitle>Evaluation</DialogTitle>
            <Loading label="Loading the evaluation..." className="min-h-24" />
          </>
        ) : query.isError ? (
          <>
            <DialogTitle>Evaluation</DialogTitle>
            <LoadError what="the evaluation" query={query} />
          </>
        ) : (
          <EvaluationBody evaluation={query.data} fill={fill} />
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The dialog's content: a heading naming the student, the rotation and the phase, then form or answers. */
export function EvaluationBody({
  evaluation: ev,
  fill,
  readOnlyNote,
}: {
  evaluation: EvaluationDetail;
  fill: boolean;
  /** Why the form cannot be filled here (an administrator viewing as the student). */
  readOnlyNote?: string;
}) {
  const submit = useSubmitEvaluation(ev.kind);
  const title =
    ev.kind === "student"
      ? `${EVALUATION_PHASE_LABELS[ev.phase]} evaluation of ${ev.student.name}`
      : `${EVALUATION_PHASE_LABELS[ev.phase]} evaluation of ${ev.facility.name}`;
  const submitted = ev.status === "submitted";
  return (
    <>
      <DialogTitle>{title}</DialogTitle>
      <DialogDescription>
        {EVALUATION_KIND_LABELS[ev.kind]} · {ev.rotation.title} at {ev.facility.name} ·{" "}
        {formatDate(ev.rotation.startDate)} – {formatDate(ev.rotation.endDate)}
      </DialogDescription>
      <div className="my-3 flex flex-wrap items-center gap-2 text-sm">
        <EvaluationStatusBadge status={ev.status} />
        <span>
          {submitted && ev.submittedAt
            ? `Submitted ${formatDateTime(ev.submittedAt)}`
            : `Due ${formatDate(ev.dueDate)}`}
        </span>
        {submitted && ev.submittedBy ? <span>· by {ev.submittedBy}</span> : null}
        <span className="text-muted-foreground">· {ev.formName}</span>
      </div>
      {submitted ? (
        <EvaluationAnswers questions={ev.questions} answers={ev.answers} />
      ) : fill && !readOnlyNote ? (
        <>
          {ev.kind === "site" ? (
            <p className="mb-3 rounded-md bg-muted p-3 text-sm">
              The facility sees site evaluations only together with those of at least four other students, and never
              your name. Your program sees your answers.
            </p>
          ) : null}
          <EvaluationFormFields
            questions={ev.questions}
            pending={submit.isPending}
            onSubmit={async (answers) => {
              await submit.mutateAsync({ evaluationId: ev.id, answers });
              toast.success("Evaluation submitted", { description: `${title} was submitted.` });
            }}
          />
        </>
      ) : (
        <>
          <p className="mb-3 text-sm text-muted-foreground">
            {readOnlyNote ?? "Not submitted yet. The questions it asks:"}
          </p>
          <EvaluationAnswers questions={ev.questions} answers={[]} />
        </>
      )}
    </>
  );
}
