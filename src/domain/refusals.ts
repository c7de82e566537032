import type { RefusalCode } from "./applications";

/**
 * A business rule's refusal answers with one status, whichever route or actor meets it (ADR 003):
 * a student applying for themselves, a program submitting for several, a facility approving. 403 when
 * the organization may not act yet (pending verification), 404 for a record the caller cannot see,
 * 409 when the records' state forbids it (a full placement, an ended rotation, a withdrawn student).
 */
export const REFUSAL_STATUS = {
  student_not_found: 404,
  program_unverified: 403,
  organization_unverified: 403,
  already_applied: 409,
  placement_full: 409,
  placement_closed: 409,
  student_withdrawn: 409,
  rotation_started: 409,
  rotation_ended: 409,
  not_selected_before: 409,
  too_many_pending: 409,
  deadline_passed: 409,
  overlapping_rotation: 409,
  agreement_required: 409,
} as const satisfies Record<RefusalCode | "organization_unverified" | "overlapping_rotation", 403 | 404 | 409>;

export type RuleRefusal = keyof typeof REFUSAL_STATUS;
