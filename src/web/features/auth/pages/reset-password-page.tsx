import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Link, useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { resetPasswordSchema } from "@/domain/auth";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/input";
import { authClient, authErrorMessage } from "@/web/lib/auth-client";

type Values = { password: string; confirm: string };

/** The page the reset mail links to: choose a new password; other sessions are signed out. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get("token");
  const linkError = params.get("error");
  const form = useForm<Values>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { password: "", confirm: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ password }) => {
    if (!token) return;
    const { error } = await authClient.resetPassword({ newPassword: password, token });
    if (error) {
      toast.error("Reset failed", { description: authErrorMessage(error, "Could not reset the password.") });
      return;
    }
    toast.success("Password updated", { description: "Sign in with your new password." });
    navigate("/auth", { replace: true });
  });

  const invalid = !token || linkError;
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 p-4">
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle as="h1">Choose a new password</CardTitle>
          <CardDescription>Clinical Placement Portal</CardDescription>
        </CardHeader>
        <CardContent>
          {invalid ? (
            <div className="grid gap-3">
              <p role="alert" className="text-sm text-destructive">
                This reset link is invalid or has expired. Ask for a new one from the sign-in page.
              </p>
              <Button asChild variant="outline">
                <Link to="/auth">Back to sign in</Link>
              </Button>
            </div>
          ) : (
            <form className="grid gap-4" onSubmit={submit} noValidate>
              <Field
                id="new-password"
                label="New password"
                error={errors.password?.message}
                hint="At least 8 characters."
              >
                <Input
                  id="new-password"
                  type="password"
                  autoComplete="new-password"
                  aria-invalid={!!errors.password}
                  aria-describedby={errors.password ? "new-password-error" : "new-password-hint"}
                  {...form.register("password")}
                />
              </Field>
              <Field id="confirm-password" label="Confirm new password" error={errors.confirm?.message}>
                <Input
                  id="confirm-password"
                  type="password"
                  autoComplete="new-password"
                  aria-invalid={!!errors.confirm}
                  aria-describedby={errors.confirm ? "confirm-password-error" : undefined}
                  {...form.register("confirm")}
                />
              </Field>
              <Button type="submit" disabled={isSubmitting}>
                {isSubmitting ? "Saving..." : "Set new password"}
              </Button>
            </form>
          )}
        </CardContent>
      </Card>
    </main>
  );
}
