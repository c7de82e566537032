import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/web/components/ui/dialog";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/input";

/** 'Forgot password?': uses the dialog's email, else the login form's (spec section 5). */
export function ForgotPasswordDialog({ loginEmail }: { loginEmail: string }) {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState("");
  const [sending, setSending] = useState(false);

  async function send() {
    const target = (email || loginEmail).trim();
    if (!target) {
      toast.error("Enter your email", { description: "Please enter your email to reset your password." });
      return;
    }
    setSending(true);
    // The auth client loads on first use: /auth paints and hydrates without it (issue 11).
    const { authClient, authErrorMessage } = await import("@/web/lib/auth-client");
    const { error } = await authClient.requestPasswordReset({ email: target, redirectTo: "/reset-password" });
    setSending(false);
    if (error) {
      toast.error("Reset failed", { description: authErrorMessage(error, "Could not send reset email.") });
      return;
    }
    toast.success("Email sent", { description: "Check your inbox for the reset link." });
    setOpen(false);
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="link" size="sm" className="h-auto" onClick={() => setOpen(true)}>
        Forgot password?
      </Button>
      <DialogContent>
        <DialogTitle>Reset Password</DialogTitle>
        <DialogDescription>We will email you a link to choose a new password.</DialogDescription>
        <form
          className="mt-4 grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            void send();
          }}
        >
          <Field id="reset-email" label="Email">
            <Input
              id="reset-email"
              type="email"
              autoComplete="email"
              value={email}
              placeholder={loginEmail || "you@example.edu"}
              onChange={(e) => setEmail(e.target.value)}
            />
          </Field>
          <Button type="submit" disabled={sending}>
            {sending ? "Sending..." : "Send reset link"}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
