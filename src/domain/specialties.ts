/** The nursing specialties a placement, a department or a student's interest is filed under. */
export const NURSING_SPECIALTIES = [
  "Medical-Surgical",
  "Pediatrics",
  "Obstetrics / Labor & Delivery",
  "Intensive Care (ICU)",
  "Emergency",
  "Psychiatric / Mental Health",
  "Oncology",
  "Cardiology",
  "Neonatal ICU (NICU)",
  "Community Health",
  "Geriatrics",
  "Perioperative / OR",
  "Orthopedics",
  "Rehabilitation",
] as const;

export type Specialty = (typeof NURSING_SPECIALTIES)[number];

export function isSpecialty(value: unknown): value is Specialty {
  return typeof value === "string" && (NURSING_SPECIALTIES as readonly string[]).includes(value);
}
