import { describe, expect, it } from "vitest";
import { matchScore, type ScoringPlacement, type ScoringStudent } from "../../../domain/matching/scoring";
import { NURSING_SPECIALTIES } from "../../../domain/specialties";
import { type ComputeInput, computeProposals, type ProposalResult } from "./bulk-compute";
import { computeInWorker } from "./bulk-runner";

// A match run's computation (issue 13) on instances built here: what the engine scores becomes the
// candidates, a placement never holds more than its spots, the placements' priority decides who a
// full placement keeps in the stable proposal, and the worker thread answers what the computation
// answers in-thread, reporting its phases in order.

const TODAY = "2027-03-01";
const CITIES = [
  ["Sacramento", "CA"],
  ["Austin", "TX"],
  ["Denver", "CO"],
  ["Columbus", "OH"],
] as const;

/** A small deterministic generator (mulberry32). */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const student = (over: Partial<ScoringStudent> = {}): ScoringStudent => ({
  gpa: 3.5,
  specialtyInterest: null,
  specialtyInterests: ["Pediatrics"],
  geographicPreferences: [],
  scheduleConstraints: null,
  home: null,
  programRequirementTypeIds: ["bls"],
  documents: [{ requirementTypeId: "bls", status: "approved", issuedOn: "2026-01-01", expiresOn: "2029-01-01" }],
  rotations: [],
  ...over,
});

const placement = (id: string, over: Partial<ScoringPlacement> = {}): ScoringPlacement => ({
  id,
  title: `Rotation ${id}`,
  specialty: "Pediatrics",
  startDate: "2027-04-05",
  endDate: "2027-05-28",
  capacity: 2,
  slotsFilled: 0,
  minGpa: null,
  city: "Sacramento",
  state: "CA",
  latitude: null,
  longitude: null,
  requirementTypeIds: [],
  ...over,
});

function randomRun(seed: number, S: number, P: number): ComputeInput {
  const r = random(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)];
  const placements = Array.from({ length: P }, (_, j) => {
    const [city, state] = pick(CITIES);
    const start = 5 + Math.floor(r() * 20);
    return {
      id: `p${j}`,
      scoring: placement(`p${j}`, {
        specialty: pick(NURSING_SPECIALTIES),
        city,
        state,
        capacity: 1 + Math.floor(r() * 3),
        slotsFilled: r() < 0.2 ? 1 : 0,
        minGpa: r() < 0.2 ? 3.3 : null,
        startDate: `2027-04-${String(start).padStart(2, "0")}`,
        requirementTypeIds: r() < 0.5 ? ["tb"] : [],
      }),
    };
  });
  const students = Array.from({ length: S }, (_, i) => {
    const [city, state] = pick(CITIES);
    return {
      id: `s${i}`,
      rosterOrder: i,
      applied: r() < 0.3 ? [pick(placements).id] : [],
      scoring: student({
        gpa: r() < 0.1 ? null : Math.round((2.5 + r() * 1.5) * 100) / 100,
        specialtyInterests: [pick(NURSING_SPECIALTIES), pick(NURSING_SPECIALTIES)],
        geographicPreferences: r() < 0.7 ? [`${city}, ${state}`] : [],
        documents:
          r() < 0.5
            ? [
                { requirementTypeId: "bls", status: "approved", issuedOn: "2026-01-01", expiresOn: "2029-01-01" },
                { requirementTypeId: "tb", status: "approved", issuedOn: "2026-09-01", expiresOn: "2027-09-01" },
              ]
            : [{ requirementTypeId: "bls", status: "approved", issuedOn: "2026-01-01", expiresOn: "2029-01-01" }],
      }),
    };
  });
  return { today: TODAY, students, placements, requirementNames: [["tb", "TB screening"]] };
}

describe("computeProposals", () => {
  it("proposes within the spots left, from the engine's eligible pairs only, both checked", () => {
    for (const seed of [1, 2, 3]) {
      const input = randomRun(seed, 60, 15);
      const out = computeProposals(input);
      let eligible = 0;
      for (const s of input.students) {
        for (const p of input.placements) {
          if (!s.applied.includes(p.id) && matchScore(s.scoring, p.scoring, TODAY) >= 0) eligible++;
        }
      }
      expect(out.pairs).toBe(eligible);
      expect(out.candidates.reduce((a, b) => a + b, 0)).toBe(eligible);
      const check = (proposal: ProposalResult) => {
        expect(proposal.check).toEqual({ ok: true, detail: null });
        const load = new Map<number, number>();
        for (const line of proposal.lines) {
          const s = input.students[line.s];
          const p = input.placements[line.p];
          expect(s.applied).not.toContain(p.id);
          expect(line.score).toBe(matchScore(s.scoring, p.scoring, TODAY));
          expect(line.reason).not.toBe("");
          load.set(line.p, (load.get(line.p) ?? 0) + 1);
        }
        for (const [j, n] of load) {
          const p = input.placements[j].scoring;
          expect(n).toBeLessThanOrEqual(p.capacity - p.slotsFilled);
        }
        expect(proposal.placed).toBe(proposal.lines.length);
        expect(proposal.totalScore).toBe(proposal.lines.reduce((sum, l) => sum + l.score, 0));
      };
      check(out.optimal);
      check(out.stable);
      expect(out.optimal.totalScore).toBeGreaterThanOrEqual(out.stable.totalScore);
    }
  });

  it("a full placement keeps the readier student, then the better GPA, then the earlier roster date", () => {
    const seat = { id: "icu", scoring: placement("icu", { capacity: 1 }) };
    const run = (students: ComputeInput["students"]) =>
      computeProposals({ today: TODAY, students, placements: [seat], requirementNames: [] });
    const ready = { id: "ready", rosterOrder: 1, applied: [], scoring: student({ gpa: 3.0 }) };
    const unready = {
      id: "unready",
      rosterOrder: 0,
      applied: [],
      scoring: student({ gpa: 4.0, documents: [] }),
    };
    // Readiness first: the unready student has the better GPA and joined first, and still loses.
    expect(run([unready, ready]).stable.lines.map((l) => l.s)).toEqual([1]);
    // Equally ready and scored: the better GPA (no minimum, so the score does not see it).
    const low = { id: "low", rosterOrder: 0, applied: [], scoring: student({ gpa: 3.1 }) };
    const high = { id: "high", rosterOrder: 1, applied: [], scoring: student({ gpa: 3.9 }) };
    const byGpa = run([low, high]);
    expect(byGpa.stable.lines[0].score).toBe(byGpa.optimal.lines[0].score);
    expect(byGpa.stable.lines.map((l) => l.s)).toEqual([1]);
    // Same GPA: who joined the roster first.
    const first = { id: "first", rosterOrder: 0, applied: [], scoring: student() };
    const second = { id: "second", rosterOrder: 1, applied: [], scoring: student() };
    expect(run([second, first]).stable.lines.map((l) => l.s)).toEqual([1]);
  });

  it("places nobody when nobody is eligible, and says so with empty proposals", () => {
    const out = computeProposals({
      today: TODAY,
      students: [{ id: "a", rosterOrder: 0, applied: [], scoring: student({ gpa: 2.0 }) }],
      placements: [{ id: "p", scoring: placement("p", { minGpa: 3.5 }) }],
      requirementNames: [],
    });
    expect(out.pairs).toBe(0);
    expect(out.optimal).toMatchObject({ placed: 0, lines: [], check: { ok: true } });
    expect(out.stable).toMatchObject({ placed: 0, lines: [], check: { ok: true } });
  });
});

describe("computeInWorker", () => {
  it("answers on a worker thread what the computation answers in-thread, reporting each phase in order", async () => {
    const input = randomRun(7, 120, 20);
    const phases: string[] = [];
    const out = await computeInWorker(input, (phase) => {
      if (phases.at(-1) !== phase) phases.push(phase);
    });
    expect(out).toEqual(computeProposals(input));
    expect(phases).toEqual(["scoring", "optimal", "stable", "checking", "reasons"]);
  });

  it("reports a failure of the computation as a rejection", async () => {
    const broken = { today: TODAY, students: [{ id: "x" }], placements: [], requirementNames: [] } as never;
    await expect(computeInWorker(broken, () => {})).rejects.toThrow();
  });
});
