import { z } from "zod";
import { canonicalSpecialty, unknownSpecialtyMessage } from "./specialties";

export const COMPLIANCE_STATUSES = ["pending", "compliant", "incomplete"] as const;
export type ComplianceStatus = (typeof COMPLIANCE_STATUSES)[number];
export const COMPLIANCE_LABELS: Record<ComplianceStatus, string> = {
  pending: "Pending",
  compliant: "Compliant",
  incomplete: "Incomplete",
};

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

/** GPA 0.00 to 4.00 in steps of 0.01; empty means unknown. Accepts "3.5" from forms and CSV. */
export const gpaSchema = z
  .union([z.number(), z.string().trim()])
  .optional()
  .nullable()
  .transform((v, ctx) => {
    if (v === undefined || v === null || v === "") return null;
    const n = typeof v === "number" ? v : Number(v);
    if (!Number.isFinite(n)) {
      ctx.addIssue({ code: "custom", message: "GPA must be a number" });
      return z.NEVER;
    }
    if (n < 0 || n > 4) {
      ctx.addIssue({ code: "custom", message: "GPA must be between 0.00 and 4.00" });
      return z.NEVER;
    }
    if (Math.round(n * 100) !== Number((n * 100).toFixed(6))) {
      ctx.addIssue({ code: "custom", message: "GPA has at most two decimals" });
      return z.NEVER;
    }
    return n.toFixed(2);
  });

/**
 * A student's specialty interest (issue 9): empty, or a specialty of the catalogue. Synonyms
 * ("ICU", "Med-Surg", "L&D", "ER") are stored under the catalogue's name; anything else is refused
 * naming the allowed values, in the form, the API and each row of a roster import.
 */
function specialtyInterestSchema() {
  return optionalText(100, "Specialty interest").transform((v, ctx) => {
    if (v === null) return null;
    const known = canonicalSpecialty(v);
    if (known) return known;
    ctx.addIssue({ code: "custom", message: unknownSpecialtyMessage(v) });
    return z.NEVER;
  });
}

export const studentInputSchema = z.object({
  firstName: z
    .string({ error: "First name is required" })
    .trim()
    .min(1, "First name is required")
    .max(100, "First name must be at most 100 characters"),
  lastName: z
    .string({ error: "Last name is required" })
    .trim()
    .min(1, "Last name is required")
    .max(100, "Last name must be at most 100 characters"),
  email: z
    .string({ error: "Email is required" })
    .trim()
    .min(1, "Email is required")
    .max(255, "Email must be at most 255 characters")
    .pipe(z.email("Invalid email address")),
  phone: optionalText(40, "Phone"),
  gpa: gpaSchema,
  specialtyInterest: specialtyInterestSchema(),
});
export type StudentInput = z.input<typeof studentInputSchema>;
export type StudentValues = z.output<typeof studentInputSchema>;
