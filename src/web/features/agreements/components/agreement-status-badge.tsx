import {
  AGREEMENT_STATUS_LABELS,
  type AgreementSide,
  type AgreementStatus,
  awaitingSignatureLabel,
} from "@/domain/agreements";
import { Badge } from "@/web/components/ui/badge";

const VARIANT = {
  draft: "muted",
  active: "success",
  expiring: "warning",
  expired: "destructive",
  terminated: "destructive",
} as const satisfies Record<AgreementStatus, "muted" | "success" | "warning" | "destructive">;

/**
 * An agreement's status as a badge; the days left beside "Expiring" say how soon, and a draft one
 * side signed says whose signature it awaits (it is not in force until both signed).
 */
export function AgreementStatusBadge({
  status,
  daysLeft,
  awaiting,
}: {
  status: AgreementStatus;
  daysLeft?: number;
  awaiting?: AgreementSide | null;
}) {
  if (status === "draft" && awaiting) return <Badge variant="warning">{awaitingSignatureLabel(awaiting)}</Badge>;
  const label = AGREEMENT_STATUS_LABELS[status];
  return (
    <Badge variant={VARIANT[status]}>
      {status === "expiring" && daysLeft !== undefined
        ? `${label} · ${daysLeft} day${daysLeft === 1 ? "" : "s"}`
        : label}
    </Badge>
  );
}
