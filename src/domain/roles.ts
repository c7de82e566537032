import { assertNever } from "./assert-never";

export const ROLES = ["super_admin", "admin", "program", "facility", "preceptor", "student"] as const;
export type Role = (typeof ROLES)[number];

/** Spec section 4: choose by priority; if none matches use the first found; no roles → null. */
export const ROLE_PRIORITY: readonly Role[] = ROLES;

export function resolveRole(roles: readonly string[]): Role | null {
  for (const r of ROLE_PRIORITY) if (roles.includes(r)) return r;
  return (roles[0] as Role | undefined) ?? null;
}

/**
 * The role a session acts as (issue 17, ADR 023): by priority, except that while the active
 * organization is one the user precepts at (a preceptor membership), a coordinator of another
 * organization acts as that facility's preceptor. Administrators stay administrators.
 */
export function roleForMembership(roles: readonly string[], membership?: "coordinator" | "preceptor"): Role | null {
  const role = resolveRole(roles);
  if (membership === "preceptor" && (role === "program" || role === "facility") && roles.includes("preceptor")) {
    return "preceptor";
  }
  return role;
}

export const ROLE_LABELS: Record<Role, string> = {
  super_admin: "Super Admin",
  admin: "Administrator",
  program: "Nursing Program",
  facility: "Healthcare Facility",
  preceptor: "Preceptor",
  student: "Student",
};

/** Where '/auth' sends a signed-in user (spec section 2). A student is not redirected from /auth. */
export function homeFor(role: Role | null): string | null {
  switch (role) {
    case "program":
      return "/dashboard/program";
    case "facility":
      return "/dashboard/facility";
    case "preceptor":
      return "/dashboard/preceptor";
    case "admin":
    case "super_admin":
      return "/dashboard/admin";
    case "student":
    case null:
      return null;
    default:
      return assertNever(role, "role");
  }
}

export const isAdmin = (role: Role | null) => role === "admin" || role === "super_admin";

// Who may call what: each role set is declared once, here, and used by the server's route guards
// (src/server/lib/access.ts) and the web router alike (ADR 011). Administrators act across every
// organization, so each side's set includes them.

/** Platform administrators. */
export const ADMIN_ROLES = ["admin", "super_admin"] as const satisfies readonly Role[];
/** Only the super admin: approving administrator access requests. */
export const SUPER_ADMIN_ONLY = ["super_admin"] as const satisfies readonly Role[];
/** A nursing program's pages and API: rosters, applications, placement search, program analytics. */
export const PROGRAM_SIDE = ["program", ...ADMIN_ROLES] as const satisfies readonly Role[];
/** A healthcare facility's pages and API: departments, placements, application review, analytics. */
export const FACILITY_SIDE = ["facility", ...ADMIN_ROLES] as const satisfies readonly Role[];
/**
 * A rotation's supervision (issue 17): its preceptors (invited facility staff holding the
 * `preceptor` role, who see only the rotations assigned to them), the facility's coordinators
 * (who oversee all of their facility's rotations and may be preceptors themselves) and administrators.
 */
export const PRECEPTOR_SIDE = ["preceptor", "facility", ...ADMIN_ROLES] as const satisfies readonly Role[];
/** The preceptor's own pages (/dashboard/preceptor...): preceptors, and administrators to look. */
export const PRECEPTOR_PAGES = ["preceptor", ...ADMIN_ROLES] as const satisfies readonly Role[];
/** A student's own pages and API (/student/*, /api/me/student/*); administrators may look too. */
export const STUDENT_VIEWERS = ["student", ...ADMIN_ROLES] as const satisfies readonly Role[];

/** True when any of `roles` is in `set`. */
export const holdsAny = (roles: readonly string[], set: readonly Role[]) => roles.some((r) => set.includes(r as Role));

/** The sign-up chooser's three options (spec section 2), in order. */
export const SIGN_UP_ROLES = [
  { value: "program", label: "Nursing Program", description: "Clinical coordinators and faculty" },
  { value: "facility", label: "Healthcare Facility", description: "Clinical education coordinators" },
  { value: "admin", label: "Administrator", description: "Platform management" },
] as const;
export type SignUpRole = (typeof SIGN_UP_ROLES)[number]["value"];
