import { Send } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/web/components/ui/button";
import { useInviteAll } from "../api";

/** "3 invitations sent", "No one left to invite" (issue 9). */
export function inviteAllMessage(r: { sent: number; failed: number; remaining: number }): string {
  const parts = [
    r.sent === 0 && r.failed === 0 && r.remaining === 0
      ? "Every active student has an account or a valid invitation"
      : `${r.sent} invitation${r.sent === 1 ? "" : "s"} sent`,
  ];
  if (r.failed > 0) parts.push(`${r.failed} could not be sent`);
  if (r.remaining > 0) parts.push(`${r.remaining} more to send: press Invite all again`);
  return parts.join("; ");
}

/**
 * Invite all: emails an invitation to every active student of the program who has no account and
 * no invitation still valid, then says how many were sent.
 */
export function InviteAllButton({
  programId,
  variant = "outline",
}: {
  programId?: string;
  variant?: "outline" | "default";
}) {
  const inviteAll = useInviteAll();
  return (
    <Button
      variant={variant}
      disabled={inviteAll.isPending}
      onClick={() =>
        inviteAll.mutate(programId || undefined, {
          onSuccess: (r) => toast.success("Invitations", { description: inviteAllMessage(r) }),
        })
      }
    >
      <Send aria-hidden />
      {inviteAll.isPending ? "Sending..." : "Invite all"}
    </Button>
  );
}
