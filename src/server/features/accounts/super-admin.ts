import { and, eq } from "drizzle-orm";
import { emailSchema, passwordSchema } from "../../../domain/auth";
import { userRoles } from "../../db/schema/organizations";
import { grantRole } from "../../lib/access";
import { APP_NAME } from "../../lib/auth";
import type { Deps } from "../../lib/context";
import { createAccount, findUserIdByEmail } from "./service";

export type SuperAdminInput = { email?: string; password?: string; name?: string };

export type SuperAdminResult =
  | { ok: true; userId: string; email: string; outcome: "created" | "promoted" | "already" }
  | { ok: false; field: "email" | "password" | "name"; message: string };

/**
 * D2: the first super admin comes from the command line. Creates the account (the password must
 * pass the sign-up rules) or, when the email is registered already, grants the role to that
 * account. An existing account's password is never changed here.
 */
export async function createOrPromoteSuperAdmin(
  deps: Pick<Deps, "auth" | "db">,
  input: SuperAdminInput,
): Promise<SuperAdminResult> {
  const parsedEmail = emailSchema.safeParse(input.email ?? "");
  if (!parsedEmail.success) return { ok: false, field: "email", message: parsedEmail.error.issues[0].message };
  const email = parsedEmail.data.toLowerCase();

  const existing = await findUserIdByEmail(deps, email);
  if (existing) {
    const held = await deps.db
      .select({ id: userRoles.id })
      .from(userRoles)
      .where(and(eq(userRoles.userId, existing), eq(userRoles.role, "super_admin")))
      .limit(1);
    if (held.length > 0) return { ok: true, userId: existing, email, outcome: "already" };
    await grantRole(deps.db, existing, "super_admin");
    return { ok: true, userId: existing, email, outcome: "promoted" };
  }

  if (input.password === undefined || input.password === "") {
    return { ok: false, field: "password", message: "Password is required to create a new account" };
  }
  const parsedPassword = passwordSchema.safeParse(input.password);
  if (!parsedPassword.success) return { ok: false, field: "password", message: parsedPassword.error.issues[0].message };
  const fullName = (input.name ?? "").trim() || "Super Admin";
  if (fullName.length < 2 || fullName.length > 100) {
    return { ok: false, field: "name", message: "Full name must be 2 to 100 characters" };
  }

  const userId = await createAccount(deps, {
    email,
    password: parsedPassword.data,
    fullName,
    organizationName: APP_NAME,
  });
  await grantRole(deps.db, userId, "super_admin");
  return { ok: true, userId, email, outcome: "created" };
}
