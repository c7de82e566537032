import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import {
  NOT_A_LISTED_PROGRAM,
  SIGN_UP_CODE_SENT,
  signUpCodeSchema,
  studentSignUpFormSchema,
} from "@/domain/student-accounts";
import { Button } from "@/web/components/ui/button";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/input";
import { ApiError } from "@/web/lib/api-client";
import { toastError } from "@/web/lib/api-errors";
import { formatDate } from "@/web/lib/format";
import { confirmStudentSignUp, type ProgramChoice, requestStudentSignUpCode } from "../api";

type Values = { fullName: string; email: string; password: string };

/**
 * 'Create your student account' (D3): the email must be on the program's roster. Step 1 mails a
 * 6-digit code (the answer is the same for every email); step 2 checks it and creates the account.
 * When several programs list the email, step 3 asks which one the student is enrolled in (only
 * after the code proved the email, so roster membership never leaks).
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
      toastError(err, "Sign up failed");
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

const created = (programName: string) =>
  toast.success("Account created!", {
    description: `Welcome to Clinical Placement Portal. Your program: ${programName}`,
  });

function CodeStep({ values, onBack, onSignedUp }: { values: Values; onBack: () => void; onSignedUp: () => void }) {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [choices, setChoices] = useState<{ code: string; message: string; programs: ProgramChoice[] } | null>(null);

  if (choices) {
    return (
      <ChooseProgramStep
        values={values}
        code={choices.code}
        message={choices.message}
        programs={choices.programs}
        onBack={() => setChoices(null)}
        onSignedUp={onSignedUp}
      />
    );
  }

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
      const result = await confirmStudentSignUp({ email: values.email, code: checked.data, password: values.password });
      if ("chooseProgram" in result) {
        setChoices({ code: checked.data, message: result.message, programs: result.programs });
        return;
      }
      created(result.programName);
      onSignedUp();
    } catch (err) {
      const message = err instanceof Error ? err.message : "Please try again.";
      if (err instanceof ApiError) setError(err.issues.find((i) => i.path === "code")?.message ?? message);
      toastError(err, "Sign up failed");
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

/** Several programs list the email: the student says which one they are enrolled in (never a silent link). */
function ChooseProgramStep({
  values,
  code,
  message,
  programs,
  onBack,
  onSignedUp,
}: {
  values: Values;
  code: string;
  message: string;
  programs: ProgramChoice[];
  onBack: () => void;
  onSignedUp: () => void;
}) {
  const [chosen, setChosen] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!chosen) {
      setError(NOT_A_LISTED_PROGRAM);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const result = await confirmStudentSignUp({
        email: values.email,
        code,
        password: values.password,
        rosterEntryId: chosen,
      });
      if ("chooseProgram" in result) {
        setError(NOT_A_LISTED_PROGRAM);
        return;
      }
      created(result.programName);
      onSignedUp();
    } catch (err) {
      const text = err instanceof Error ? err.message : "Please try again.";
      if (err instanceof ApiError) setError(err.issues.find((i) => i.path === "rosterEntryId")?.message ?? text);
      toastError(err, "Sign up failed");
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      <h2 className="text-lg font-semibold">Choose your program</h2>
      <p className="text-sm text-muted-foreground">{message}</p>
      <fieldset
        className="grid gap-2"
        aria-describedby={error ? "student-signup-program-error" : "student-signup-program-hint"}
        aria-invalid={!!error}
      >
        <legend className="mb-2 text-sm font-medium">Which program are you enrolled in?</legend>
        {programs.map((p) => {
          const id = `student-signup-program-${p.rosterEntryId}`;
          return (
            <label
              key={p.rosterEntryId}
              htmlFor={id}
              className="flex cursor-pointer items-start gap-3 rounded-md border p-3 text-sm transition-colors hover:bg-muted has-[:checked]:border-primary has-[:checked]:bg-primary-soft"
            >
              <input
                id={id}
                type="radio"
                name="student-signup-program"
                value={p.rosterEntryId}
                checked={chosen === p.rosterEntryId}
                onChange={() => setChosen(p.rosterEntryId)}
                className="mt-0.5 size-4 accent-primary"
              />
              <span className="grid gap-0.5">
                <span className="font-medium">{p.programName}</span>
                <span className="text-xs text-muted-foreground">
                  Added your email to its roster on {formatDate(p.addedAt)}
                </span>
              </span>
            </label>
          );
        })}
      </fieldset>
      {error ? (
        <p id="student-signup-program-error" role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : (
        <p id="student-signup-program-hint" className="text-xs text-muted-foreground">
          Your account is linked to the program you choose: only that program sees your profile. If a program listed
          here is not yours, you can report it from your profile once signed in.
        </p>
      )}
      <Button type="submit" disabled={busy}>
        {busy ? "Creating account..." : "Create Account"}
      </Button>
      <Button variant="ghost" onClick={onBack}>
        Back
      </Button>
    </form>
  );
}
