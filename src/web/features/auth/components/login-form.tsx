import { type FormEvent, useRef, useState } from "react";
import type { SignUpRole } from "@/domain/roles";
import { buttonVariants } from "@/web/components/ui/button-variants";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/input";
import { loadToasts } from "@/web/lib/toasts";
import { loadQueryCache } from "../signed-in";
import { ForgotPasswordDialog } from "./forgot-password-dialog";
import { RoleChooser } from "./role-chooser";
import type { TwoFactorStep as TwoFactorStepType } from "./two-factor-step";

type Values = { email: string; password: string };
type Name = keyof Values;
type Errors = Partial<Record<Name, string>>;
type Check = (values: Values) => { data: Values; errors: null } | { data: null; errors: Errors };

const NAMES: readonly Name[] = ["email", "password"];

/**
 * The sign-in rules (zod, @/domain/auth), loaded on the first submit, not with the page: /auth
 * paints and hydrates without them, and without a form library (issue 11). Each field shows its
 * first message, as react-hook-form's zod resolver did.
 */
let check: Check | undefined;
async function loadCheck(): Promise<Check> {
  if (!check) {
    const { signInSchema } = await import("@/domain/auth");
    check = (values) => {
      const result = signInSchema.safeParse(values);
      if (result.success) return { data: result.data, errors: null };
      const errors: Errors = {};
      for (const issue of result.error.issues) {
        const name = issue.path[0] as Name;
        errors[name] ??= issue.message;
      }
      return { data: null, errors };
    };
  }
  return check;
}

/** Login tab: email, password, 'Sign In'; a second step asks for the code when two-factor is on. */
export function LoginForm({ onSignedIn, showRoleChooser }: { onSignedIn: () => void; showRoleChooser: boolean }) {
  const [role, setRole] = useState<SignUpRole>("program");
  const [values, setValues] = useState<Values>({ email: "", password: "" });
  const [errors, setErrors] = useState<Errors>({});
  // After the first submit, a field's message follows what is typed (react-hook-form's reValidateMode).
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  // The two-factor step's code loads when the server asks for it.
  const [TwoFactorStep, setTwoFactorStep] = useState<typeof TwoFactorStepType | null>(null);
  const inputs = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };

  function change(name: Name, value: string) {
    const next = { ...values, [name]: value };
    setValues(next);
    if (submitted && check) {
      const message = check(next).errors?.[name];
      setErrors((current) => ({ ...current, [name]: message }));
    }
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    setSubmitting(true);
    try {
      // All that signing in needs, at once: the rules, the auth client, the toasts, and the query
      // cache the signed-in pages read the account from.
      const signIn = Promise.all([import("@/web/lib/auth-client"), loadToasts(), loadQueryCache()]);
      signIn.catch(() => {}); // awaited below, unless the form is invalid
      const result = (await loadCheck())(values);
      if (result.errors) {
        setErrors(result.errors);
        const first = NAMES.find((name) => result.errors[name]);
        if (first) inputs[first].current?.focus();
        return;
      }
      setErrors({});
      const [{ authClient, authErrorMessage }, toast] = await signIn;
      const { data, error } = await authClient.signIn.email(result.data);
      if (error) {
        toast.error("Login failed", { description: authErrorMessage(error, "Invalid email or password") });
        return;
      }
      if (data && "twoFactorRedirect" in data && data.twoFactorRedirect) {
        const step = await import("./two-factor-step");
        setTwoFactorStep(() => step.TwoFactorStep);
        return;
      }
      toast.success("Welcome back!", { description: "Logging you in..." });
      onSignedIn();
    } finally {
      setSubmitting(false);
    }
  }

  if (TwoFactorStep) {
    return (
      <TwoFactorStep
        onVerified={async () => {
          const toast = await loadToasts();
          toast.success("Welcome back!", { description: "Logging you in..." });
          onSignedIn();
        }}
        onCancel={() => setTwoFactorStep(null)}
      />
    );
  }

  const field = (name: Name, label: string, type: string, autoComplete: string) => {
    const id = `login-${name}`;
    return (
      <Field id={id} label={label} error={errors[name]}>
        <Input
          ref={inputs[name]}
          id={id}
          name={name}
          type={type}
          autoComplete={autoComplete}
          value={values[name]}
          onChange={(e) => change(name, e.target.value)}
          aria-invalid={!!errors[name]}
          aria-describedby={errors[name] ? `${id}-error` : undefined}
        />
      </Field>
    );
  };

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      {showRoleChooser ? <RoleChooser idPrefix="login" value={role} onChange={setRole} /> : null}
      {field("email", "Email", "email", "email")}
      {field("password", "Password", "password", "current-password")}
      <button type="submit" className={buttonVariants()} disabled={submitting}>
        {submitting ? "Signing in..." : "Sign In"}
      </button>
      <div className="flex justify-center">
        <ForgotPasswordDialog loginEmail={values.email} />
      </div>
    </form>
  );
}
