import { AGREEMENT_STATUS_LABELS, type AgreementStatus } from "@/domain/agreements";
import { Badge } from "@/web/components/ui/badge";

const VARIANT = {
  draft: "muted",
  active: "success",
  expiring: "warning",
  expired: "destructive",
  terminated: "destructive",
} as const satisfies Record<AgreementStatus, "muted" | "success" | "warning" | "destructive">;

/** An agreement's status as a badge; the days left beside "Expiring" say how soon. */
export function AgreementStatusBadge({ status, daysLeft }: { status: AgreementStatus; daysLeft?: number }) {
  const label = AGREEMENT_STATUS_LABELS[status];
  return (
    <Badge variant={VARIANT[status]}>
      {status === "expiring" && daysLeft !== undefined
        ? `${label} · ${daysLeft} day${daysLeft === 1 ? "" : "s"}`
        : label}
    </Badge>
  );
}
