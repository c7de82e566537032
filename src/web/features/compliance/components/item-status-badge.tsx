import { AlertTriangle, CheckCircle2, CircleDashed, Clock, type LucideIcon, XCircle } from "lucide-react";
import { ITEM_STATUS_LABELS, type ItemStatus, READINESS_LABELS, type Readiness } from "@/domain/compliance";
import { Badge } from "@/web/components/ui/badge";

type Tone = "muted" | "warning" | "success" | "destructive" | "default";

const ITEM_LOOK: Record<ItemStatus, { tone: Tone; icon: LucideIcon }> = {
  missing: { tone: "muted", icon: CircleDashed },
  submitted: { tone: "default", icon: Clock },
  approved: { tone: "success", icon: CheckCircle2 },
  rejected: { tone: "destructive", icon: XCircle },
  expiring: { tone: "warning", icon: AlertTriangle },
  expired: { tone: "destructive", icon: XCircle },
};

/** A required item's status: its word always, the color and the icon only repeat it (never color alone). */
export function ItemStatusBadge({ status }: { status: ItemStatus }) {
  const { tone, icon: Icon } = ITEM_LOOK[status];
  return (
    <Badge variant={tone} className="gap-1 whitespace-nowrap">
      <Icon className="size-3.5" aria-hidden />
      {ITEM_STATUS_LABELS[status]}
    </Badge>
  );
}

const READINESS_LOOK: Record<Readiness, { tone: Tone; icon: LucideIcon }> = {
  met: { tone: "success", icon: CheckCircle2 },
  missing: { tone: "destructive", icon: XCircle },
  expiring_before_end: { tone: "warning", icon: AlertTriangle },
};

/** One requirement against a rotation: met, missing, or expiring before the rotation ends. */
export function ReadinessBadge({ readiness }: { readiness: Readiness }) {
  const { tone, icon: Icon } = READINESS_LOOK[readiness];
  return (
    <Badge variant={tone} className="gap-1">
      <Icon className="size-3.5" aria-hidden />
      {READINESS_LABELS[readiness]}
    </Badge>
  );
}
