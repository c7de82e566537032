import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/web/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from "@/web/components/ui/dialog";
import { useDecideOrganization, type VerificationStatus } from "../api";

type Decision = "verify" | "reject";

/** What a rejection does, from where the organization stands: a verified one loses what it had. */
const STAYS_OUT = "It stays unable to submit or receive applications. Its coordinators are told by email.";
const REJECT_TEXT: Record<VerificationStatus, string> = {
  pending: STAYS_OUT,
  rejected: STAYS_OUT,
  verified:
    "It can no longer submit or receive applications and its coordinators are signed out. They are told by email.",
};

/** Verify or reject (an organization that is `from` now), after a confirmation dialog. */
export function DecisionButton({
  id,
  name,
  decision,
  from,
}: {
  id: string;
  name: string;
  decision: Decision;
  from: VerificationStatus;
}) {
  const [open, setOpen] = useState(false);
  const decide = useDecideOrganization();
  const verify = decision === "verify";

  function onConfirm() {
    decide.mutate(
      { id, decision },
      {
        onSuccess: () => {
          setOpen(false);
          toast.success(verify ? "Organization verified" : "Organization rejected", { description: name });
        },
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          size="sm"
          variant={verify ? "default" : "outline"}
          aria-label={`${verify ? "Verify" : "Reject"} ${name}`}
        >
          {verify ? "Verify" : "Reject"}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>{verify ? `Verify ${name}?` : `Reject ${name}?`}</DialogTitle>
        <DialogDescription>
          {verify
            ? "Its coordinators can then submit or receive applications. They are told by email."
            : REJECT_TEXT[from]}
        </DialogDescription>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button variant={verify ? "default" : "destructive"} disabled={decide.isPending} onClick={onConfirm}>
            {verify ? "Verify" : "Reject"}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
