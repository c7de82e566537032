import { Link, useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { NewPasswordFields, useNewPasswordForm } from "@/web/components/new-password-fields";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { authClient, authErrorMessage } from "@/web/lib/auth-client";

/** The page the reset mail links to: choose a new password; other sessions are signed out. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get("token");
  const linkError = params.get("error");
  const form = useNewPasswordForm();
  const { isSubmitting } = form.formState;

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
              <NewPasswordFields
                form={form}
                ids={{ password: "new-password", confirm: "confirm-password" }}
                labels={{ password: "New password", confirm: "Confirm new password" }}
              />
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
