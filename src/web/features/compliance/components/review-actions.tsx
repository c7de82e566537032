import { zodResolver } from "@hookform/resolvers/zod";
import { Check, X } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { rejectionSchema } from "@/domain/compliance";
import { Button } from "@/web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from "@/web/components/ui/dialog";
import { Field } from "@/web/components/ui/field";
import { Textarea } from "@/web/components/ui/textarea";
import { useReviewDocument } from "../api";

const MAX_REASON = 500;

/**
 * Approve or Reject a submitted document. A rejection needs a reason (at most 500 characters): the
 * student sees it and is emailed it. `what` names the document for screen readers ("Ada's BLS card").
 */
export function ReviewActions({ documentId, what }: { documentId: string; what: string }) {
  const review = useReviewDocument();
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        size="sm"
        disabled={review.isPending}
        aria-label={`Approve ${what}`}
        // mutateAsync, not mutate's callbacks: the reviewed card re-renders without these buttons once
        // the lists refresh, and a per-call callback of an unmounted observer never runs (no toast).
        onClick={() =>
          review
            .mutateAsync({ id: documentId, decision: "approve" })
            .then(() => toast.success("Document approved", { description: what }))
            .catch(() => undefined)
        }
      >
        <Check aria-hidden /> Approve
      </Button>
      <RejectDialog documentId={documentId} what={what} />
    </div>
  );
}

function RejectDialog({ documentId, what }: { documentId: string; what: string }) {
  const [open, setOpen] = useState(false);
  const review = useReviewDocument();
  const id = useId();
  const form = useForm<{ reason: string }>({
    resolver: zodResolver(rejectionSchema) as never,
    defaultValues: { reason: "" },
  });
  const reason = form.watch("reason");
  const error = form.formState.errors.reason?.message;

  const submit = form.handleSubmit(({ reason }) =>
    review
      .mutateAsync({ id: documentId, decision: "reject", reason })
      .then(() => {
        toast.success("Document rejected", { description: what });
        setOpen(false);
        form.reset();
      })
      .catch(() => undefined),
  );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) form.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" aria-label={`Reject ${what}`}>
          <X aria-hidden /> Reject
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={submit} noValidate>
          <DialogTitle>Reject document</DialogTitle>
          <DialogDescription>{what}. The student sees your reason and is emailed it.</DialogDescription>
          <fieldset disabled={review.isPending} className="mt-4">
            <Field id={`${id}-reason`} label="Reason" error={error} hint={`${reason.length} / ${MAX_REASON}`}>
              <Textarea
                id={`${id}-reason`}
                rows={4}
                maxLength={MAX_REASON}
                aria-invalid={!!error}
                aria-describedby={error ? `${id}-reason-error` : `${id}-reason-hint`}
                {...form.register("reason")}
              />
            </Field>
          </fieldset>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={() => setOpen(false)} disabled={review.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={review.isPending}>
              {review.isPending ? "Rejecting..." : "Reject document"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
