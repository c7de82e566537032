import { z } from "zod";
import { passwordSchema } from "./auth";

// Preceptors (issue 17): facility staff who supervise students on approved rotations. Shared by the
// server's validation, the web forms and the tests. `today` is always passed in (YYYY-MM-DD).

/** A preceptor invitation's link works this long. */
export const PRECEPTOR_INVITATION_TTL_DAYS = 7;
/** At most this many preceptors per rotation. */
export const MAX_PRECEPTORS_PER_ROTATION = 5;

/** Where a rotation stands in time: before its start, between its dates (inclusive), after its end. */
export const ROTATION_STATUSES = ["upcoming", "current", "ended"] as const;
export type RotationStatus = (typeof ROTATION_STATUSES)[number];
export const ROTATION_STATUS_LABELS: Record<RotationStatus, string> = {
  upcoming: "Upcoming",
  current: "Current",
  ended: "Ended",
};

export function rotationStatus(r: { startDate: string; endDate: string }, today: string): RotationStatus {
  if (today < r.startDate) return "upcoming";
  if (today > r.endDate) return "ended";
  return "current";
}

/** Who precepts: a facility coordinator, or invited staff holding the preceptor role. */
export const PRECEPTOR_KINDS = ["coordinator", "preceptor"] as const;
export type PreceptorKind = (typeof PRECEPTOR_KINDS)[number];

export const preceptorInviteSchema = z.object({
  name: z
    .string({ error: "Name is required" })
    .trim()
    .min(1, "Name is required")
    .max(120, "Name must be at most 120 characters"),
  email: z
    .string({ error: "Email is required" })
    .trim()
    .toLowerCase()
    .pipe(z.email("Enter a valid email address").max(254, "Email must be at most 254 characters")),
  title: z
    .string({ error: "Title must be text" })
    .trim()
    .max(80, "Title must be at most 80 characters")
    .optional()
    .transform((v) => (v ? v : "Preceptor")),
  department: z
    .string({ error: "Department must be text" })
    .trim()
    .max(120, "Department must be at most 120 characters")
    .optional()
    .transform((v) => (v ? v : null)),
});
export type PreceptorInvite = z.input<typeof preceptorInviteSchema>;

export const assignPreceptorsSchema = z.object({
  userIds: z
    .array(z.string({ error: "userIds must be user ids" }).min(1).max(64), {
      error: "userIds must be a list of user ids",
    })
    .max(MAX_PRECEPTORS_PER_ROTATION, `A rotation has at most ${MAX_PRECEPTORS_PER_ROTATION} preceptors`)
    .refine((ids) => new Set(ids).size === ids.length, "Each preceptor may be named once"),
});

/** Accepting a preceptor invitation: a new account sets its password; a signed-in account sends none. */
export const acceptPreceptorInvitationSchema = z.object({
  password: passwordSchema.optional(),
});

export const PRECEPTOR_INVITATION_STATES = ["valid", "used", "expired", "revoked"] as const;
export type PreceptorInvitationState = (typeof PRECEPTOR_INVITATION_STATES)[number];
