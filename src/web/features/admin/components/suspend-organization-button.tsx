import { useId, useState } from "react";
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
import { Field } from "@/web/components/ui/field";
import { Textarea } from "@/web/components/ui/textarea";
import { useSuspendOrganization } from "../api";

const REASON_MIN = 2;
const REASON_MAX = 500;

/** Suspend (with a reason, 2 to 500 characters) or reinstate an organization, after a dialog. */
export function SuspendOrganizationButton({
  id,
  name,
  suspended,
  size,
}: {
  id: string;
  name: string;
  suspended: boolean;
  /** Small in a list's row. */
  size?: "sm";
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();
  const change = useSuspendOrganization();
  const reasonId = useId();

  function onConfirm() {
    const trimmed = reason.trim();
    if (!suspended && trimmed.length < REASON_MIN) return setError("A reason of at least 2 characters is required");
    if (!suspended && trimmed.length > REASON_MAX) return setError("The reason must be at most 500 characters");
    change.mutate(suspended ? { id, suspend: false } : { id, suspend: true, reason: trimmed }, {
      onSuccess: () => {
        setOpen(false);
        setReason("");
        toast.success(suspended ? "Organization reinstated" : "Organization suspended", { description: name });
      },
    });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        setError(undefined);
      }}
    >
      <DialogTrigger asChild>
        <Button
          size={size}
          variant={suspended ? "default" : "destructive"}
          aria-label={`${suspended ? "Reinstate" : "Suspend"} ${name}`}
        >
          {suspended ? "Reinstate" : "Suspend"}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>{suspended ? `Reinstate ${name}?` : `Suspend ${name}?`}</DialogTitle>
        <DialogDescription>
          {suspended
            ? "Its coordinators can submit, approve, publish and invite again. They are told by email."
            : "Its coordinators can still sign in and read, but cannot submit, approve, publish or invite until it is reinstated. They are told by email, with the reason."}
        </DialogDescription>
        {suspended ? null : (
          <div className="mt-4">
            <Field id={reasonId} label="Reason" error={error} hint="Shown to the organization's coordinators">
              <Textarea
                id={reasonId}
                value={reason}
                maxLength={REASON_MAX}
                rows={3}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${reasonId}-error` : `${reasonId}-hint`}
                onChange={(e) => {
                  setReason(e.target.value);
                  setError(undefined);
                }}
              />
            </Field>
          </div>
        )}
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button variant={suspended ? "default" : "destructive"} disabled={change.isPending} onClick={onConfirm}>
            {suspended ? "Reinstate" : "Suspend"}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
