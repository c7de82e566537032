import { type CurrentDocument, itemReadiness } from "../compliance";
import { dateRangeLabel, dayLabel } from "../placements";
import { canonicalSpecialty, isSpecialty, NURSING_SPECIALTIES, type Specialty } from "../specialties";
import { cityKey, distanceMiles, isCoordinate, type PlacePreference, readPlace, US_STATES } from "./places";
import { readScheduleNotes, type ScheduleNotes } from "./schedule-notes";
import {
  AVAILABILITY,
  DISTANCE_MILES,
  DISTANCE_VALUE_AT_COMMUTE,
  FACTOR_KEYS,
  FACTOR_LABELS,
  FACTOR_VALUES,
  type FactorKey,
  GPA_MARGIN_FOR_FULL,
  MATCH_WEIGHTS,
  REASON_FACTORS,
  RELATED_SPECIALTIES,
} from "./weights";

export type { FactorKey } from "./weights";
export { FACTOR_KEYS, FACTOR_LABELS, MATCH_WEIGHTS } from "./weights";

// Plain module constants: the hot loop reads these, not imported bindings.
const V = FACTOR_VALUES;
const W = MATCH_WEIGHTS;
const readinessOf = itemReadiness;
const milesBetween = distanceMiles;

// Issue 13 (PRODUCT.md D12): a 0–100 match score for a student and a placement from six named,
// weighted factors (weights.ts), each with a value from 0 to 1 and a sentence saying why, and a
// reason made from the strongest of them. Pure and deterministic: `today` (YYYY-MM-DD) is a
// parameter, never the clock.
//
// Built to be called for every pair of a large run (the bulk matcher: ~600,000 pairs): what
// depends on the student alone is prepared once (`prepareStudent`, kept per student object), what
// depends on the placement alone once per placement object, and `matchScore` computes the score
// without allocating. `scorePlacement` adds the factors' sentences and the reason. Prepared data
// is kept by object identity: do not change a student or placement object after scoring it.

/** A current compliance document of the student (one per requirement type). */
export type ScoringDocument = CurrentDocument & { requirementTypeId: string };

/** One of the student's other rotations: an approved one rules out overlapping dates; a pending one weighs. */
export type ScoringRotation = {
  placementId: string;
  title: string;
  status: "approved" | "pending";
  startDate: string;
  endDate: string;
};

export type ScoringStudent = {
  /** 0–4, or null when the roster has none. */
  gpa: number | null;
  /** The roster's specialty interest (the program's record). */
  specialtyInterest: string | null;
  /** The student's own specialty interests (preferences), first the most wanted. */
  specialtyInterests: readonly string[];
  /** "Sacramento, CA", "Sacramento", "California" or "CA". */
  geographicPreferences: readonly string[];
  /** Free text; only explicit dates are read (schedule-notes.ts). */
  scheduleConstraints: string | null;
  /** Where the student studies (their program's campus), for distances; null when unknown. */
  home: { latitude: number; longitude: number } | null;
  /** The requirement types the student's program asks of every student. */
  programRequirementTypeIds: readonly string[];
  /** The student's documents in force, one per type (approved, submitted or rejected; documentInForce). */
  documents: readonly ScoringDocument[];
  /** The student's approved and pending rotations. */
  rotations: readonly ScoringRotation[];
};

export type ScoringPlacement = {
  id: string;
  title: string;
  specialty: string;
  startDate: string;
  endDate: string;
  capacity: number;
  slotsFilled: number;
  /** The lowest GPA the placement takes (0–4), or null. */
  minGpa: number | null;
  /** The facility's city, state (code) and coordinates. */
  city: string | null;
  state: string | null;
  latitude: number | null;
  longitude: number | null;
  /** The requirement types the facility and the placement ask (the program's come with the student). */
  requirementTypeIds: readonly string[];
};

export type Factor = {
  key: FactorKey;
  label: string;
  /** The factor's weight (the weights add up to 100). */
  weight: number;
  /** 0 to 1. */
  value: number;
  /** Why, in a sentence. */
  detail: string;
};

export type ScoredPlacement = {
  /** Integer 0–100: the sum of weight × value, rounded; 0 when not eligible. */
  score: number;
  factors: Factor[];
  /** A sentence from the strongest factors (and the one caveat that matters most). */
  reason: string;
  /**
   * False when the placement cannot be offered to this student: its dates overlap one of their
   * approved rotations, their GPA is below its minimum, or it has no spot left. The reason says which.
   */
  eligible: boolean;
};

export type ScoringOptions = {
  /** "student": "your interest" (default); "coordinator": "their interest". */
  voice?: "student" | "coordinator";
  /** Names of requirement types, for the readiness sentence ("missing: TB screening"). */
  requirementNames?: ReadonlyMap<string, string>;
};

/** `matchScore`'s answer for a placement the student cannot be offered. */
export const INELIGIBLE = -1;

// ---------------------------------------------------------------------------------------------
// What is prepared once per student and once per placement

type SpecialtyHit = { value: number; interest: string; kind: "first" | "listed" | "related" };
/** A rotation with its days as ordinals (see `dayOrdinal`). */
type DatedRotation = { rotation: ScoringRotation; start: number; end: number };

/**
 * A calendar day (YYYY-MM-DD) as a number that orders like the day: comparisons without strings in
 * the hot loop. Not a count of days (no arithmetic on it).
 */
export function dayOrdinal(day: string): number {
  const y = day.charCodeAt(0) * 1000 + day.charCodeAt(1) * 100 + day.charCodeAt(2) * 10 + day.charCodeAt(3) - 53_328;
  const m = day.charCodeAt(5) * 10 + day.charCodeAt(6) - 528;
  return y * 416 + m * 32 + day.charCodeAt(8) * 10 + day.charCodeAt(9) - 528;
}
let lastToday = "";
let lastTodayOrdinal = 0;
const todayOrdinal = (today: string) => {
  if (today !== lastToday) {
    lastToday = today;
    lastTodayOrdinal = dayOrdinal(today);
  }
  return lastTodayOrdinal;
};

export type PreparedStudent = {
  readonly student: ScoringStudent;
  readonly gpa: number | null;
  /** Every catalogue specialty the student's interests reach, with its value. */
  readonly specialties: ReadonlyMap<Specialty, SpecialtyHit>;
  /** Interests that are no catalogue specialty, lower case (matched against titles). */
  readonly keywords: readonly string[];
  readonly interestLabels: readonly string[];
  readonly cities: ReadonlyMap<string, PlacePreference>;
  readonly states: ReadonlyMap<string, PlacePreference>;
  readonly placeLabels: readonly string[];
  readonly homeLatitude: number;
  readonly homeLongitude: number;
  readonly hasHome: boolean;
  readonly programRequirements: ReadonlySet<string>;
  readonly programRequirementList: readonly string[];
  readonly documents: ReadonlyMap<string, ScoringDocument>;
  readonly approved: readonly DatedRotation[];
  readonly pending: readonly DatedRotation[];
  readonly notes: ScheduleNotes;
};

const preparedStudents = new WeakMap<ScoringStudent, PreparedStudent>();

const RELATED = new Map<Specialty, Specialty[]>();
for (const [a, b] of RELATED_SPECIALTIES) {
  RELATED.set(a, [...(RELATED.get(a) ?? []), b]);
  RELATED.set(b, [...(RELATED.get(b) ?? []), a]);
}

const byStart = (a: DatedRotation, b: DatedRotation) => a.start - b.start;

/** What the score needs of the student alone, computed once (and kept for this student object). */
export function prepareStudent(student: ScoringStudent): PreparedStudent {
  const kept = preparedStudents.get(student);
  if (kept) return kept;
  // Interests: the student's own list in order, then the roster's; catalogue names and synonyms.
  const specialties = new Map<Specialty, SpecialtyHit>();
  const keywords: string[] = [];
  const interestLabels: string[] = [];
  const raw = [...student.specialtyInterests, ...(student.specialtyInterest ? [student.specialtyInterest] : [])];
  let rank = 0;
  for (const entry of raw) {
    const label = entry.trim();
    if (!label) continue;
    const specialty = canonicalSpecialty(label);
    if (specialty) {
      if (specialties.get(specialty)?.kind === "first" || specialties.get(specialty)?.kind === "listed") continue;
      const kind = rank === 0 ? "first" : "listed";
      specialties.set(specialty, {
        value: kind === "first" ? V.specialty.first : V.specialty.listed,
        interest: specialty,
        kind,
      });
      interestLabels.push(specialty);
      rank += 1;
    } else if (label.length >= 3 && !keywords.includes(label.toLowerCase())) {
      keywords.push(label.toLowerCase());
      interestLabels.push(label);
      rank += 1;
    }
  }
  for (const specialty of interestLabels) {
    if (!specialties.has(specialty as Specialty)) continue;
    for (const near of RELATED.get(specialty as Specialty) ?? []) {
      if (!specialties.has(near))
        specialties.set(near, { value: V.specialty.related, interest: specialty, kind: "related" });
    }
  }
  // Places: "City, ST" and "City" by city key; states alone by code.
  const cities = new Map<string, PlacePreference>();
  const states = new Map<string, PlacePreference>();
  const placeLabels: string[] = [];
  for (const entry of student.geographicPreferences) {
    const place = readPlace(entry);
    if (!place) continue;
    placeLabels.push(place.label);
    if (place.city) {
      const key = `${place.city}|${place.state ?? "*"}`;
      if (!cities.has(key)) cities.set(key, place);
    } else if (place.state && !states.has(place.state)) states.set(place.state, place);
  }
  const home = student.home && isCoordinate(student.home.latitude, student.home.longitude) ? student.home : null;
  const documents = new Map<string, ScoringDocument>();
  for (const d of student.documents) documents.set(d.requirementTypeId, d);
  const approved: DatedRotation[] = [];
  const pending: DatedRotation[] = [];
  for (const r of student.rotations) {
    (r.status === "approved" ? approved : pending).push({
      rotation: r,
      start: dayOrdinal(r.startDate),
      end: dayOrdinal(r.endDate),
    });
  }
  approved.sort(byStart);
  pending.sort(byStart);
  const prepared: PreparedStudent = {
    student,
    gpa: typeof student.gpa === "number" && Number.isFinite(student.gpa) ? student.gpa : null,
    specialties,
    keywords,
    interestLabels,
    cities,
    states,
    placeLabels,
    homeLatitude: home ? home.latitude : 0,
    homeLongitude: home ? home.longitude : 0,
    hasHome: home !== null,
    programRequirements: new Set(student.programRequirementTypeIds),
    programRequirementList: [...new Set(student.programRequirementTypeIds)],
    documents,
    approved,
    pending,
    notes: readScheduleNotes(student.scheduleConstraints),
  };
  preparedStudents.set(student, prepared);
  return prepared;
}

export type PreparedPlacement = {
  readonly placement: ScoringPlacement;
  readonly specialty: Specialty | null;
  readonly cityState: string;
  readonly cityAny: string;
  readonly state: string | null;
  readonly hasCoordinates: boolean;
  readonly title: string;
  readonly where: string;
  readonly start: number;
  readonly end: number;
};
const preparedPlacements = new WeakMap<ScoringPlacement, PreparedPlacement>();
const SPECIALTY_NAMES = new Set<string>(NURSING_SPECIALTIES);

/** What the score needs of the placement alone, computed once (and kept for this placement object). */
export function preparePlacement(p: ScoringPlacement): PreparedPlacement {
  let k = preparedPlacements.get(p);
  if (k) return k;
  const city = p.city ? cityKey(p.city) : "";
  const state = p.state ? p.state.trim().toUpperCase() : null;
  k = {
    placement: p,
    specialty:
      SPECIALTY_NAMES.has(p.specialty) && isSpecialty(p.specialty) ? p.specialty : canonicalSpecialty(p.specialty),
    cityState: city ? `${city}|${state ?? "*"}` : "",
    cityAny: city ? `${city}|*` : "",
    state,
    hasCoordinates: isCoordinate(p.latitude, p.longitude),
    title: p.title.toLowerCase(),
    where: [p.city, p.state].filter(Boolean).join(", "),
    start: dayOrdinal(p.startDate),
    end: dayOrdinal(p.endDate),
  };
  preparedPlacements.set(p, k);
  return k;
}

const asPrepared = (s: ScoringStudent | PreparedStudent): PreparedStudent =>
  "programRequirementList" in s ? s : prepareStudent(s);
const asPreparedPlacement = (p: ScoringPlacement | PreparedPlacement): PreparedPlacement =>
  "placement" in p ? p : preparePlacement(p);

// ---------------------------------------------------------------------------------------------
// The factors. Each returns its value (INELIGIBLE where the factor rules the placement out) and
// leaves what it found in `ev`, which `scorePlacement` turns into sentences. One scratch object for
// every call: the matcher's hot loop allocates nothing.

const ev = {
  specialty: "none" as "none" | "first" | "listed" | "related" | "titleWord" | "other",
  specialtyInterest: "",
  location: "none" as "none" | "city" | "state" | "distance" | "elsewhere",
  place: null as PlacePreference | null,
  miles: -1,
  schedule: "clear" as "clear" | "approvedOverlap" | "pendingOverlap" | "notesFrom" | "notesUntil" | "notesOff",
  lateJoin: false,
  rotation: null as ScoringRotation | null,
  after: null as ScoringRotation | null,
  notesDay: "",
  notesRange: null as { start: string; end: string } | null,
  required: 0,
  met: 0,
  awaiting: 0,
  expiring: 0,
  collect: false,
  missing: [] as string[],
  academic: "noMinimum" as "noMinimum" | "unknown" | "meets" | "below",
  spotsLeft: 0,
};

function specialtyValue(s: PreparedStudent, p: ScoringPlacement, k: PreparedPlacement): number {
  const hit = k.specialty ? s.specialties.get(k.specialty) : undefined;
  if (hit && hit.kind !== "related") {
    ev.specialty = hit.kind;
    ev.specialtyInterest = hit.interest;
    return hit.value;
  }
  for (const word of s.keywords) {
    if (k.title.includes(word) || p.specialty.toLowerCase().includes(word)) {
      ev.specialty = "titleWord";
      ev.specialtyInterest = word;
      return V.specialty.titleWord;
    }
  }
  if (hit) {
    ev.specialty = "related";
    ev.specialtyInterest = hit.interest;
    return hit.value;
  }
  if (s.interestLabels.length === 0) {
    ev.specialty = "none";
    return V.neutral;
  }
  ev.specialty = "other";
  return V.specialty.other;
}

/** 1 within `near` miles, 0.4 at `commute`, 0 from `far` on (linear between). */
export function distanceValue(miles: number): number {
  const { near, commute, far } = DISTANCE_MILES;
  if (miles <= near) return 1;
  if (miles <= commute) return 1 - ((1 - DISTANCE_VALUE_AT_COMMUTE) * (miles - near)) / (commute - near);
  if (miles < far) return (DISTANCE_VALUE_AT_COMMUTE * (far - miles)) / (far - commute);
  return 0;
}

function locationValue(s: PreparedStudent, p: ScoringPlacement, k: PreparedPlacement): number {
  ev.miles =
    s.hasHome && k.hasCoordinates ? milesBetween(s.homeLatitude, s.homeLongitude, p.latitude!, p.longitude!) : -1;
  ev.place = null;
  if (s.placeLabels.length > 0) {
    const city = k.cityState ? (s.cities.get(k.cityState) ?? s.cities.get(k.cityAny)) : undefined;
    if (city) {
      ev.location = "city";
      ev.place = city;
      return V.location.city;
    }
    const state = k.state ? s.states.get(k.state) : undefined;
    if (state) {
      ev.location = "state";
      ev.place = state;
      return V.location.state;
    }
    ev.location = "elsewhere";
    return ev.miles >= 0 ? V.location.distanceShare * distanceValue(ev.miles) : V.location.elsewhere;
  }
  if (ev.miles >= 0) {
    ev.location = "distance";
    return distanceValue(ev.miles);
  }
  ev.location = "none";
  return V.neutral;
}

function scheduleValue(s: PreparedStudent, p: ScoringPlacement, k: PreparedPlacement, today: string): number {
  const now = todayOrdinal(today);
  ev.rotation = null;
  ev.after = null;
  ev.lateJoin = false;
  ev.notesRange = null;
  for (const r of s.approved) {
    if (r.start <= k.end && k.start <= r.end) {
      if (r.rotation.placementId === p.id) continue;
      ev.schedule = "approvedOverlap";
      ev.rotation = r.rotation;
      return INELIGIBLE;
    }
    // The latest approved rotation still running or to come that ends before this one starts.
    if (r.end < k.start && r.end >= now) ev.after = r.rotation;
  }
  let value = V.schedule.clear;
  ev.schedule = "clear";
  const n = s.notes;
  if (n.understood.length > 0) {
    if (n.availableFrom && p.startDate < n.availableFrom) {
      ev.schedule = "notesFrom";
      ev.notesDay = n.availableFrom;
      value = V.schedule.outsideNotes;
    } else if (n.availableUntil && p.endDate > n.availableUntil) {
      ev.schedule = "notesUntil";
      ev.notesDay = n.availableUntil;
      value = V.schedule.outsideNotes;
    } else {
      for (const off of n.unavailable) {
        if (off.start <= p.endDate && p.startDate <= off.end) {
          ev.schedule = "notesOff";
          ev.notesRange = off;
          value = V.schedule.outsideNotes;
          break;
        }
      }
    }
  }
  if (value === V.schedule.clear) {
    for (const r of s.pending) {
      if (r.start <= k.end && k.start <= r.end && r.rotation.placementId !== p.id) {
        ev.schedule = "pendingOverlap";
        ev.rotation = r.rotation;
        value = V.schedule.pendingOverlap;
        break;
      }
    }
  }
  if (k.start <= now) {
    ev.lateJoin = true;
    if (value > V.schedule.lateJoin) value = V.schedule.lateJoin;
  }
  return value;
}

function readinessOfItem(s: PreparedStudent, typeId: string, today: string, endDate: string): number {
  const doc = s.documents.get(typeId) ?? null;
  const r = readinessOf(doc, today, endDate);
  if (r === "met") {
    ev.met += 1;
    return V.readiness.met;
  }
  if (r === "expiring_before_end") {
    ev.expiring += 1;
    return V.readiness.halfway;
  }
  if (doc?.status === "submitted" && !(doc.expiresOn && doc.expiresOn < today)) {
    ev.awaiting += 1;
    return V.readiness.halfway;
  }
  if (ev.collect) ev.missing.push(typeId);
  return 0;
}

function readinessValue(s: PreparedStudent, p: ScoringPlacement, today: string): number {
  ev.required = 0;
  ev.met = 0;
  ev.awaiting = 0;
  ev.expiring = 0;
  if (ev.collect) ev.missing.length = 0;
  let sum = 0;
  for (const id of s.programRequirementList) {
    ev.required += 1;
    sum += readinessOfItem(s, id, today, p.endDate);
  }
  for (const id of p.requirementTypeIds) {
    if (s.programRequirements.has(id)) continue;
    ev.required += 1;
    sum += readinessOfItem(s, id, today, p.endDate);
  }
  return ev.required === 0 ? V.readiness.met : sum / ev.required;
}

function academicValue(s: PreparedStudent, p: ScoringPlacement): number {
  if (p.minGpa === null || p.minGpa === undefined || p.minGpa <= 0) {
    ev.academic = "noMinimum";
    return V.academic.noMinimum;
  }
  if (s.gpa === null) {
    ev.academic = "unknown";
    return V.academic.unknown;
  }
  if (s.gpa + 1e-9 < p.minGpa) {
    ev.academic = "below";
    return INELIGIBLE;
  }
  ev.academic = "meets";
  const margin = Math.min(1, (s.gpa - p.minGpa) / GPA_MARGIN_FOR_FULL);
  return V.academic.meets + (1 - V.academic.meets) * margin;
}

function availabilityValue(p: ScoringPlacement): number {
  const left = p.capacity - p.slotsFilled;
  ev.spotsLeft = left;
  if (left <= 0) return INELIGIBLE;
  return Math.min(1, AVAILABILITY.base + AVAILABILITY.perSpot * left);
}

/** Fills `values` (in FACTOR_KEYS order) and returns the unrounded total, or INELIGIBLE. */
function evaluate(s: PreparedStudent, k: PreparedPlacement, today: string, values: number[] | null): number {
  const p = k.placement;
  const availability = availabilityValue(p);
  const schedule = scheduleValue(s, p, k, today);
  const academic = academicValue(s, p);
  const specialty = specialtyValue(s, p, k);
  const location = locationValue(s, p, k);
  const readiness = readinessValue(s, p, today);
  if (values) {
    values[0] = specialty;
    values[1] = location;
    values[2] = schedule;
    values[3] = readiness;
    values[4] = academic;
    values[5] = availability;
  }
  if (availability < 0 || schedule < 0 || academic < 0) return INELIGIBLE;
  return (
    W.specialty * specialty +
    W.location * location +
    W.schedule * schedule +
    W.readiness * readiness +
    W.academic * academic +
    W.availability * availability
  );
}

/**
 * The score alone (integer 0–100), or INELIGIBLE (-1): what the bulk matcher calls for every pair.
 * Allocates nothing once the student and the placement are prepared (the first call prepares them).
 */
export function matchScore(
  student: ScoringStudent | PreparedStudent,
  placement: ScoringPlacement | PreparedPlacement,
  today: string,
): number {
  ev.collect = false;
  const total = evaluate(asPrepared(student), asPreparedPlacement(placement), today, null);
  return total < 0 ? INELIGIBLE : Math.round(total);
}

// ---------------------------------------------------------------------------------------------
// The sentences

type Words = { your: string; you: string; youAre: string; yours: string };
const STUDENT_WORDS: Words = { your: "your", you: "you", youAre: "you are", yours: "yours" };
const COORDINATOR_WORDS: Words = { your: "their", you: "they", youAre: "they are", yours: "theirs" };

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const listOf = (items: readonly string[], max = 3) =>
  items.length <= max ? items.join(", ") : `${items.slice(0, max).join(", ")} and ${items.length - max} more`;
const gpa = (n: number) => n.toFixed(2);
const rotationName = (r: ScoringRotation) => `${r.title} (${dateRangeLabel(r.startDate, r.endDate)})`;

function specialtyDetail(w: Words, p: ScoringPlacement, s: PreparedStudent): string {
  switch (ev.specialty) {
    case "first":
    case "listed":
      return `Matches ${w.your} ${ev.specialtyInterest} interest`;
    case "titleWord":
      return `Its title mentions "${ev.specialtyInterest}", one of ${w.your} interests`;
    case "related":
      return `Close to ${w.your} ${ev.specialtyInterest} interest: ${p.specialty}`;
    case "other":
      return `Outside ${w.your} interests (${listOf(s.interestLabels)})`;
    default:
      return `No specialty interests on ${w.your} profile`;
  }
}

/** "14 miles"; "1 mile"; under one mile rounds to no distance at all, so say "less than a mile". */
export function milesText(miles: number): string {
  if (miles < 1) return "less than a mile";
  const n = Math.round(miles);
  return `${n} mile${n === 1 ? "" : "s"}`;
}

function locationDetail(w: Words, k: PreparedPlacement, s: PreparedStudent): string {
  const where = k.where || "a location not given";
  const miles = ev.miles >= 0 ? `${milesText(ev.miles)} from ${w.your} program` : "";
  switch (ev.location) {
    case "city":
      return `In ${where}, one of ${w.your} preferred locations`;
    case "state":
      return `In ${where}; ${US_STATES[ev.place!.state!] ?? ev.place!.state} is one of ${w.your} preferred locations`;
    case "elsewhere":
      return miles
        ? `In ${where}, ${miles}, not among ${w.your} preferred locations`
        : `In ${where}, not among ${w.your} preferred locations (${listOf(s.placeLabels)})`;
    case "distance":
      return `In ${where}, ${miles}`;
    default:
      return `In ${where}; no preferred locations on ${w.your} profile`;
  }
}

function scheduleDetail(w: Words, p: ScoringPlacement, today: string): string {
  const late = ev.lateJoin ? `; already under way since ${dayLabel(p.startDate)}, so ${w.you} would join late` : "";
  switch (ev.schedule) {
    case "approvedOverlap":
      return `Overlaps ${w.your} approved rotation ${rotationName(ev.rotation!)}`;
    case "pendingOverlap":
      return `Overlaps ${w.your} pending application to ${rotationName(ev.rotation!)}${late}`;
    case "notesFrom":
      return `Starts before ${dayLabel(ev.notesDay)}, when ${w.your} schedule notes say ${w.youAre} available${late}`;
    case "notesUntil":
      return `Ends after ${dayLabel(ev.notesDay)}, the last day ${w.your} schedule notes say ${w.youAre} available${late}`;
    case "notesOff":
      return `Overlaps ${dateRangeLabel(ev.notesRange!.start, ev.notesRange!.end)}, which ${w.your} schedule notes keep free${late}`;
    default:
      if (ev.lateJoin) return `Already under way since ${dayLabel(p.startDate)}: ${w.you} would join late`;
      if (ev.after) {
        const current = ev.after.startDate <= today;
        return current
          ? `Starts after ${w.your} current rotation ends`
          : `Starts after ${w.your} ${ev.after.title} rotation ends`;
      }
      return `Fits ${w.your} calendar: no other rotation on those dates`;
  }
}

function readinessDetail(opts: ScoringOptions): string {
  if (ev.required === 0) return "No compliance items required";
  if (ev.met === ev.required)
    return `All ${plural(ev.required, "required item")} approved and valid through the rotation`;
  const names = ev.missing.map((id) => opts.requirementNames?.get(id) ?? id);
  const parts = [`${ev.met} of ${plural(ev.required, "required item")} ready`];
  if (names.length > 0) parts.push(`missing: ${listOf(names)}`);
  if (ev.awaiting > 0) parts.push(`${ev.awaiting} awaiting review`);
  if (ev.expiring > 0) parts.push(`${ev.expiring} ${ev.expiring === 1 ? "expires" : "expire"} before it ends`);
  return parts.join("; ");
}

function academicDetail(w: Words, p: ScoringPlacement): string {
  switch (ev.academic) {
    case "noMinimum":
      return "No minimum GPA";
    case "unknown":
      return `Asks for a GPA of at least ${gpa(p.minGpa!)}; ${w.yours} is not on record`;
    case "meets":
      return `Meets the ${gpa(p.minGpa!)} minimum GPA`;
    default:
      return `Asks for a GPA of at least ${gpa(p.minGpa!)}, above ${w.yours}`;
  }
}

function availabilityDetail(p: ScoringPlacement): string {
  if (ev.spotsLeft <= 0) return "No spots left";
  if (ev.spotsLeft <= 3) return `Only ${plural(ev.spotsLeft, "spot")} left`;
  return `${ev.spotsLeft} of ${p.capacity} spots left`;
}

/** Whether a factor's sentence is worth saying in the reason as a strength. */
function isStrength(key: FactorKey, value: number): boolean {
  switch (key) {
    case "specialty":
      return ev.specialty !== "none" && ev.specialty !== "other";
    case "location":
      return ev.location === "city" || ev.location === "state" || (ev.location === "distance" && value >= 0.75);
    case "schedule":
      return ev.schedule === "clear" && !ev.lateJoin && ev.after !== null;
    case "readiness":
      return ev.required > 0 && ev.met === ev.required;
    case "academic":
      return ev.academic === "meets";
    default:
      return false;
  }
}

/** Whether a factor's sentence is a caveat the reason should mention. */
function isCaveat(key: FactorKey, value: number): boolean {
  switch (key) {
    case "specialty":
      return ev.specialty === "other";
    case "location":
      return ev.location === "elsewhere";
    case "schedule":
      return value < 1;
    case "readiness":
      return value < 1;
    case "academic":
      return ev.academic === "unknown";
    default:
      return ev.spotsLeft > 0 && ev.spotsLeft <= 2;
  }
}

/** A sentence as a part of the reason: its first word in lower case unless it is a name. */
const LEADS = /^(Matches|Its|Close|Outside|No|In|Overlaps|Starts|Ends|Already|Fits|All|Meets|Asks|Only)\b/;
const asPart = (detail: string) => (LEADS.test(detail) ? detail[0].toLowerCase() + detail.slice(1) : detail);
const firstUpper = (text: string) => text[0].toUpperCase() + text.slice(1);

const round3 = (v: number) => Math.round(v * 1000) / 1000;

/**
 * The score with its six factors and the reason. Same score as `matchScore`; an ineligible
 * placement scores 0 and its reason says why.
 */
export function scorePlacement(
  student: ScoringStudent | PreparedStudent,
  prepared: ScoringPlacement | PreparedPlacement,
  today: string,
  opts: ScoringOptions = {},
): ScoredPlacement {
  const s = asPrepared(student);
  const w = opts.voice === "coordinator" ? COORDINATOR_WORDS : STUDENT_WORDS;
  const k = asPreparedPlacement(prepared);
  const placement = k.placement;
  const values = [0, 0, 0, 0, 0, 0];
  ev.collect = true;
  const total = evaluate(s, k, today, values);
  ev.collect = false;
  // The sentences read `ev`, which evaluate() left as each factor found it (in FACTOR_KEYS order).
  const details: Record<FactorKey, string> = {
    specialty: specialtyDetail(w, placement, s),
    location: locationDetail(w, k, s),
    schedule: scheduleDetail(w, placement, today),
    readiness: readinessDetail(opts),
    academic: academicDetail(w, placement),
    availability: availabilityDetail(placement),
  };
  const strengths: { key: FactorKey; weight: number }[] = [];
  let caveat: { key: FactorKey; loss: number } | null = null;
  const factors: Factor[] = FACTOR_KEYS.map((key, i) => {
    const value = Math.max(0, values[i]);
    if (isStrength(key, value)) strengths.push({ key, weight: W[key] * value });
    else if (isCaveat(key, value)) {
      const loss = W[key] * (1 - value);
      if (!caveat || loss > caveat.loss) caveat = { key, loss };
    }
    return { key, label: FACTOR_LABELS[key], weight: W[key], value: round3(value), detail: details[key] };
  });
  if (total < 0) {
    const blocking = values[5] < 0 ? "availability" : values[2] < 0 ? "schedule" : "academic";
    return { score: 0, factors, reason: details[blocking], eligible: false };
  }
  strengths.sort((a, b) => b.weight - a.weight || FACTOR_KEYS.indexOf(a.key) - FACTOR_KEYS.indexOf(b.key));
  const parts = strengths.slice(0, REASON_FACTORS).map((f) => details[f.key]);
  const chosen = caveat as { key: FactorKey } | null;
  if (chosen) parts.push(details[chosen.key]);
  if (parts.length === 0) parts.push(details.specialty, details.location);
  const reason = firstUpper(parts.map(asPart).join("; "));
  return { score: Math.round(total), factors, reason, eligible: true };
}
