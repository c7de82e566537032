import { zodResolver } from "@hookform/resolvers/zod";
import { UserPlus } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { type AddAdminInput, addAdminSchema, adminCreatedMessage } from "@/domain/admin-accounts";
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
import { useMe } from "@/web/lib/session";
import { useAddAdmin } from "../admins-api";

const EMPTY: AddAdminInput = { email: "", password: "", fullName: "", organizationName: "" };
const FIELDS = [
  { name: "email", label: "Email", type: "email", autoComplete: "off" },
  { name: "password", label: "Password", type: "password", autoComplete: "new-password" },
  { name: "fullName", label: "Full Name", type: "text", autoComplete: "off" },
  { name: "organizationName", label: "Organization Name", type: "text", autoComplete: "off" },
] as const;

/**
 * "Add Admin" (spec sections 5, 6, 8): for super admins only (the server refuses anyone else).
 * Every field is disabled while the request runs; on success the form is reset and the dialog closed.
 */
export function AddAdminDialog() {
  const me = useMe();
  const [open, setOpen] = useState(false);
  const add = useAddAdmin();
  const form = useForm<AddAdminInput>({ resolver: zodResolver(addAdminSchema) as never, defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;
  const busy = isSubmitting || add.isPending;

  const submit = form.handleSubmit(async (values) => {
    try {
      const created = await add.mutateAsync(values);
      toast.success("Success", { description: adminCreatedMessage(created.email) });
      form.reset(EMPTY);
      setOpen(false);
    } catch (err) {
      failSubmit(form, err, { fields: FIELDS.map((f) => f.name), title: "Error" });
    }
  });

  if (!me.data?.roles.includes("super_admin")) return null;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        setOpen(next);
        if (!next) form.reset(EMPTY);
      }}
    >
      <DialogTrigger asChild>
        <Button>
          <UserPlus aria-hidden /> Add Admin
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>Add Admin</DialogTitle>
        <DialogDescription>Create a new administrator account. They can sign in with this password.</DialogDescription>
        <form className="mt-4 grid gap-4" onSubmit={submit} noValidate>
          {FIELDS.map((f) => {
            const id = `add-admin-${f.name}`;
            const error = errors[f.name]?.message;
            return (
              <Field key={f.name} id={id} label={f.label} error={error}>
                <Input
                  id={id}
                  type={f.type}
                  autoComplete={f.autoComplete}
                  disabled={busy}
                  aria-invalid={!!error}
                  aria-describedby={error ? `${id}-error` : undefined}
                  {...form.register(f.name)}
                />
              </Field>
            );
          })}
          <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={busy}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={busy}>
              {busy ? "Creating..." : "Create Admin"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
