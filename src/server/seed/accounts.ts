import { eq } from "drizzle-orm";
import type { Role } from "../../domain/roles";
import type { Tx } from "../db/client";
import { users } from "../db/schema/auth";
import { profiles } from "../db/schema/organizations";
import { createUserAccount } from "../factories/accounts";
import { findUserIdByEmail } from "../features/accounts/service";
import { grantRole } from "../lib/access";
import type { Deps } from "../lib/context";
import * as D from "./data";

// The demo accounts: a super admin, an admin, a coordinator per organization, the demo student and
// an administrator access request. Made before the world's transaction (Better Auth hashes the
// passwords on its own connection; PGlite has one).

export type AccountSpec = {
  key: string;
  email: string;
  first: string;
  last: string;
  organizationName: string;
  /** null: an account without a role (an administrator access request waiting for a super admin). */
  role: Role | null;
};

/** Every demo account, keyed `superAdmin`, `admin`, `program:<i>`, `facility:<i>`, `student`, `requester`. */
export function demoAccountSpecs(): AccountSpec[] {
  return [
    { key: "superAdmin", ...D.DEMO_ACCOUNTS.superAdmin, organizationName: D.PLATFORM_NAME, role: "super_admin" },
    { key: "admin", ...D.DEMO_ACCOUNTS.admin, organizationName: D.PLATFORM_NAME, role: "admin" },
    ...D.PROGRAMS.map((p, i) => ({
      key: `program:${i}`,
      email: i === 0 ? D.DEMO_ACCOUNTS.program.email : `coordinator@${p.slug}.demo.test`,
      ...p.coordinator,
      organizationName: p.name,
      role: "program" as const,
    })),
    ...D.FACILITIES.map((f, i) => ({
      key: `facility:${i}`,
      email: i === 0 ? D.DEMO_ACCOUNTS.facility.email : `coordinator@${f.slug}.demo.test`,
      ...f.coordinator,
      organizationName: f.name,
      role: "facility" as const,
    })),
    { key: "student", ...D.DEMO_ACCOUNTS.student, organizationName: D.PROGRAMS[0].name, role: "student" },
    // Issue 17: the first facility's preceptors (seed/preceptors.ts).
    ...[
      D.DEMO_ACCOUNTS.preceptor,
      { email: `luis.romero@${D.FACILITIES[0].slug}.demo.test`, first: "Luis", last: "Romero" },
    ].map((p, i) => ({
      key: `preceptor:${i}`,
      ...p,
      organizationName: D.FACILITIES[0].name,
      role: "preceptor" as const,
    })),
    { key: "requester", ...D.DEMO_ACCESS_REQUEST, role: null },
  ];
}

export type DemoAccounts = {
  specs: AccountSpec[];
  /** The user id of an account by key. */
  user: (key: string) => string;
  spec: (key: string) => AccountSpec;
  /** Keys of the accounts this run created (the others existed already and were kept). */
  created: Set<string>;
};

/**
 * Every demo account has the same password: hash it once instead of once per account (scrypt costs
 * about 70 ms of CPU each). A copy of the auth context is handed to the account factory; the app's
 * own auth is left untouched.
 */
async function hashOnce(deps: Deps): Promise<Pick<Deps, "auth" | "db">> {
  const ctx = await deps.auth.$context;
  const hashed = await ctx.password.hash(D.DEMO_PASSWORD);
  const password = {
    ...ctx.password,
    hash: (plain: string) => (plain === D.DEMO_PASSWORD ? Promise.resolve(hashed) : ctx.password.hash(plain)),
  };
  return { db: deps.db, auth: { ...deps.auth, $context: Promise.resolve({ ...ctx, password }) } };
}

/** The demo account, reused when it exists already (a previous seed that failed half-way): it gets its role. */
async function ensureAccount(deps: Pick<Deps, "auth" | "db">, spec: AccountSpec) {
  const fullName = `${spec.first} ${spec.last}`;
  const existing = await findUserIdByEmail(deps, spec.email);
  if (existing) {
    await deps.db
      .insert(profiles)
      .values({ userId: existing, fullName, organizationName: spec.organizationName })
      .onConflictDoUpdate({
        target: profiles.userId,
        set: { organizationName: spec.organizationName },
        setWhere: eq(profiles.organizationName, ""),
      });
    if (spec.role) await grantRole(deps.db, existing, spec.role);
    return { id: existing, created: false };
  }
  const id = await createUserAccount(deps, {
    email: spec.email,
    password: D.DEMO_PASSWORD,
    fullName,
    organizationName: spec.organizationName,
    role: spec.role,
  });
  return { id, created: true };
}

export async function seedAccounts(deps: Deps): Promise<DemoAccounts> {
  const specs = demoAccountSpecs();
  const accountDeps = await hashOnce(deps);
  const made = await Promise.all(specs.map((s) => ensureAccount(accountDeps, s)));
  const ids = new Map(specs.map((s, i) => [s.key, made[i].id]));
  const byKey = new Map(specs.map((s) => [s.key, s]));
  const created = new Set(specs.filter((_, i) => made[i].created).map((s) => s.key));
  const reused = specs.filter((s) => !created.has(s.key)).map((s) => s.email);
  if (reused.length > 0) deps.log.warn({ reused }, "demo world: accounts existed already; kept their passwords");
  return { specs, user: (key) => ids.get(key)!, spec: (key) => byKey.get(key)!, created };
}

/** New demo accounts date from when their person joined (`joinedAt`), not from today. */
export async function backdateAccounts(tx: Tx, accounts: DemoAccounts, joinedAt: (key: string) => Date) {
  for (const s of accounts.specs) {
    if (!accounts.created.has(s.key)) continue;
    const when = joinedAt(s.key);
    const userId = accounts.user(s.key);
    await tx.update(users).set({ createdAt: when, updatedAt: when }).where(eq(users.id, userId));
    await tx.update(profiles).set({ createdAt: when, updatedAt: when }).where(eq(profiles.userId, userId));
  }
}
