import { COMPLIANCE_LABELS, type ComplianceStatus } from "@/domain/students";
import { Badge } from "@/web/components/ui/badge";

const TONE = { pending: "warning", compliant: "success", incomplete: "destructive" } as const;

/** D6: pending, compliant or incomplete. */
export function ComplianceBadge({ status }: { status: ComplianceStatus }) {
  return <Badge variant={TONE[status]}>{COMPLIANCE_LABELS[status]}</Badge>;
}

/** An applicant against a placement's requirements (issue 12): Ready or Not ready, in words and color. */
export function ReadyBadge({ ready }: { ready: boolean }) {
  return <Badge variant={ready ? "success" : "warning"}>{ready ? "Ready" : "Not ready"}</Badge>;
}
