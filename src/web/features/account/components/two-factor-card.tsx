import { useQueryClient } from "@tanstack/react-query";
import { QRCodeSVG } from "qrcode.react";
import { useState } from "react";
import { toast } from "sonner";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/input";
import { authClient, authErrorMessage } from "@/web/lib/auth-client";

type Enrolment = { totpURI: string; backupCodes: string[] };

/** Two-factor with an authenticator app: enrol by QR code, confirm with a code, backup codes, turn off with the password. */
export function TwoFactorCard({ enabled }: { enabled: boolean }) {
  const queryClient = useQueryClient();
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const refresh = () => queryClient.invalidateQueries({ queryKey: ["me"] });

  async function start(e: React.FormEvent) {
    e.preventDefault();
    setError(undefined);
    if (!password) return setError("Enter your password");
    setBusy(true);
    const { data, error: err } = await authClient.twoFactor.enable({ password });
    setBusy(false);
    if (err || !data || !("totpURI" in data))
      return setError(authErrorMessage(err, "Could not start two-factor set-up"));
    setEnrolment({ totpURI: data.totpURI, backupCodes: data.backupCodes });
    setPassword("");
  }

  async function confirm(e: React.FormEvent) {
    e.preventDefault();
    setError(undefined);
    if (!/^\d{6}$/.test(code.trim())) return setError("Enter the 6-digit code from your app");
    setBusy(true);
    const { error: err } = await authClient.twoFactor.verifyTotp({ code: code.trim() });
    setBusy(false);
    if (err) return setError(authErrorMessage(err, "That code did not match. Try the newest code."));
    toast.success("Two-factor authentication is on", { description: "You will be asked for a code when you sign in." });
    setEnrolment(null);
    setCode("");
    await refresh();
  }

  async function disable(e: React.FormEvent) {
    e.preventDefault();
    setError(undefined);
    if (!password) return setError("Enter your password");
    setBusy(true);
    const { error: err } = await authClient.twoFactor.disable({ password });
    setBusy(false);
    if (err) return setError(authErrorMessage(err, "Could not turn off two-factor authentication"));
    toast.success("Two-factor authentication is off");
    setPassword("");
    await refresh();
  }

  const secret = enrolment ? new URL(enrolment.totpURI).searchParams.get("secret") : null;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          Two-factor authentication <Badge variant={enabled ? "success" : "muted"}>{enabled ? "On" : "Off"}</Badge>
        </CardTitle>
        <CardDescription>
          A code from an authenticator app (Google Authenticator, 1Password, Authy) at every sign-in.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {enrolment ? (
          <form className="grid gap-4" onSubmit={confirm} noValidate>
            <div className="flex flex-col gap-4 sm:flex-row">
              <div className="rounded-md border border-border bg-white p-3">
                <QRCodeSVG value={enrolment.totpURI} size={168} title="QR code for your authenticator app" />
              </div>
              <div className="text-sm">
                <p>1. Scan the code with your authenticator app, or enter this key:</p>
                <code className="mt-1 block break-all rounded bg-muted p-2 text-xs" data-testid="totp-secret">
                  {secret}
                </code>
                <p className="mt-3">
                  2. Keep these backup codes somewhere safe. Each works once if you lose your phone:
                </p>
                <ul className="mt-1 grid grid-cols-2 gap-1 font-mono text-xs" data-testid="backup-codes">
                  {enrolment.backupCodes.map((c) => (
                    <li key={c}>{c}</li>
                  ))}
                </ul>
              </div>
            </div>
            <Field id="totp-confirm" label="3. Enter the 6-digit code to confirm" error={error}>
              <Input
                id="totp-confirm"
                inputMode="numeric"
                autoComplete="one-time-code"
                value={code}
                onChange={(e) => setCode(e.target.value)}
                aria-invalid={!!error}
                aria-describedby={error ? "totp-confirm-error" : undefined}
              />
            </Field>
            <div className="flex gap-2">
              <Button type="submit" disabled={busy}>
                {busy ? "Checking..." : "Turn on"}
              </Button>
              <Button variant="outline" onClick={() => setEnrolment(null)}>
                Cancel
              </Button>
            </div>
          </form>
        ) : (
          <form className="grid gap-4 sm:max-w-sm" onSubmit={enabled ? disable : start} noValidate>
            <Field id="tf-password" label="Your password" error={error}>
              <Input
                id="tf-password"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                aria-invalid={!!error}
                aria-describedby={error ? "tf-password-error" : undefined}
              />
            </Field>
            <Button type="submit" variant={enabled ? "destructive" : "default"} disabled={busy}>
              {enabled ? "Turn off two-factor" : "Set up two-factor"}
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
