import { queryOptions, useQuery } from "@tanstack/react-query";
import type { SignUpInput } from "@/domain/auth";
import { ApiError, api, unwrap } from "@/web/lib/api-client";

async function fetchMe() {
  try {
    return await unwrap(await api.api.accounts.me.$get());
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

export type Me = NonNullable<Awaited<ReturnType<typeof fetchMe>>>;

/** The signed-in user, or null when nobody is signed in. */
export const meQuery = queryOptions({ queryKey: ["me"], queryFn: fetchMe, staleTime: 60_000 });

export const useMe = () => useQuery(meQuery);

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
