import type { Role } from "../../domain/roles";
import { createAccount } from "../features/accounts/service";
import { grantRole } from "../lib/access";
import type { Deps } from "../lib/context";

// Accounts, as the demo world and the tests make them: through the accounts feature's service
// (Better Auth hashes the password), then the role.

export type AccountValues = {
  email: string;
  password: string;
  fullName: string;
  organizationName?: string;
  /** null: signed in without any role (e.g. an administrator access request waiting for a decision). */
  role: Role | null;
};

/** A user who signs in with email and password, with a profile and (unless null) a role; returns the id. */
export async function createUserAccount(deps: Pick<Deps, "auth" | "db">, values: AccountValues): Promise<string> {
  const { role, ...account } = values;
  const userId = await createAccount(deps, account);
  if (role) await grantRole(deps.db, userId, role);
  return userId;
}
