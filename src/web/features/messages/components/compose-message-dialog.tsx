import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { toast } from "sonner";
import {
  MESSAGE_CONTENT_MAX,
  MESSAGE_SUBJECT_MAX,
  type MessageInput,
  type MessageValues,
  messageInputSchema,
} from "@/domain/messages";
import { Button } from "@/web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/web/components/ui/dialog";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/input";
import { Textarea } from "@/web/components/ui/textarea";
import { failSubmit } from "@/web/lib/api-errors";
import { useSendMessage } from "../api";
import { type Chosen, RecipientPicker } from "./recipient-picker";

export type Draft = { recipient: Chosen | null; subject: string };

const FIELDS = ["recipientId", "subject", "content"] as const;

/**
 * 'New message' (and replies): recipient, subject and content all required (spec section 5), the
 * same zod schema the API validates with. 'Message sent' on success; 'Error' with the server's message.
 */
export function ComposeMessageDialog({
  open,
  onOpenChange,
  draft,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  draft: Draft;
}) {
  const ids = useId();
  const send = useSendMessage();
  const [recipient, setRecipient] = useState<Chosen | null>(draft.recipient);
  const form = useForm<MessageInput, unknown, MessageValues>({
    resolver: zodResolver(messageInputSchema),
    defaultValues: { recipientId: draft.recipient?.id ?? "", subject: draft.subject, content: "" },
  });
  const { errors, isSubmitting } = form.formState;

  // A fresh form each time the dialog opens (a reply brings its recipient and 'Re: subject').
  useEffect(() => {
    if (!open) return;
    setRecipient(draft.recipient);
    form.reset({ recipientId: draft.recipient?.id ?? "", subject: draft.subject, content: "" });
  }, [open, draft, form]);

  const submit = form.handleSubmit(async (values) => {
    try {
      await send.mutateAsync(values);
      toast.success("Message sent", { description: recipient ? `To ${recipient.fullName}` : undefined });
      onOpenChange(false);
    } catch (err) {
      failSubmit(form, err, { fields: FIELDS, fallback: "Could not send the message" });
    }
  });

  const errorId = (name: string, error?: string) => (error ? `${ids}-${name}-error` : undefined);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-lg">
        <DialogTitle>{draft.recipient && draft.subject ? "Reply" : "New message"}</DialogTitle>
        <DialogDescription>Write to your coordinators and the people you work with on placements.</DialogDescription>
        <form className="mt-4 grid gap-4" onSubmit={submit} noValidate>
          <fieldset className="grid gap-4" disabled={isSubmitting}>
            <Controller
              control={form.control}
              name="recipientId"
              render={({ fieldState }) => (
                <Field id={`${ids}-recipientId`} label="Recipient" error={fieldState.error?.message}>
                  <RecipientPicker
                    id={`${ids}-recipientId`}
                    value={recipient}
                    disabled={isSubmitting}
                    invalid={!!fieldState.error}
                    describedBy={errorId("recipientId", fieldState.error?.message)}
                    onChange={(p) => {
                      setRecipient(p);
                      form.setValue("recipientId", p?.id ?? "", { shouldValidate: form.formState.isSubmitted });
                    }}
                  />
                </Field>
              )}
            />
            <Field id={`${ids}-subject`} label="Subject" error={errors.subject?.message}>
              <Input
                id={`${ids}-subject`}
                maxLength={MESSAGE_SUBJECT_MAX}
                autoComplete="off"
                aria-invalid={!!errors.subject}
                aria-describedby={errorId("subject", errors.subject?.message)}
                {...form.register("subject")}
              />
            </Field>
            <Field id={`${ids}-content`} label="Content" error={errors.content?.message}>
              <Textarea
                id={`${ids}-content`}
                rows={6}
                maxLength={MESSAGE_CONTENT_MAX}
                aria-invalid={!!errors.content}
                aria-describedby={errorId("content", errors.content?.message)}
                {...form.register("content")}
              />
            </Field>
          </fieldset>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? "Sending..." : "Send message"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
