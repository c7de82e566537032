import { HOUR_STATUS_LABELS, type HourStatus } from "@/domain/hours";
import { Badge } from "@/web/components/ui/badge";

const VARIANT = { submitted: "warning", approved: "success", returned: "destructive" } as const;

/** An hour entry's status as a badge (the student's words; reviewers read the same). */
export function HourStatusBadge({ status }: { status: HourStatus }) {
  return <Badge variant={VARIANT[status]}>{HOUR_STATUS_LABELS[status]}</Badge>;
}
