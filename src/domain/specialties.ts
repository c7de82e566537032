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

/** Lower case, "&" as "and", letters and digits only: "L&D" → "landd", "Med-Surg" → "medsurg". */
const specialtyKey = (value: string) =>
  value
    .toLowerCase()
    .replace(/&/g, "and")
    .replace(/[^a-z0-9]/g, "");

/**
 * What coordinators write in their spreadsheets, mapped to the catalogue (issue 9). Keys are
 * compared after specialtyKey(); the catalogue's own names (and their parts) match too.
 */
const SPECIALTY_SYNONYMS: Record<string, Specialty> = {
  medsurg: "Medical-Surgical",
  medicalsurgical: "Medical-Surgical",
  medicalsurgery: "Medical-Surgical",
  medsurgical: "Medical-Surgical",
  ms: "Medical-Surgical",
  peds: "Pediatrics",
  pediatric: "Pediatrics",
  paediatrics: "Pediatrics",
  paeds: "Pediatrics",
  ob: "Obstetrics / Labor & Delivery",
  obgyn: "Obstetrics / Labor & Delivery",
  obstetrics: "Obstetrics / Labor & Delivery",
  obstetric: "Obstetrics / Labor & Delivery",
  landd: "Obstetrics / Labor & Delivery",
  ld: "Obstetrics / Labor & Delivery",
  laboranddelivery: "Obstetrics / Labor & Delivery",
  maternity: "Obstetrics / Labor & Delivery",
  womenshealth: "Obstetrics / Labor & Delivery",
  icu: "Intensive Care (ICU)",
  intensivecare: "Intensive Care (ICU)",
  criticalcare: "Intensive Care (ICU)",
  ccu: "Intensive Care (ICU)",
  micu: "Intensive Care (ICU)",
  sicu: "Intensive Care (ICU)",
  er: "Emergency",
  ed: "Emergency",
  emergencydepartment: "Emergency",
  emergencyroom: "Emergency",
  emergencymedicine: "Emergency",
  psych: "Psychiatric / Mental Health",
  psychiatric: "Psychiatric / Mental Health",
  psychiatry: "Psychiatric / Mental Health",
  mentalhealth: "Psychiatric / Mental Health",
  behavioralhealth: "Psychiatric / Mental Health",
  onc: "Oncology",
  oncology: "Oncology",
  cardiac: "Cardiology",
  cardio: "Cardiology",
  cardiology: "Cardiology",
  nicu: "Neonatal ICU (NICU)",
  neonatal: "Neonatal ICU (NICU)",
  neonatalicu: "Neonatal ICU (NICU)",
  neonatalintensivecare: "Neonatal ICU (NICU)",
  community: "Community Health",
  publichealth: "Community Health",
  communityhealth: "Community Health",
  geri: "Geriatrics",
  geriatric: "Geriatrics",
  gerontology: "Geriatrics",
  longtermcare: "Geriatrics",
  or: "Perioperative / OR",
  perioperative: "Perioperative / OR",
  periop: "Perioperative / OR",
  operatingroom: "Perioperative / OR",
  surgery: "Perioperative / OR",
  ortho: "Orthopedics",
  orthopedic: "Orthopedics",
  orthopaedics: "Orthopedics",
  rehab: "Rehabilitation",
};

const BY_KEY = new Map<string, Specialty>([
  ...Object.entries(SPECIALTY_SYNONYMS),
  ...NURSING_SPECIALTIES.map((s) => [specialtyKey(s), s] as [string, Specialty]),
]);

/** The catalogue's name for a specialty as people write it ("ICU", "Med-Surg", "L&D"); null when unknown. */
export function canonicalSpecialty(value: string): Specialty | null {
  const key = specialtyKey(value);
  return key ? (BY_KEY.get(key) ?? null) : null;
}

/** The error of an unknown specialty, naming the allowed values. */
export const unknownSpecialtyMessage = (value: string) =>
  `Unknown specialty "${value.length > 60 ? `${value.slice(0, 57)}...` : value}". Use one of: ${NURSING_SPECIALTIES.join(", ")}`;
