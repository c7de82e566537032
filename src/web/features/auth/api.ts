import { queryOptions } from "@tanstack/react-query";
import type { SignUpInput } from "@/domain/auth";
import { api, unwrap } from "@/web/lib/api-client";

export async function signUp(input: SignUpInput) {
  return unwrap(await api.api.accounts["sign-up"].$post({ json: input }));
}

/**
 * Signs in with what the sign-up form was given: true when that made a session (a new account),
 * false otherwise (the email had an account, whose owner was mailed; or it asks for a second factor).
 */
export async function signInAfterSignUp(email: string, password: string): Promise<boolean> {
  const { authClient } = await import("@/web/lib/auth-client");
  try {
    const { data, error } = await authClient.signIn.email({ email, password });
    return !error && !!data && !("twoFactorRedirect" in data && data.twoFactorRedirect);
  } catch {
    return false;
  }
}

// D3: student accounts (public calls; they end signed in).

export const invitationQuery = (token: string) =>
  queryOptions({
    queryKey: ["invitation", token],
    queryFn: async () => unwrap(await api.api.invitations[":token"].$get({ param: { token } })),
    retry: false,
  });

export async function acceptInvitation(token: string, password: string) {
  return unwrap(await api.api.invitations[":token"].accept.$post({ param: { token }, json: { password } }));
}

export async function requestStudentSignUpCode(input: { email: string; fullName?: string | null }) {
  return unwrap(await api.api.accounts["student-sign-up"].$post({ json: input }));
}

/**
 * Confirms the code: either the account is created (and signed in), or, when several programs list
 * the email, the programs to choose from (`chooseProgram`); resubmit with the chosen `rosterEntryId`.
 */
export async function confirmStudentSignUp(input: {
  email: string;
  code: string;
  password: string;
  rosterEntryId?: string;
}) {
  return unwrap(await api.api.accounts["student-sign-up"].confirm.$post({ json: input }));
}

export type ProgramChoice = { rosterEntryId: string; programName: string; addedAt: string };
