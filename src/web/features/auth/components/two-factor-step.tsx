import { useState } from "react";
import { Button } from "@/web/components/ui/button";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/input";
import { loadToasts } from "@/web/lib/toasts";

/** Sign-in's second step: a code from the authenticator app, or one of the backup codes (loaded when the server asks for it). */
export function TwoFactorStep({ onVerified, onCancel }: { onVerified: () => void; onCancel: () => void }) {
  const [useBackup, setUseBackup] = useState(false);
  const [code, setCode] = useState("");
  const [trust, setTrust] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  async function verify(e: React.FormEvent) {
    e.preventDefault();
    const value = code.replace(/\s+/g, "");
    if (!value) {
      setError(useBackup ? "Enter a backup code" : "Enter the 6-digit code");
      return;
    }
    setBusy(true);
    // The auth client loads on first use: /auth paints and hydrates without it (issue 11).
    const [{ authClient, authErrorMessage }, toast] = await Promise.all([
      import("@/web/lib/auth-client"),
      loadToasts(),
    ]);
    const { error: err } = useBackup
      ? await authClient.twoFactor.verifyBackupCode({ code: value, trustDevice: trust })
      : await authClient.twoFactor.verifyTotp({ code: value, trustDevice: trust });
    setBusy(false);
    if (err) {
      const message = authErrorMessage(err, "Invalid code");
      setError(message);
      toast.error("Login failed", { description: message });
      return;
    }
    onVerified();
  }

  return (
    <form className="grid gap-4" onSubmit={verify} noValidate>
      <div>
        <h2 className="text-base font-semibold">Two-factor authentication</h2>
        <p className="text-sm text-muted-foreground">
          {useBackup ? "Enter one of your backup codes." : "Enter the 6-digit code from your authenticator app."}
        </p>
      </div>
      <Field id="two-factor-code" label={useBackup ? "Backup code" : "Authentication code"} error={error}>
        <Input
          id="two-factor-code"
          inputMode={useBackup ? "text" : "numeric"}
          autoComplete="one-time-code"
          autoFocus
          value={code}
          aria-invalid={!!error}
          aria-describedby={error ? "two-factor-code-error" : undefined}
          onChange={(e) => setCode(e.target.value)}
        />
      </Field>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={trust} onChange={(e) => setTrust(e.target.checked)} className="size-4" />
        Trust this device for 30 days
      </label>
      <Button type="submit" disabled={busy}>
        {busy ? "Verifying..." : "Verify"}
      </Button>
      <div className="flex justify-between">
        <Button
          variant="link"
          size="sm"
          onClick={() => {
            setUseBackup(!useBackup);
            setCode("");
            setError(undefined);
          }}
        >
          {useBackup ? "Use authenticator code" : "Use a backup code"}
        </Button>
        <Button variant="link" size="sm" onClick={onCancel}>
          Back
        </Button>
      </div>
    </form>
  );
}
