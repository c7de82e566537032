import { ROTATION_STATUS_LABELS, type RotationStatus } from "@/domain/preceptors";
import { Badge } from "@/web/components/ui/badge";

const VARIANT = { current: "success", upcoming: "default", ended: "muted" } as const;

export function RotationStatusBadge({ status }: { status: RotationStatus }) {
  return <Badge variant={VARIANT[status]}>{ROTATION_STATUS_LABELS[status]}</Badge>;
}
