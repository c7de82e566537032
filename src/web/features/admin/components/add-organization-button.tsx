import { Plus } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { useNavigate } from "react-router";
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
import { Input } from "@/web/components/ui/input";
import { ApiError } from "@/web/lib/api-client";
import { type OrganizationKind, useCreateOrganization } from "../api";

const EMPTY = { name: "", city: "", state: "", email: "", coordinatorName: "" };
type Values = typeof EMPTY;
type Errors = Partial<Record<keyof Values, string>>;

/** The server's issue paths, under this form's fields (D14: the field is named). */
const FIELD_OF: Record<string, keyof Values> = {
  name: "name",
  city: "city",
  state: "state",
  "coordinator.email": "email",
  "coordinator.name": "coordinatorName",
};

/** What the browser checks before sending (the server checks the same again). */
function check(v: Values): Errors {
  const e: Errors = {};
  if (v.name.trim().length < 2) e.name = "Name must be at least 2 characters";
  if (v.city.trim().length < 2) e.city = "City must be at least 2 characters";
  if (!/^[A-Za-z]{2}$/.test(v.state.trim())) e.state = "State must be a two-letter code (OH)";
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.email.trim())) e.email = "Invalid email address";
  if (v.coordinatorName.trim().length < 2) e.coordinatorName = "Full name must be at least 2 characters";
  return e;
}

/** "Add": a verified organization and its first coordinator, invited by email (issue 14). */
export function AddOrganizationButton({ kind }: { kind: OrganizationKind }) {
  const noun = kind === "program" ? "program" : "facility";
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const create = useCreateOrganization();
  const navigate = useNavigate();
  const id = useId();

  const input = (field: keyof Values, label: string, props: Partial<React.ComponentProps<"input">> = {}) => (
    <Field id={`${id}-${field}`} label={label} error={errors[field]}>
      <Input
        id={`${id}-${field}`}
        value={values[field]}
        disabled={create.isPending}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={errors[field] ? `${id}-${field}-error` : undefined}
        onChange={(e) => {
          setValues({ ...values, [field]: e.target.value });
          setErrors({ ...errors, [field]: undefined });
        }}
        {...props}
      />
    </Field>
  );

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const found = check(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(
      {
        kind,
        name: values.name.trim(),
        city: values.city.trim(),
        state: values.state.trim(),
        coordinator: { email: values.email.trim(), name: values.coordinatorName.trim() },
      },
      {
        onSuccess: (res) => {
          setOpen(false);
          setValues(EMPTY);
          toast.success(`${res.organization.name} added`, {
            description: !res.mailSent
              ? `The email to ${res.coordinator.email} could not be sent: they can use "Forgot password" with that address.`
              : res.coordinator.newAccount
                ? `${res.coordinator.email} was emailed a link to choose their password.`
                : `${res.coordinator.email} already had an account: they were told by email.`,
          });
          navigate(`/dashboard/admin/${kind === "program" ? "programs" : "facilities"}/${res.organization.id}`);
        },
        onError: (err) => {
          if (!(err instanceof ApiError)) return;
          const next: Errors = {};
          for (const issue of err.issues) {
            const field = FIELD_OF[issue.path];
            if (field) next[field] = issue.message;
          }
          if (err.status === 409) next.name = err.message;
          setErrors(next);
        },
      },
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (!create.isPending) setOpen(o);
      }}
    >
      <DialogTrigger asChild>
        <Button>
          <Plus className="size-4" aria-hidden /> Add {noun}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>Add a {kind === "program" ? "nursing program" : "healthcare facility"}</DialogTitle>
        <DialogDescription>
          It is verified at once. Its first coordinator gets an email to choose their password, or a notice if they
          already have an account.
        </DialogDescription>
        <form noValidate onSubmit={onSubmit} className="mt-4 grid gap-4">
          {input("name", "Name")}
          <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
            {input("city", "City")}
            {input("state", "State", { maxLength: 2, placeholder: "OH", autoComplete: "off" })}
          </div>
          {input("coordinatorName", "Coordinator's full name", { autoComplete: "off" })}
          {input("email", "Coordinator's email", { type: "email", autoComplete: "off" })}
          <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={create.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? "Adding..." : `Add ${noun}`}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
