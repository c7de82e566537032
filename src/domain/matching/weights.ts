import type { Specialty } from "../specialties";

// Issue 13: the weights of the match score, in one place (the README's "Matching" section documents
// them). A placement's score for a student is the sum of weight × value over the six factors, each
// value between 0 and 1, so the weights add up to 100 and the score reads as a percent.

export const FACTOR_KEYS = ["specialty", "location", "schedule", "readiness", "academic", "availability"] as const;
export type FactorKey = (typeof FACTOR_KEYS)[number];

export const MATCH_WEIGHTS: Readonly<Record<FactorKey, number>> = Object.freeze({
  /** The placement's specialty against the student's interests (preferences, then the roster's). */
  specialty: 30,
  /** The facility's city and state against the preferred locations; distance from the program's campus. */
  location: 20,
  /** The dates against the student's other rotations and the dates their schedule notes name. */
  schedule: 15,
  /** The compliance items the rotation needs that the student has approved and valid through its end. */
  readiness: 15,
  /** The student's GPA against the placement's minimum, where it sets one. */
  academic: 10,
  /** Spots left: a placement with room left is a likelier yes. */
  availability: 10,
});

export const FACTOR_LABELS: Readonly<Record<FactorKey, string>> = Object.freeze({
  specialty: "Specialty fit",
  location: "Location",
  schedule: "Schedule",
  readiness: "Readiness",
  academic: "Academic fit",
  availability: "Availability",
});

/**
 * The values each factor takes (0–1). Neutral (0.5) is what a factor scores when the student gave
 * nothing to judge by (no interests, no locations): it neither helps nor hurts one placement
 * against another.
 */
export const FACTOR_VALUES = Object.freeze({
  neutral: 0.5,
  specialty: { first: 1, listed: 0.9, titleWord: 0.8, related: 0.55, other: 0.1 },
  location: { city: 1, state: 0.75, elsewhere: 0.1, distanceShare: 0.6 },
  schedule: { clear: 1, lateJoin: 0.7, pendingOverlap: 0.5, outsideNotes: 0.2 },
  readiness: { met: 1, halfway: 0.5 },
  academic: { noMinimum: 1, meets: 0.8, unknown: 0.5 },
});

/** Distance from the program's campus (miles): full value within the first, none beyond the last. */
export const DISTANCE_MILES = Object.freeze({ near: 25, commute: 100, far: 300 });
/** Value at `commute` miles, falling linearly from 1 at `near` and to 0 at `far`. */
export const DISTANCE_VALUE_AT_COMMUTE = 0.4;

/** Availability: 0.25 + 0.15 per spot left, full from five spots on. */
export const AVAILABILITY = Object.freeze({ base: 0.25, perSpot: 0.15 });

/** A GPA this far above the minimum gets the factor's full value (linear from `meets`). */
export const GPA_MARGIN_FOR_FULL = 0.5;

/**
 * Specialties close enough that a student interested in one would likely welcome the other (a
 * Pediatrics student and a NICU rotation). Symmetric; read by `relatedSpecialties`.
 */
export const RELATED_SPECIALTIES: readonly (readonly [Specialty, Specialty])[] = [
  ["Pediatrics", "Neonatal ICU (NICU)"],
  ["Obstetrics / Labor & Delivery", "Neonatal ICU (NICU)"],
  ["Intensive Care (ICU)", "Emergency"],
  ["Intensive Care (ICU)", "Cardiology"],
  ["Intensive Care (ICU)", "Neonatal ICU (NICU)"],
  ["Cardiology", "Medical-Surgical"],
  ["Medical-Surgical", "Geriatrics"],
  ["Medical-Surgical", "Oncology"],
  ["Medical-Surgical", "Orthopedics"],
  ["Geriatrics", "Rehabilitation"],
  ["Geriatrics", "Community Health"],
  ["Orthopedics", "Perioperative / OR"],
  ["Orthopedics", "Rehabilitation"],
  ["Emergency", "Perioperative / OR"],
  ["Psychiatric / Mental Health", "Community Health"],
];

/** How many factors the reason names at most (strongest first), and at most one caveat after them. */
export const REASON_FACTORS = 3;
