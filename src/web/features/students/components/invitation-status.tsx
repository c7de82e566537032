import { Mail } from "lucide-react";
import { toast } from "sonner";
import { INVITATION_STATE_LABELS, type InvitationState } from "@/domain/student-list";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { formatDate } from "@/web/lib/format";
import { useInviteStudent } from "../api";

const TONE = { none: "muted", invited: "default", expired: "warning", accepted: "success" } as const;

export function InvitationBadge({
  invitation,
}: {
  invitation: { state: InvitationState; sentAt: string | null; expiresAt: string | null };
}) {
  const detail =
    invitation.state === "invited" && invitation.expiresAt
      ? `Link valid until ${formatDate(invitation.expiresAt)}`
      : invitation.state === "expired" && invitation.sentAt
        ? `Sent ${formatDate(invitation.sentAt)}`
        : undefined;
  return (
    <Badge variant={TONE[invitation.state]} title={detail}>
      {INVITATION_STATE_LABELS[invitation.state]}
    </Badge>
  );
}

/** 'Invite' (or 'Resend invite') emails the student a link to create their account (D3). */
export function InviteButton({
  student,
  size = "sm",
}: {
  student: {
    id: string;
    firstName: string;
    lastName: string;
    email: string;
    enrollmentStatus: "active" | "withdrawn";
    invitation: { state: InvitationState };
  };
  size?: "sm" | "default";
}) {
  const invite = useInviteStudent();
  if (student.invitation.state === "accepted" || student.enrollmentStatus === "withdrawn") return null;
  const resend = student.invitation.state !== "none";
  return (
    <Button
      size={size}
      variant="outline"
      // Keeps the screen-reader-only name inside the button's box (it would widen a scrolling table's page).
      className="relative"
      disabled={invite.isPending}
      onClick={() =>
        invite.mutate(student.id, {
          onSuccess: () =>
            toast.success(resend ? "Invitation sent again" : "Invitation sent", {
              description: `${student.firstName} ${student.lastName} gets a link at ${student.email}.`,
            }),
        })
      }
    >
      <Mail aria-hidden />
      {invite.isPending ? "Sending..." : resend ? "Resend invite" : "Invite"}
      <span className="sr-only">
        {" "}
        {student.firstName} {student.lastName}
      </span>
    </Button>
  );
}
