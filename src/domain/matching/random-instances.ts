import type { MatchingInstance } from "./instance";
import { sortedByPreference } from "./preference-order";

// Reproducible matching instances (a fixed seed gives the same instance on every machine) for
// the tests and `npm run bench:matching`. Pure: the PRNG is ours, not Math.random.

/** mulberry32: a small, fast 32-bit PRNG, good enough for test data; returns floats in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const integer = (rand: () => number, min: number, max: number) => min + Math.floor(rand() * (max - min + 1));

/** Standard normal (Box–Muller). */
function normal(rand: () => number): number {
  const u = 1 - rand();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rand());
}

export interface SmallInstanceOptions {
  maxStudents: number;
  maxPlacements: number;
  maxCapacity: number;
  /** Scores from a handful of values, to exercise ties; otherwise fractional. */
  tiedScores?: boolean;
}

/**
 * A small random instance: some students without candidates, zero-capacity placements, ties; each
 * student's edges in random order (not the preference order buildInstance would give them).
 */
export function randomSmallInstance(rand: () => number, o: SmallInstanceOptions): MatchingInstance {
  const S = integer(rand, 1, o.maxStudents);
  const P = integer(rand, 1, o.maxPlacements);
  const capacities = new Int32Array(P);
  for (let j = 0; j < P; j++) capacities[j] = integer(rand, 0, o.maxCapacity);
  const offsets = new Int32Array(S + 1);
  const placements: number[] = [];
  const scores: number[] = [];
  const priorities: number[] = [];
  for (let s = 0; s < S; s++) {
    const chosen = new Set<number>();
    const count = integer(rand, 0, P);
    while (chosen.size < count) chosen.add(integer(rand, 0, P - 1));
    for (const j of chosen) {
      placements.push(j);
      scores.push(o.tiedScores ? 25 * integer(rand, 0, 4) : Math.round(rand() * 10000) / 100);
      priorities.push(o.tiedScores ? integer(rand, 0, 3) : rand());
    }
    offsets[s + 1] = placements.length;
  }
  return {
    studentCount: S,
    capacities,
    offsets,
    placements: Int32Array.from(placements),
    scores: Float64Array.from(scores),
    priorities: Float64Array.from(priorities),
  };
}

export interface LargeInstanceOptions {
  students: number;
  placements: number;
  seats: number;
  /** Candidates per student: from min to max (uniform). */
  minCandidates: number;
  maxCandidates: number;
  seed: number;
  /**
   * Segmented market (as in a residency match): placements belong to specialties (sizes skewed)
   * and regions; a student applies within one specialty, favours its home region, and its scores
   * mix popularity with its own fit. Without it: one market where everyone draws candidates by
   * popularity and scores follow popularity closely, so the same few placements top most lists
   * (a stress case: long rejection chains, few students at their first choice).
   */
  segmented?: boolean;
}

const SPECIALTIES = 40;
const REGIONS = 9;

/**
 * A large instance: placement sizes and popularity are skewed (log-normal; every placement has a
 * seat), students draw their candidates by popularity, a candidate's score mixes popularity with
 * the student's own fit (0..100, two decimals), and a placement's priority mixes the student's
 * overall standing with the placement's own view of the student.
 */
export function largeInstance(o: LargeInstanceOptions): MatchingInstance {
  const rand = seededRandom(o.seed);
  const P = o.placements;
  const S = o.students;
  if (o.seats < P) throw new RangeError("every placement has at least one seat");
  const segmented = o.segmented ?? false;

  // Seats: one each, the rest in proportion to a log-normal size; rounding remainder to random ones.
  const capacities = new Int32Array(P).fill(1);
  const size = Array.from({ length: P }, () => Math.exp(0.9 * normal(rand)));
  const sizeSum = size.reduce((a, b) => a + b, 0);
  let given = P;
  for (let j = 0; j < P; j++) {
    const extra = Math.floor(((o.seats - P) * size[j]) / sizeSum);
    capacities[j] += extra;
    given += extra;
  }
  while (given < o.seats) {
    capacities[integer(rand, 0, P - 1)]++;
    given++;
  }

  // Markets: one, or specialties with Zipf-like shares of the placements; each placement in a region.
  const markets = segmented ? SPECIALTIES : 1;
  const marketWeight = Array.from({ length: markets }, (_, k) => 1 / (k + 1));
  const marketOf = new Int32Array(P);
  const regionOf = new Int32Array(P);
  const weightSum = marketWeight.reduce((a, b) => a + b, 0);
  for (let j = 0; j < P; j++) {
    let x = rand() * weightSum;
    let k = 0;
    while (k < markets - 1 && x >= marketWeight[k]) x -= marketWeight[k++];
    marketOf[j] = k;
    regionOf[j] = integer(rand, 0, REGIONS - 1);
  }
  // Popularity, and per market (and for the whole pool, last) its placements with their
  // cumulative popularity for drawing.
  const logPopularity = Float64Array.from({ length: P }, () => normal(rand));
  const popularityWeight = segmented ? 0.8 : 1;
  const members: number[][] = Array.from({ length: markets }, () => []);
  for (let j = 0; j < P; j++) members[marketOf[j]].push(j);
  members.push(Array.from({ length: P }, (_, j) => j));
  const cumulative = members.map((list) => {
    let acc = 0;
    return Float64Array.from(list, (j) => {
      acc += Math.exp(popularityWeight * logPopularity[j]);
      return acc;
    });
  });
  const marketSeats = new Float64Array(markets);
  for (let j = 0; j < P; j++) marketSeats[marketOf[j]] += capacities[j];
  const draw = (market: number) => {
    const c = cumulative[market];
    const x = rand() * c[c.length - 1];
    let lo = 0;
    let hi = c.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (c[mid] > x) hi = mid;
      else lo = mid + 1;
    }
    return members[market][lo];
  };

  const offsets = new Int32Array(S + 1);
  const maxEdges = S * o.maxCandidates;
  const placements = new Int32Array(maxEdges);
  const scores = new Float64Array(maxEdges);
  const priorities = new Float64Array(maxEdges);
  const taken = new Int32Array(P).fill(-1);
  let e = 0;
  for (let s = 0; s < S; s++) {
    const standing = normal(rand);
    // A student's market: in proportion to its seats, so demand follows supply.
    let x = rand() * o.seats;
    let market = 0;
    while (market < markets - 1 && x >= marketSeats[market]) x -= marketSeats[market++];
    const home = integer(rand, 0, REGIONS - 1);
    const count = Math.min(P, integer(rand, o.minCandidates, o.maxCandidates));
    // Within its market while it is large enough (at most 60% of it, so drawing distinct ones
    // stays quick); the rest from the whole pool, like applicants with a backup specialty.
    const inMarket = Math.min(count, Math.floor(0.6 * members[market].length));
    for (let k = 0; k < count; k++) {
      const from = k < inMarket ? market : markets;
      let j = draw(from);
      // Segmented: a placement away from home is kept one time in three (drawn again otherwise).
      while (taken[j] === s || (segmented && regionOf[j] !== home && rand() < 2 / 3)) j = draw(from);
      taken[j] = s;
      placements[e] = j;
      const raw = segmented
        ? 50 + 6 * logPopularity[j] + (regionOf[j] === home ? 8 : 0) + 12 * normal(rand)
        : 55 + 10 * logPopularity[j] + 12 * normal(rand);
      scores[e] = Math.round(Math.min(100, Math.max(0, raw)) * 100) / 100;
      priorities[e] = standing + 0.7 * normal(rand);
      e++;
    }
    offsets[s + 1] = e;
  }
  // Each student's candidates as its rank list (best first), as buildInstance lays them out.
  return sortedByPreference({
    studentCount: S,
    capacities,
    offsets,
    placements: placements.slice(0, e),
    scores: scores.slice(0, e),
    priorities: priorities.slice(0, e),
  });
}

/**
 * Issue 13's residency-match scale (the 2024 US Main Residency Match: 44,853 applicants, 6,395
 * programs, 41,503 positions), rank lists of 12–30; segmented by specialty and region unless
 * `segmented` is false (the stress case).
 */
export const residencyScale = (segmented = true, seed = 2024): MatchingInstance =>
  largeInstance({
    students: 44_853,
    placements: 6_395,
    seats: 41_503,
    minCandidates: 12,
    maxCandidates: 30,
    seed,
    segmented,
  });

/** Issue 13's optimal-assignment scale, or a smaller one of the same shape (students/5 placements, 1.25 seats per student, 30 candidates). */
export const assignmentScale = (students = 20_000, segmented = true, seed = 13): MatchingInstance =>
  largeInstance({
    students,
    placements: students / 5,
    seats: Math.round(students * 1.25),
    minCandidates: 30,
    maxCandidates: 30,
    seed,
    segmented,
  });
