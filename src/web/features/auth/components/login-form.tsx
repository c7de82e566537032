import { useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { toast } from "sonner";
import type { SignUpRole } from "@/domain/roles";
import { Button } from "@/web/components/ui/button";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/input";
import { ForgotPasswordDialog } from "./forgot-password-dialog";
import { RoleChooser } from "./role-chooser";
import { TwoFactorStep } from "./two-factor-step";

type Values = { email: string; password: string };

/**
 * The sign-in rules (zod, @/domain/auth) and the auth client load on the first submit, not with the
 * page: /auth paints and hydrates without them (issue 11, public pages' weight).
 */
const resolver: Resolver<Values> = async (values, context, options) => {
  const [{ zodResolver }, { signInSchema }] = await Promise.all([
    import("@hookform/resolvers/zod"),
    import("@/domain/auth"),
  ]);
  return zodResolver(signInSchema)(values, context, options);
};

/** Login tab: email, password, 'Sign In'; a second step asks for the code when two-factor is on. */
export function LoginForm({ onSignedIn, showRoleChooser }: { onSignedIn: () => void; showRoleChooser: boolean }) {
  const [role, setRole] = useState<SignUpRole>("program");
  const [needsCode, setNeedsCode] = useState(false);
  const form = useForm<Values>({ resolver, defaultValues: { email: "", password: "" } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    const { authClient, authErrorMessage } = await import("@/web/lib/auth-client");
    const { data, error } = await authClient.signIn.email({ email: values.email, password: values.password });
    if (error) {
      toast.error("Login failed", { description: authErrorMessage(error, "Invalid email or password") });
      return;
    }
    if (data && "twoFactorRedirect" in data && data.twoFactorRedirect) {
      setNeedsCode(true);
      return;
    }
    toast.success("Welcome back!", { description: "Logging you in..." });
    onSignedIn();
  });

  if (needsCode) {
    return (
      <TwoFactorStep
        onVerified={() => {
          toast.success("Welcome back!", { description: "Logging you in..." });
          onSignedIn();
        }}
        onCancel={() => setNeedsCode(false)}
      />
    );
  }

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      {showRoleChooser ? <RoleChooser idPrefix="login" value={role} onChange={setRole} /> : null}
      <Field id="login-email" label="Email" error={errors.email?.message}>
        <Input
          id="login-email"
          type="email"
          autoComplete="email"
          aria-invalid={!!errors.email}
          aria-describedby={errors.email ? "login-email-error" : undefined}
          {...form.register("email")}
        />
      </Field>
      <Field id="login-password" label="Password" error={errors.password?.message}>
        <Input
          id="login-password"
          type="password"
          autoComplete="current-password"
          aria-invalid={!!errors.password}
          aria-describedby={errors.password ? "login-password-error" : undefined}
          {...form.register("password")}
        />
      </Field>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? "Signing in..." : "Sign In"}
      </Button>
      <div className="flex justify-center">
        <ForgotPasswordDialog loginEmail={form.watch("email")} />
      </div>
    </form>
  );
}
