import { queryOptions } from "@tanstack/react-query";
import type { SignUpInput } from "@/domain/auth";
import { api, unwrap } from "@/web/lib/api-client";

export async function signUp(input: SignUpInput) {
  return unwrap(await api.api.accounts["sign-up"].$post({ json: input }));
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
