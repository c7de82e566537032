import type { Context } from "hono";
import { recordAudit } from "../../lib/audit";
import { clientAddressOf } from "../../lib/client-address";
import type { AppEnv } from "../../lib/context";

// Better Auth's writes in the audit trail (issue 14): sign-ins and failed sign-ins with the email
// tried, sign-outs, sign-ups, password resets and changes, two-factor changes. Better Auth answers
// these itself (app.ts), so the generic `auditTrail` never sees them; app.ts calls this after it.

const SUMMARIES: Record<string, string> = {
  "sign-in/email": "Signed in",
  "two-factor/verify-totp": "Signed in with a two-factor code",
  "two-factor/verify-backup-code": "Signed in with a backup code",
  "sign-out": "Signed out",
  "sign-up/email": "Created an account",
  "request-password-reset": "Asked for a password reset link",
  "reset-password": "Reset the password",
  "change-password": "Changed the password",
  "two-factor/enable": "Turned on two-factor sign-in",
  "two-factor/disable": "Turned off two-factor sign-in",
  "revoke-session": "Signed out a session",
  "revoke-sessions": "Signed out every session",
  "revoke-other-sessions": "Signed out every other session",
  "update-user": "Changed the account's name",
};

const SIGN_INS = new Set(["sign-in/email", "two-factor/verify-totp", "two-factor/verify-backup-code"]);

type Someone = { id: string; email: string } | null;

function emailIn(body: string): string | null {
  try {
    const email = (JSON.parse(body) as { email?: unknown }).email;
    return typeof email === "string" ? email.trim().toLowerCase().slice(0, 255) : null;
  } catch {
    return null;
  }
}

/** The user a Better Auth answer names (sign-in and sign-up return `{ user }`). */
async function userIn(res: Response): Promise<Someone> {
  if (!res.headers.get("content-type")?.includes("application/json")) return null;
  try {
    const user = ((await res.clone().json()) as { user?: { id?: unknown; email?: unknown } }).user;
    return typeof user?.id === "string" && typeof user.email === "string" ? { id: user.id, email: user.email } : null;
  } catch {
    return null;
  }
}

/**
 * Records one Better Auth POST. `before`: who was signed in when the request came (null when no
 * one); `body`: the request's JSON text (for the email a sign-in tried).
 */
export async function auditAuthRequest(c: Context<AppEnv>, before: Someone, body: string, res: Response) {
  const name = c.req.path.replace(/^\/api\/auth\//, "");
  if (!SUMMARIES[name]) return; // reads and Better Auth internals: nothing changed
  const ip = clientAddressOf(c);
  const tried = emailIn(body);
  const detail: Record<string, unknown> = { status: res.status };
  let action: string;
  let actor: Someone = before;
  if (SIGN_INS.has(name)) {
    if (res.ok) {
      const user = await userIn(res);
      const secondFactorDue = !user && name === "sign-in/email";
      action = secondFactorDue ? "auth.sign_in_second_factor_due" : "auth.sign_in";
      actor = user ?? before;
      if (secondFactorDue) detail.email = tried;
    } else {
      action = "auth.sign_in_failed";
      actor = null;
      detail.email = tried;
    }
  } else {
    if (!res.ok) return; // a refused reset or change changed nothing
    action = `auth.${name.replace(/\//g, ".").replace(/-/g, "_")}`;
    if (name === "sign-up/email") actor = await userIn(res);
    if (name === "request-password-reset") detail.email = tried;
  }
  const summary = action === "auth.sign_in_failed" ? "Failed to sign in" : SUMMARIES[name];
  await recordAudit(c.get("deps").db, {
    action,
    summary: action === "auth.sign_in_second_factor_due" ? "Password accepted; second factor due" : summary,
    actorId: actor?.id ?? null,
    actorEmail: actor?.email ?? null,
    entityType: "users",
    entityId: actor?.id ?? null,
    detail,
    ip,
  }).catch((err) => c.get("log").error({ err }, "audit: could not record a sign-in"));
}
