import { zodResolver } from "@hookform/resolvers/zod";
import { UserPlus } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";
import { preceptorInviteSchema } from "@/domain/preceptors";
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
import { Input } from "@/web/components/ui/input";
import { failSubmit } from "@/web/lib/api-errors";
import { useInvitePreceptor } from "../api";

type FormInput = z.input<typeof preceptorInviteSchema>;
type Values = z.output<typeof preceptorInviteSchema>;

const FIELDS = [
  { name: "name", label: "Full name", type: "text", autoComplete: "off", hint: undefined },
  { name: "email", label: "Email", type: "email", autoComplete: "off", hint: undefined },
  { name: "title", label: "Title or credentials (optional)", type: "text", autoComplete: "off", hint: "e.g. RN, BSN" },
  {
    name: "department",
    label: "Department (optional)",
    type: "text",
    autoComplete: "off",
    hint: "e.g. Medical-Surgical",
  },
] as const;

/** 'Invite preceptor': name, email, title; the invitee gets a link (7 days) to accept. */
export function InvitePreceptorDialog({ facilityId }: { facilityId?: string }) {
  const [open, setOpen] = useState(false);
  const invite = useInvitePreceptor();
  const form = useForm<FormInput, unknown, Values>({
    resolver: zodResolver(preceptorInviteSchema),
    defaultValues: { name: "", email: "", title: "", department: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      const sent = await invite.mutateAsync({
        name: values.name,
        email: values.email,
        title: values.title,
        department: values.department ?? undefined,
        facilityId,
      });
      toast.success("Invitation sent", { description: `${sent.name} (${sent.email}) has 7 days to accept.` });
      form.reset();
      setOpen(false);
    } catch (err) {
      failSubmit(form, err, { fields: FIELDS.map((f) => f.name), title: "Could not invite" });
    }
  });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <UserPlus aria-hidden /> Invite preceptor
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-lg">
        <DialogTitle>Invite preceptor</DialogTitle>
        <DialogDescription className="mb-4">
          We email them a link to accept. Someone who already has an account accepts while signed in with it.
        </DialogDescription>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <fieldset className="grid gap-4" disabled={isSubmitting}>
            {FIELDS.map((f) => {
              const id = `invite-preceptor-${f.name}`;
              const error = errors[f.name]?.message;
              return (
                <Field key={f.name} id={id} label={f.label} error={error} hint={f.hint}>
                  <Input
                    id={id}
                    type={f.type}
                    autoComplete={f.autoComplete}
                    aria-invalid={!!error}
                    aria-describedby={error ? `${id}-error` : f.hint ? `${id}-hint` : undefined}
                    {...form.register(f.name)}
                  />
                </Field>
              );
            })}
          </fieldset>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline" disabled={isSubmitting}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? "Sending..." : "Send invitation"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
