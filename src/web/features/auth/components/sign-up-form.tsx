import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, useForm } from "react-hook-form";
import { toast } from "sonner";
import { type SignUpInput, signUpSchema } from "@/domain/auth";
import { Button } from "@/web/components/ui/button";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/input";
import { failSubmit } from "@/web/lib/api-errors";
import { signInAfterSignUp, signUp } from "../api";
import { fetchSignedIn } from "../signed-in";
import { RoleChooser } from "./role-chooser";

const FIELDS = [
  { name: "fullName", label: "Full name", type: "text", autoComplete: "name" },
  { name: "organizationName", label: "Organization name", type: "text", autoComplete: "organization" },
  { name: "email", label: "Email", type: "email", autoComplete: "email" },
  { name: "password", label: "Password", type: "password", autoComplete: "new-password" },
] as const;

/** Sign Up tab: the server makes the organization or the admin access request (D2). */
export function SignUpForm({ onSignedUp }: { onSignedUp: () => void }) {
  const form = useForm<SignUpInput>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { fullName: "", organizationName: "", email: "", password: "", role: "program" },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      const { message } = await signUp(values);
      // The answer is the same for a new email and one that already has an account, and signs no
      // one in (ADR 006): signing in with what was typed works for a new account; otherwise its
      // owner got a mail.
      const me = (await signInAfterSignUp(values.email, values.password)) ? await fetchSignedIn() : null;
      if (!me) {
        toast.success("Check your email", { description: message });
        return;
      }
      toast.success("Account created!", { description: "Welcome to Clinical Placement Portal" });
      onSignedUp();
    } catch (err) {
      failSubmit(form, err, { fields: Object.keys(values), title: "Sign up failed" });
    }
  });

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      <Controller
        control={form.control}
        name="role"
        render={({ field }) => <RoleChooser idPrefix="signup" value={field.value} onChange={field.onChange} />}
      />
      {FIELDS.map((f) => {
        const id = `signup-${f.name}`;
        const error = errors[f.name]?.message;
        return (
          <Field
            key={f.name}
            id={id}
            label={f.label}
            error={error}
            hint={f.name === "password" ? "At least 8 characters." : undefined}
          >
            <Input
              id={id}
              type={f.type}
              autoComplete={f.autoComplete}
              aria-invalid={!!error}
              aria-describedby={error ? `${id}-error` : f.name === "password" ? `${id}-hint` : undefined}
              {...form.register(f.name)}
            />
          </Field>
        );
      })}
      {form.watch("role") === "admin" ? (
        <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          Administrator accounts need a super admin's approval. You can sign in after creating the account; admin tools
          appear once your request is approved.
        </p>
      ) : null}
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? "Creating account..." : "Create Account"}
      </Button>
    </form>
  );
}
