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
import { useDecideOrganization } from "../api";

type Decision = "verify" | "reject";

/** Verify or reject, after a confirmation dialog. */
export function DecisionButton({ id, name, decision }: { id: string; name: string; decision: Decision }) {
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
            : "It stays unable to submit or receive applications. Its coordinators are told by email."}
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
