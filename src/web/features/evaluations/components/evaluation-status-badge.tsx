import { EVALUATION_STATUS_LABELS, type EvaluationStatus } from "@/domain/evaluations";
import { Badge } from "@/web/components/ui/badge";

const VARIANT = {
  not_open: "muted",
  open: "default",
  due_soon: "warning",
  overdue: "destructive",
  submitted: "success",
} as const satisfies Record<EvaluationStatus, "muted" | "default" | "warning" | "destructive" | "success">;

/** An evaluation's status word as a badge: Not yet open, Open, Due soon, Overdue, Submitted. */
export function EvaluationStatusBadge({ status }: { status: EvaluationStatus }) {
  return <Badge variant={VARIANT[status]}>{EVALUATION_STATUS_LABELS[status]}</Badge>;
}
