import { twoFactorClient } from "better-auth/client/plugins";
import { createAuthClient } from "better-auth/react";

export const authClient = createAuthClient({
  basePath: "/api/auth",
  plugins: [twoFactorClient()],
});

/** Better Auth answers errors as { message, code }; this reads either that or our envelope. */
export function authErrorMessage(
  error: { message?: string; error?: { message?: string } } | null | undefined,
  fallback: string,
) {
  return error?.message || error?.error?.message || fallback;
}
