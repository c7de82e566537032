export const ROLES = ["super_admin", "admin", "program", "facility", "student"] as const;
export type Role = (typeof ROLES)[number];

/** Spec section 4: choose by priority; if none matches use the first found; no roles → null. */
export const ROLE_PRIORITY: readonly Role[] = ROLES;

export function resolveRole(roles: readonly string[]): Role | null {
  for (const r of ROLE_PRIORITY) if (roles.includes(r)) return r;
  return (roles[0] as Role | undefined) ?? null;
}

export const ROLE_LABELS: Record<Role, string> = {
  super_admin: "Super Admin",
  admin: "Administrator",
  program: "Nursing Program",
  facility: "Healthcare Facility",
  student: "Student",
};

/** Where '/auth' sends a signed-in user (spec section 2). A student is not redirected from /auth. */
export function homeFor(role: Role | null): string | null {
  switch (role) {
    case "program":
      return "/dashboard/program";
    case "facility":
      return "/dashboard/facility";
    case "admin":
    case "super_admin":
      return "/dashboard/admin";
    default:
      return null;
  }
}

export const isAdmin = (role: Role | null) => role === "admin" || role === "super_admin";

/** The sign-up chooser's three options (spec section 2), in order. */
export const SIGN_UP_ROLES = [
  { value: "program", label: "Nursing Program", description: "Clinical coordinators and faculty" },
  { value: "facility", label: "Healthcare Facility", description: "Clinical education coordinators" },
  { value: "admin", label: "Administrator", description: "Platform management" },
] as const;
export type SignUpRole = (typeof SIGN_UP_ROLES)[number]["value"];
