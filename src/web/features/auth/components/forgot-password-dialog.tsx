import { useState } from "react";
import { buttonVariants } from "@/web/components/ui/button-variants";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/input";
import { Modal } from "@/web/components/ui/modal";
import { loadToasts } from "@/web/lib/toasts";

/**
 * 'Forgot password?': uses the dialog's email, else the login form's (spec section 5). A `Modal`
 * and buttons styled by their classes alone: /auth loads neither Radix Dialog nor tailwind-merge
 * (issue 11).
 */
export function ForgotPasswordDialog({ loginEmail }: { loginEmail: string }) {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState("");
  const [sending, setSending] = useState(false);

  async function send() {
    const target = (email || loginEmail).trim();
    if (!target) {
      const toast = await loadToasts();
      toast.error("Enter your email", { description: "Please enter your email to reset your password." });
      return;
    }
    setSending(true);
    // The auth client and the toasts load on first use: /auth paints and hydrates without them (issue 11).
    const [{ authClient, authErrorMessage }, toast] = await Promise.all([
      import("@/web/lib/auth-client"),
      loadToasts(),
    ]);
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
    <>
      <button
        type="button"
        className={buttonVariants({ variant: "link", size: null })}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        Forgot password?
      </button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title="Reset Password"
        description="We will email you a link to choose a new password."
      >
        <form
          className="mt-4 grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            // The dialog sits inside the sign-in form: React bubbles its submit out of the portal,
            // and the sign-in form would check its own empty fields.
            e.stopPropagation();
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
          <button type="submit" className={buttonVariants()} disabled={sending}>
            {sending ? "Sending..." : "Send reset link"}
          </button>
        </form>
      </Modal>
    </>
  );
}
