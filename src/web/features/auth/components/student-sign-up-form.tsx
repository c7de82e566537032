import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { SIGN_UP_CODE_SENT, signUpCodeSchema, studentSignUpFormSchema } from "@/domain/student-accounts";
import { Button } from "@/web/components/ui/button";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/input";
import { ApiError } from "@/web/lib/api-client";
import { confirmStudentSignUp, requestStudentSignUpCode } from "../api";

type Values = { fullName: string; email: string; password: string };

/**
 * 'Create your student account' (D3): the email must be on the program's roster. Step 1 mails a
 * 6-digit code (the answer is the same for every email); step 2 checks it and creates the account.
 */
export function StudentSignUpForm({ onSignedUp }: { onSignedUp: () => void }) {
  const [sentTo, setSentTo] = useState<Values | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(studentSignUpFormSchema) as never,
    defaultValues: { fullName: "", email: "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await requestStudentSignUpCode({ email: values.email, fullName: values.fullName || null });
      setSentTo(values);
    } catch (err) {
      toast.error("Sign up failed", { description: err instanceof Error ? err.message : "Please try again." });
    }
  });

  if (sentTo) {
    return <CodeStep values={sentTo} onBack={() => setSentTo(null)} onSignedUp={onSignedUp} />;
  }

  const fields = [
    { name: "fullName", label: "Full name (optional)", type: "text", autoComplete: "name" },
    { name: "email", label: "Email", type: "email", autoComplete: "email" },
    { name: "password", label: "Password", type: "password", autoComplete: "new-password" },
  ] as const;

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      <h2 className="text-lg font-semibold">Create your student account</h2>
      <p className="text-sm text-muted-foreground">Use the email address your nursing program has on its roster.</p>
      {fields.map((f) => {
        const id = `student-signup-${f.name}`;
        const error = errors[f.name]?.message;
        const hint = f.name === "password" ? "At least 8 characters." : undefined;
        return (
          <Field key={f.name} id={id} label={f.label} error={error} hint={hint}>
            <Input
              id={id}
              type={f.type}
              autoComplete={f.autoComplete}
              aria-invalid={!!error}
              aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
              {...form.register(f.name)}
            />
          </Field>
        );
      })}
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? "Sending code..." : "Send me a code"}
      </Button>
    </form>
  );
}

function CodeStep({ values, onBack, onSignedUp }: { values: Values; onBack: () => void; onSignedUp: () => void }) {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const checked = signUpCodeSchema.safeParse(code);
    if (!checked.success) {
      setError(checked.error.issues[0].message);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await confirmStudentSignUp({ email: values.email, code: checked.data, password: values.password });
      toast.success("Account created!", { description: "Welcome to Clinical Placement Portal" });
      onSignedUp();
    } catch (err) {
      const message = err instanceof Error ? err.message : "Please try again.";
      if (err instanceof ApiError) setError(err.issues.find((i) => i.path === "code")?.message ?? message);
      toast.error("Sign up failed", { description: message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      <h2 className="text-lg font-semibold">Check your email</h2>
      <p role="status" className="rounded-md bg-primary-soft p-3 text-sm text-teal-950">
        {SIGN_UP_CODE_SENT}. We wrote to <strong className="break-all">{values.email}</strong>.
      </p>
      <Field id="student-signup-code" label="6-digit code" error={error ?? undefined}>
        <Input
          id="student-signup-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          aria-invalid={!!error}
          aria-describedby={error ? "student-signup-code-error" : undefined}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, ""))}
        />
      </Field>
      <Button type="submit" disabled={busy}>
        {busy ? "Creating account..." : "Create Account"}
      </Button>
      <Button variant="ghost" onClick={onBack}>
        Use another email or ask for a new code
      </Button>
    </form>
  );
}
