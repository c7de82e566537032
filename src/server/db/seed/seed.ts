import { randomUUID } from "node:crypto";
import { count, eq } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { peakSeats } from "../../../domain/placements";
import type { Role } from "../../../domain/roles";
import { NURSING_SPECIALTIES, type Specialty } from "../../../domain/specialties";
import { createAccount, findUserIdByEmail } from "../../features/accounts/service";
import { grantRole } from "../../lib/access";
import type { Deps } from "../../lib/context";
import type { Tx } from "../client";
import { applications } from "../schema/applications";
import { users } from "../schema/auth";
import { messages } from "../schema/messages";
import { adminAccessRequests, memberships, organizations, profiles } from "../schema/organizations";
import { departments, placements } from "../schema/placements";
import { studentPreferences, students, studentUsers } from "../schema/students";
import * as D from "./data";

// The demo world (D10): programs, facilities in real US cities with departments, placements across
// nursing specialties, students, applications in every status and messages, with demo accounts for
// every role. Deterministic (seeded PRNG) and relative to today, so the demo never goes stale.

const DAY = 86_400_000;
const HOUR = 3_600_000;
const SEED = 20_260_101;

export type SeedCounts = {
  users: number;
  usersCreated: number;
  organizations: number;
  departments: number;
  placements: number;
  students: number;
  applications: number;
  applicationsByStatus: Record<ApplicationStatus, number>;
  messages: number;
  ms: number;
};

type ApplicationStatus = "pending" | "approved" | "rejected" | "withdrawn";
type Kind = "past" | "running" | "soon" | "upcoming" | "draft";

/** Small, fast, seedable PRNG (mulberry32): the demo world is the same on every run. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function makeRandom(seed: number) {
  const next = mulberry32(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
  return { next, int, pick };
}

const dayString = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const mondayOnOrAfter = (ms: number) => ms + ((8 - new Date(ms).getUTCDay()) % 7) * DAY;
const mondayOnOrBefore = (ms: number) => ms - ((new Date(ms).getUTCDay() + 6) % 7) * DAY;
const formatDate = (ms: number) =>
  new Date(ms).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

function termOf(ms: number) {
  const d = new Date(ms);
  const m = d.getUTCMonth();
  return `${m <= 4 ? "Spring" : m <= 7 ? "Summer" : "Fall"} ${d.getUTCFullYear()}`;
}

function fill(template: string, vars: Record<string, string | number>) {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in vars ? String(vars[key]) : whole));
}

async function insertAll<T extends PgTable>(tx: Tx, table: T, rows: T["$inferInsert"][], size = 500) {
  for (let i = 0; i < rows.length; i += size) {
    await tx.insert(table).values(rows.slice(i, i + size) as never);
  }
}

type AccountSpec = {
  key: string;
  email: string;
  first: string;
  last: string;
  organizationName: string;
  /** null: an account without a role (an administrator access request waiting for a super admin). */
  role: Role | null;
};

/**
 * Every demo account has the same password: hash it once instead of once per account (scrypt costs
 * about 70 ms of CPU each). A copy of the auth context is handed to createAccount; the app's own
 * auth is left untouched.
 */
async function hashOnce(deps: Deps): Promise<Pick<Deps, "auth" | "db">> {
  const ctx = await deps.auth.$context;
  const hashed = await ctx.password.hash(D.DEMO_PASSWORD);
  const password = {
    ...ctx.password,
    hash: (plain: string) => (plain === D.DEMO_PASSWORD ? Promise.resolve(hashed) : ctx.password.hash(plain)),
  };
  return { db: deps.db, auth: { ...deps.auth, $context: Promise.resolve({ ...ctx, password }) } };
}

/** The demo account, reused when it exists already (a previous seed that failed half-way). */
async function ensureAccount(deps: Pick<Deps, "auth" | "db">, spec: AccountSpec) {
  const fullName = `${spec.first} ${spec.last}`;
  const existing = await findUserIdByEmail(deps, spec.email);
  if (existing) {
    await deps.db
      .insert(profiles)
      .values({ userId: existing, fullName, organizationName: spec.organizationName })
      .onConflictDoUpdate({
        target: profiles.userId,
        set: { organizationName: spec.organizationName },
        setWhere: eq(profiles.organizationName, ""),
      });
    return { id: existing, created: false };
  }
  const id = await createAccount(deps, {
    email: spec.email,
    password: D.DEMO_PASSWORD,
    fullName,
    organizationName: spec.organizationName,
  });
  return { id, created: true };
}

/** True when the demo world was seeded (the demo program coordinator has their membership). */
export async function demoWorldExists(deps: Pick<Deps, "db">): Promise<boolean> {
  const userId = await findUserIdByEmail(deps, D.DEMO_ACCOUNTS.program.email);
  if (!userId) return false;
  const rows = await deps.db
    .select({ id: memberships.id })
    .from(memberships)
    .where(eq(memberships.userId, userId))
    .limit(1);
  return rows.length > 0;
}

/** Seeds the demo world when the database has no organization yet; logs what it did. */
export async function seedIfEmpty(deps: Deps): Promise<SeedCounts | null> {
  const [row] = await deps.db.select({ n: count() }).from(organizations);
  if (row.n > 0) {
    deps.log.info({ organizations: row.n }, "demo world: the database has organizations, nothing seeded");
    return null;
  }
  const counts = await seedDemoWorld(deps);
  deps.log.info(counts, "demo world seeded");
  return counts;
}

type OrgPlan = {
  id: string;
  name: string;
  state: string;
  region: string;
  verified: boolean;
  createdAt: Date;
};

type StudentPlan = {
  id: string;
  programIndex: number;
  first: string;
  region: string;
  specialty: Specialty;
  compliance: "pending" | "compliant" | "incomplete";
  createdAt: number;
  approved: Array<[number, number]>;
  applied: Set<string>;
  applications: number;
  demo: boolean;
  eligible: boolean;
};

type PlacementPlan = {
  id: string;
  facilityIndex: number;
  departmentName: string;
  specialty: Specialty;
  title: string;
  kind: Kind;
  start: number;
  end: number;
  capacity: number;
  target: number;
  approved: number;
};

type ApplicationRow = typeof applications.$inferInsert;
type MessageRow = typeof messages.$inferInsert;

/** Builds the whole demo world; accounts first, then everything else in one transaction. */
export async function seedDemoWorld(deps: Deps, opts: { now?: Date } = {}): Promise<SeedCounts> {
  const started = performance.now();
  const R = makeRandom(SEED);
  const nowMs = (opts.now ?? new Date()).getTime();
  const today = Math.floor(nowMs / DAY) * DAY;
  const at = (ms: number) => new Date(ms);

  // --- Accounts (Better Auth hashes passwords; outside the transaction, PGlite has one connection).
  const specs: AccountSpec[] = [
    { key: "superAdmin", ...D.DEMO_ACCOUNTS.superAdmin, organizationName: D.PLATFORM_NAME, role: "super_admin" },
    { key: "admin", ...D.DEMO_ACCOUNTS.admin, organizationName: D.PLATFORM_NAME, role: "admin" },
    ...D.PROGRAMS.map((p, i) => ({
      key: `program:${i}`,
      email: i === 0 ? D.DEMO_ACCOUNTS.program.email : `coordinator@${p.slug}.demo.test`,
      ...p.coordinator,
      organizationName: p.name,
      role: "program" as const,
    })),
    ...D.FACILITIES.map((f, i) => ({
      key: `facility:${i}`,
      email: i === 0 ? D.DEMO_ACCOUNTS.facility.email : `coordinator@${f.slug}.demo.test`,
      ...f.coordinator,
      organizationName: f.name,
      role: "facility" as const,
    })),
    { key: "student", ...D.DEMO_ACCOUNTS.student, organizationName: D.PROGRAMS[0].name, role: "student" },
    { key: "requester", ...D.DEMO_ACCESS_REQUEST, role: null },
  ];
  const accountDeps = await hashOnce(deps);
  const created = await Promise.all(specs.map((s) => ensureAccount(accountDeps, s)));
  const userId = new Map(specs.map((s, i) => [s.key, created[i].id]));
  const user = (key: string) => userId.get(key)!;
  const specOf = new Map(specs.map((s) => [s.key, s]));
  const reused = specs.filter((_, i) => !created[i].created).map((s) => s.email);
  if (reused.length > 0) deps.log.warn({ reused }, "demo world: accounts existed already; kept their passwords");

  // --- Organizations: catalogue order is creation order, so the first program/facility is the oldest.
  const orgRows: (typeof organizations.$inferInsert)[] = [];
  const planOrg = (
    kind: "program" | "facility",
    seed: { name: string; city: string; state: string; verified: boolean },
    i: number,
  ): OrgPlan => {
    const createdAt = seed.verified
      ? today - (720 - i * 17) * DAY + 10 * HOUR
      : nowMs - (kind === "program" ? 6 : 4) * DAY;
    const plan = {
      id: randomUUID(),
      name: seed.name,
      state: seed.state,
      region: D.REGION_OF_STATE[seed.state] ?? seed.state,
      verified: seed.verified,
      createdAt: at(createdAt),
    };
    orgRows.push({
      id: plan.id,
      kind,
      name: seed.name,
      city: seed.city,
      state: seed.state,
      verificationStatus: seed.verified ? "verified" : "pending",
      verifiedAt: seed.verified ? at(createdAt + 2 * DAY + 3 * HOUR) : null,
      createdAt: plan.createdAt,
    });
    return plan;
  };
  const programs = D.PROGRAMS.map((p, i) => planOrg("program", p, i));
  const facilities = D.FACILITIES.map((f, i) => planOrg("facility", f, i));

  const membershipRows: (typeof memberships.$inferInsert)[] = [
    ...programs.map((p, i) => ({
      userId: user(`program:${i}`),
      organizationId: p.id,
      title: "Clinical Placement Coordinator",
      createdAt: p.createdAt,
    })),
    ...facilities.map((f, i) => ({
      userId: user(`facility:${i}`),
      organizationId: f.id,
      title: "Clinical Education Coordinator",
      createdAt: f.createdAt,
    })),
  ];

  // --- Departments: one per specialty a facility offers.
  const departmentRows: (typeof departments.$inferInsert)[] = [];
  const facilityDepartments = D.FACILITIES.map((f, fi) =>
    f.specialties.map((specialty) => {
      const names = D.DEPARTMENT_NAMES[specialty];
      const row = {
        id: randomUUID(),
        facilityId: facilities[fi].id,
        name: names[fi % names.length],
        specialty,
        capacity: R.int(8, 14),
        createdAt: facilities[fi].createdAt,
      };
      departmentRows.push(row);
      return row;
    }),
  );

  // --- Placements: a fixed cycle of timelines, so every facility has a mix.
  const KIND_CYCLE: Kind[] = [
    "running",
    "soon",
    "upcoming",
    "soon",
    "upcoming",
    "running",
    "upcoming",
    "soon",
    "upcoming",
    "past",
    "upcoming",
    "draft",
  ];
  const WEEKS = [4, 6, 6, 8, 8, 10, 12];
  const plans: PlacementPlan[] = [];
  const placementRows: (typeof placements.$inferInsert)[] = [];
  let cycle = 0;
  D.FACILITIES.forEach((f, fi) => {
    for (let k = 0; k < f.placements; k++) {
      const kind: Kind = f.verified ? KIND_CYCLE[cycle++ % KIND_CYCLE.length] : "draft";
      const dept = facilityDepartments[fi][k % facilityDepartments[fi].length];
      const specialty = dept.specialty as Specialty;
      let weeks = R.pick(WEEKS);
      let start: number;
      switch (kind) {
        case "past":
          weeks = R.pick([4, 6, 8]);
          start = mondayOnOrBefore(today - R.int(110, 180) * DAY);
          break;
        case "running":
          start = mondayOnOrBefore(today - R.int(7, 35) * DAY);
          while (start + (7 * weeks - 3) * DAY < today + 7 * DAY) weeks += 2;
          break;
        case "soon":
          start = mondayOnOrAfter(today + R.int(1, 22) * DAY);
          break;
        case "upcoming":
          start = mondayOnOrAfter(today + R.int(35, 160) * DAY);
          break;
        default:
          start = mondayOnOrAfter(today + R.int(50, 180) * DAY);
      }
      const end = start + (7 * weeks - 3) * DAY;
      const capacity = R.int(2, 8);
      const title = `${fill(titlePattern(k + fi), { s: D.SPECIALTY_SHORT[specialty] })} – ${termOf(start)}`;
      const plan: PlacementPlan = {
        id: randomUUID(),
        facilityIndex: fi,
        departmentName: dept.name,
        specialty,
        title,
        kind,
        start,
        end,
        capacity,
        target: targetFor(kind, capacity),
        approved: 0,
      };
      plans.push(plan);
      const requirements = [
        "BLS certification",
        ...pickSome(D.BASE_REQUIREMENTS.slice(1), R.int(2, 4)),
        ...pickSome(D.SPECIALTY_REQUIREMENTS[specialty], R.int(1, 2)),
      ];
      const description = [
        D.SPECIALTY_FOCUS[specialty],
        `The group is based on ${dept.name}.`,
        R.pick(D.SHIFT_PATTERNS),
        R.pick(D.DESCRIPTION_CLOSINGS),
      ].join(" ");
      const createdAt =
        kind === "draft"
          ? nowMs - R.int(1, 20) * DAY
          : Math.min(start - R.int(70, 110) * DAY, nowMs - R.int(50, 90) * DAY);
      placementRows.push({
        id: plan.id,
        facilityId: facilities[fi].id,
        departmentId: dept.id,
        title,
        specialty,
        description,
        requirements,
        startDate: dayString(start),
        endDate: dayString(end),
        durationWeeks: Math.ceil((end - start) / DAY / 7),
        capacity,
        slotsFilled: 0, // set from the approved applications below
        status: kind === "draft" ? "draft" : kind === "past" ? "closed" : "active",
        createdAt: at(createdAt),
        updatedAt: at(createdAt),
      });
    }
  });

  function titlePattern(i: number) {
    return D.TITLE_PATTERNS[i % D.TITLE_PATTERNS.length];
  }

  function pickSome<T>(list: readonly T[], n: number): T[] {
    const copy = [...list];
    const out: T[] = [];
    while (out.length < n && copy.length > 0) out.push(copy.splice(Math.floor(R.next() * copy.length), 1)[0]);
    return out;
  }

  function targetFor(kind: Kind, cap: number): number {
    const r = R.next();
    const fewLeft = () => cap - R.int(1, Math.min(3, cap));
    const open = () => R.int(0, Math.max(0, cap - 4));
    switch (kind) {
      case "draft":
        return 0;
      case "past":
        return r < 0.6 ? cap : cap - 1;
      case "running":
        return r < 0.5 ? cap : fewLeft();
      case "soon":
        return r < 0.3 ? cap : r < 0.8 ? fewLeft() : open();
      case "upcoming":
        return r < 0.15 ? cap : r < 0.5 ? fewLeft() : open();
    }
  }

  // --- Students: the first program's roster is the largest; student@demo.test is its first entry.
  const studentPlans: StudentPlan[] = [];
  const studentRows: (typeof students.$inferInsert)[] = [];
  D.PROGRAMS.forEach((p, pi) => {
    const names = new Set<string>();
    const recent = Math.max(1, Math.round(p.students * 0.08));
    for (let i = 0; i < p.students; i++) {
      const demo = pi === 0 && i === 0;
      let first: string = D.DEMO_ACCOUNTS.student.first;
      let last: string = D.DEMO_ACCOUNTS.student.last;
      if (!demo) {
        do {
          first = R.pick(D.STUDENT_FIRST_NAMES);
          last = R.pick(D.STUDENT_LAST_NAMES);
        } while (names.has(`${first} ${last}`));
      }
      names.add(`${first} ${last}`);
      const email = demo ? D.DEMO_ACCOUNTS.student.email : `${first}.${last}@${p.slug}.edu.test`.toLowerCase();
      const r = R.next();
      const compliance = demo
        ? "compliant"
        : !p.verified
          ? "pending"
          : r < 0.55
            ? "compliant"
            : r < 0.8
              ? "pending"
              : "incomplete";
      const specialty = demo ? (D.DEMO_STUDENT_PROFILE.specialtyInterest as Specialty) : R.pick(NURSING_SPECIALTIES);
      const gpa = demo ? D.DEMO_STUDENT_PROFILE.gpa : (2.5 + ((R.next() + R.next()) / 2) * 1.5).toFixed(2);
      const createdAt = demo
        ? today - 420 * DAY + 9 * HOUR
        : !p.verified
          ? nowMs - R.int(1, 3) * DAY - R.int(1, 10) * HOUR
          : i >= p.students - recent
            ? nowMs - R.int(2, 28) * DAY - R.int(1, 10) * HOUR
            : today - R.int(200, 420) * DAY + R.int(8, 17) * HOUR;
      const plan: StudentPlan = {
        id: randomUUID(),
        programIndex: pi,
        first,
        region: programs[pi].region,
        specialty,
        compliance,
        createdAt,
        approved: [],
        applied: new Set(),
        applications: 0,
        demo,
        eligible: p.verified && !demo,
      };
      studentPlans.push(plan);
      studentRows.push({
        id: plan.id,
        programId: programs[pi].id,
        firstName: first,
        lastName: last,
        email,
        phone: `(${p.areaCode}) 555-01${String(i % 100).padStart(2, "0")}`,
        gpa,
        specialtyInterest: specialty,
        complianceStatus: compliance,
        createdAt: at(createdAt),
        updatedAt: at(createdAt),
      });
    }
  });
  const demoStudent = studentPlans[0];

  // --- Applications. Approved ones fill each placement up to its planned level, never over
  // capacity, never two overlapping approved rotations for one student.
  const applicationRows: ApplicationRow[] = [];
  const overlaps = (s: StudentPlan, p: PlacementPlan) => s.approved.some(([a, b]) => a <= p.end && p.start <= b);
  const decidedSubmit = (p: PlacementPlan) =>
    Math.min(p.start - R.int(20, 60) * DAY, nowMs - R.int(2, 45) * DAY) - R.int(0, 9) * HOUR;
  const reviewAfter = (submitted: number) =>
    Math.min(submitted + R.int(1, 6) * DAY + R.int(0, 8) * HOUR, nowMs - R.int(1, 5) * HOUR);

  function addApplication(s: StudentPlan, p: PlacementPlan, status: ApplicationStatus, submittedAt: number) {
    const facilityUser = user(`facility:${p.facilityIndex}`);
    const row: ApplicationRow = {
      studentId: s.id,
      placementId: p.id,
      programId: programs[s.programIndex].id,
      status,
      notes: R.next() < 0.3 ? R.pick(D.APPLICATION_NOTES) : null,
      submittedBy: s.demo ? user("student") : user(`program:${s.programIndex}`),
      submittedAt: at(submittedAt),
    };
    if (status === "approved" || status === "rejected") {
      row.reviewedAt = at(reviewAfter(submittedAt));
      row.reviewedBy = facilityUser;
      row.reviewNotes = R.pick(status === "approved" ? D.APPROVAL_NOTES : D.REJECTION_NOTES);
    }
    if (status === "withdrawn") {
      let base = submittedAt;
      if (R.next() < 0.35) {
        // Approved first, then withdrawn by the program: the slot was freed again.
        base = reviewAfter(submittedAt);
        row.reviewedAt = at(base);
        row.reviewedBy = facilityUser;
        row.reviewNotes = R.pick(D.APPROVAL_NOTES);
      }
      row.withdrawnAt = at(Math.max(base + HOUR / 2, Math.min(base + R.int(1, 10) * DAY, nowMs - R.int(1, 6) * HOUR)));
    }
    if (status === "approved") {
      p.approved++;
      s.approved.push([p.start, p.end]);
    }
    s.applied.add(p.id);
    s.applications++;
    applicationRows.push(row);
  }

  // student@demo.test: a finished rotation, one starting soon, and one of every other status.
  {
    type Pred = (p: PlacementPlan) => boolean;
    // The first placement that matches the first predicate that finds one.
    const mine = (...preds: Pred[]) => {
      for (const pred of preds) {
        const found = plans.find((p) => pred(p) && !demoStudent.applied.has(p.id));
        if (found) return found;
      }
      return undefined;
    };
    const mercy =
      (kind: Kind): Pred =>
      (p) =>
        p.facilityIndex === 0 && p.kind === kind;
    const prairie: Pred = (p) => p.facilityIndex === 1;
    const nearby: Pred = (p) => facilities[p.facilityIndex].region === programs[0].region;
    const children: Pred = (p) => p.specialty === "Pediatrics" || p.specialty === "Neonatal ICU (NICU)";
    const both =
      (...preds: Pred[]): Pred =>
      (p) =>
        preds.every((pred) => pred(p));
    const kind =
      (k: Kind): Pred =>
      (p) =>
        p.kind === k;
    // Pediatrics is their interest; they stay near Chicago.
    const wanted: Array<[() => PlacementPlan | undefined, ApplicationStatus]> = [
      [() => mine(mercy("past")), "approved"],
      [() => mine(both(mercy("soon"), children), mercy("soon")), "approved"],
      [() => mine(both(prairie, kind("upcoming"), children), both(prairie, kind("upcoming"))), "pending"],
      [() => mine(mercy("upcoming")), "pending"],
      [() => mine(mercy("upcoming"), kind("upcoming")), "rejected"],
      [() => mine(both(prairie, kind("soon")), both(nearby, kind("soon")), kind("soon")), "withdrawn"],
    ];
    for (const [find, status] of wanted) {
      const p = find();
      if (!p) continue;
      if (status === "approved") p.target = Math.max(p.target, p.approved + 1);
      const submitted = status === "pending" ? nowMs - R.int(1, 6) * DAY : decidedSubmit(p);
      addApplication(demoStudent, p, status, submitted);
    }
  }

  const eligible = studentPlans.filter((s) => s.eligible);
  const facilityRegion = (p: PlacementPlan) => facilities[p.facilityIndex].region;
  const ranked = (p: PlacementPlan, pool: StudentPlan[]) =>
    pool
      .map((s) => ({
        s,
        score:
          (s.region === facilityRegion(p) ? 0 : 2.5) +
          (s.specialty === p.specialty ? 0 : 1) +
          (s.compliance === "compliant" ? 0 : 0.7) +
          s.applications * 0.3 +
          R.next() * 2,
      }))
      .sort((a, b) => a.score - b.score)
      .map((x) => x.s);

  const live = plans.filter((p) => p.kind !== "draft").sort((a, b) => a.start - b.start);
  for (const p of live) {
    const need = Math.min(p.target, p.capacity) - p.approved;
    if (need <= 0) continue;
    // A program submits its students for a rotation in one batch, within a few days.
    const batch = decidedSubmit(p);
    const pool = eligible.filter(
      (s) => s.compliance !== "incomplete" && !s.applied.has(p.id) && s.createdAt < batch - 4 * DAY && !overlaps(s, p),
    );
    for (const s of ranked(p, pool).slice(0, need)) addApplication(s, p, "approved", batch - R.int(0, 72) * HOUR);
  }

  for (const p of live) {
    const full = p.approved >= p.capacity;
    const open = p.kind === "soon" || p.kind === "upcoming";
    const pending = !open ? 0 : full ? R.int(0, 1) : p.facilityIndex === 0 ? R.int(1, 3) : R.int(0, 3);
    const rejected = R.next() < 0.5 ? 0 : R.int(1, 2);
    const withdrawn = R.next() < 0.3 ? 1 : 0;
    const statuses: ApplicationStatus[] = [
      ...Array<ApplicationStatus>(pending).fill("pending"),
      ...Array<ApplicationStatus>(rejected).fill("rejected"),
      ...Array<ApplicationStatus>(withdrawn).fill("withdrawn"),
    ];
    for (const status of statuses) {
      const submitted = status === "pending" ? nowMs - R.int(0, 13) * DAY - R.int(1, 20) * HOUR : decidedSubmit(p);
      const pool = eligible.filter((s) => !s.applied.has(p.id) && s.createdAt < submitted - DAY);
      const [s] = ranked(p, pool);
      if (s) addApplication(s, p, status, submitted);
    }
  }

  placementRows.forEach((row, i) => {
    row.slotsFilled = plans[i].approved;
  });

  // Issue 9: on no day may a department's placements hold more seats than it has (an active one
  // holds its capacity, a closed one its approved students). Where the drawn capacity is short, the
  // department gets the seats its placements need (no random draw here: the world stays the same).
  for (const dept of departmentRows) {
    const claims = placementRows
      .filter((r) => r.departmentId === dept.id && r.status !== "draft")
      .map((r) => ({
        startDate: r.startDate,
        endDate: r.endDate,
        seats: r.status === "active" ? r.capacity : (r.slotsFilled ?? 0),
      }));
    const days = claims.flatMap((c) => [c.startDate, c.endDate]).sort();
    const [first, last] = [days[0], days.at(-1)];
    if (first && last) dept.capacity = Math.max(dept.capacity ?? 0, peakSeats(claims, first, last));
  }

  // --- Messages: coordination between coordinators, with students, and among administrators.
  const messageRows: MessageRow[] = [];
  const nameOf = (key: string) => {
    const s = specOf.get(key)!;
    return { first: s.first, full: `${s.first} ${s.last}`, org: s.organizationName };
  };
  function send(
    from: string,
    to: string,
    template: D.MessageTemplate,
    vars: Record<string, string | number>,
    ageHours: number,
    read?: boolean,
  ) {
    const all = {
      ...vars,
      first: nameOf(to).first,
      sender: nameOf(from).full,
      organization: nameOf(to).org,
      senderOrganization: nameOf(from).org,
    };
    messageRows.push({
      senderId: user(from),
      recipientId: user(to),
      subject: fill(template.subject, all),
      content: fill(template.content, all),
      read: read ?? ageHours > 48,
      createdAt: at(nowMs - ageHours * HOUR),
    });
  }
  const placementVars = (p: PlacementPlan, programIndex: number) => ({
    program: programs[programIndex].name,
    facility: facilities[p.facilityIndex].name,
    placement: p.title,
    department: p.departmentName,
    date: formatDate(p.start),
    count: Math.max(
      1,
      applicationRows.filter(
        (a) => a.placementId === p.id && a.status === "approved" && a.programId === programs[programIndex].id,
      ).length,
    ),
  });

  // Which (program, facility) pairs work together: an approved application on a running or coming rotation.
  const studentById = new Map(studentPlans.map((s) => [s.id, s]));
  const planById = new Map(plans.map((p) => [p.id, p]));
  const pairs = new Map<string, { pi: number; p: PlacementPlan }>();
  for (const a of applicationRows) {
    const p = planById.get(a.placementId)!;
    if (a.status !== "approved" || p.kind === "past") continue;
    const pi = studentById.get(a.studentId)!.programIndex;
    const key = `${pi}:${p.facilityIndex}`;
    const known = pairs.get(key);
    // Messages talk about the next rotation to start; a running one only when none is ahead.
    const rank = (x: PlacementPlan) => (x.start > today ? x.start : x.start + 100_000 * DAY);
    if (!known || rank(p) < rank(known.p)) pairs.set(key, { pi, p });
  }

  // The demo program and the demo facility talk the most.
  const demoPair = pairs.get("0:0");
  if (demoPair) {
    const v = placementVars(demoPair.p, 0);
    const programAges = [5, 30, 80, 200];
    const facilityAges = [2, 20, 60, 150, 320];
    for (const [i, t] of D.PROGRAM_TO_FACILITY.entries()) {
      send("program:0", "facility:0", t, v, programAges[i], i === 0 ? false : undefined);
    }
    for (const [i, t] of D.FACILITY_TO_PROGRAM.entries()) send("facility:0", "program:0", t, v, facilityAges[i]);
  }
  for (const { pi, p } of pairs.values()) {
    if (pi === 0 && p.facilityIndex === 0) continue;
    const v = placementVars(p, pi);
    send(`program:${pi}`, `facility:${p.facilityIndex}`, R.pick(D.PROGRAM_TO_FACILITY), v, R.int(6, 400));
    send(`facility:${p.facilityIndex}`, `program:${pi}`, R.pick(D.FACILITY_TO_PROGRAM), v, R.int(3, 380));
  }

  // student@demo.test and their coordinators.
  const demoApproved = applicationRows
    .filter((a) => a.studentId === demoStudent.id && a.status === "approved")
    .map((a) => planById.get(a.placementId)!)
    .sort((a, b) => b.start - a.start)[0];
  if (demoApproved) {
    const v = placementVars(demoApproved, 0);
    const [welcome, tb, badge, ehr] = D.STAFF_TO_STUDENT;
    send(`facility:${demoApproved.facilityIndex}`, "student", welcome, v, 4);
    send("program:0", "student", tb, v, 26);
    send(`facility:${demoApproved.facilityIndex}`, "student", badge, v, 70);
    send(`facility:${demoApproved.facilityIndex}`, "student", ehr, v, 140);
    const [schedule, bls] = D.STUDENT_TO_PROGRAM;
    send("student", "program:0", schedule, v, 9);
    send("student", "program:0", bls, v, 190);
  }

  // Administrators.
  const [verifiedTpl, renewalTpl] = D.ADMIN_TO_COORDINATOR;
  D.PROGRAMS.forEach((p, i) => {
    if (p.verified && i < 3) send("admin", `program:${i}`, verifiedTpl, {}, 24 * (300 - i * 20));
  });
  D.FACILITIES.forEach((f, i) => {
    if (f.verified && i < 4) send("admin", `facility:${i}`, verifiedTpl, {}, 24 * (290 - i * 15));
  });
  send("admin", "facility:0", renewalTpl, {}, 30, false);
  send("admin", "program:0", renewalTpl, {}, 24 * 12);
  D.PROGRAMS.forEach((p, i) => {
    if (!p.verified) send(`program:${i}`, "admin", D.COORDINATOR_TO_ADMIN[0], {}, 20);
  });
  D.FACILITIES.forEach((f, i) => {
    if (!f.verified) send(`facility:${i}`, "admin", D.COORDINATOR_TO_ADMIN[0], {}, 7);
  });
  send("admin", "superAdmin", D.ADMIN_TO_ADMIN[0], {}, 3);
  // Only a super admin decides access requests: the admin points the super admin to the pending one.
  send(
    "admin",
    "superAdmin",
    D.ADMIN_TO_ADMIN[1],
    {
      requester: `${D.DEMO_ACCESS_REQUEST.first} ${D.DEMO_ACCESS_REQUEST.last}`,
      requesterOrganization: D.DEMO_ACCESS_REQUEST.organizationName,
    },
    11,
  );

  // --- One transaction for everything the accounts hang on.
  // New demo accounts date from when their organization joined, not from today.
  const joinedAt = (key: string) => {
    const [kind, index] = key.split(":");
    if (kind === "program") return programs[Number(index)].createdAt;
    if (kind === "facility") return facilities[Number(index)].createdAt;
    if (kind === "student") return at(demoStudent.createdAt + DAY);
    if (kind === "requester") return at(nowMs - 12 * HOUR);
    return at(today - 760 * DAY + 9 * HOUR);
  };

  await deps.db.transaction(async (tx) => {
    for (const [i, s] of specs.entries()) {
      if (s.role) await grantRole(tx, user(s.key), s.role);
      if (!created[i].created) continue;
      const when = joinedAt(s.key);
      await tx
        .update(users)
        .set({ createdAt: when, updatedAt: when })
        .where(eq(users.id, user(s.key)));
      await tx
        .update(profiles)
        .set({ createdAt: when, updatedAt: when })
        .where(eq(profiles.userId, user(s.key)));
    }
    await insertAll(tx, organizations, orgRows);
    await insertAll(tx, memberships, membershipRows);
    await insertAll(tx, departments, departmentRows);
    await insertAll(tx, placements, placementRows);
    await insertAll(tx, students, studentRows);
    await tx
      .insert(studentUsers)
      .values({ userId: user("student"), studentId: demoStudent.id })
      .onConflictDoNothing();
    await tx
      .insert(studentPreferences)
      .values({
        userId: user("student"),
        geographicPreferences: [...D.DEMO_STUDENT_PROFILE.geographicPreferences],
        specialtyInterests: [...D.DEMO_STUDENT_PROFILE.specialtyInterests],
        scheduleConstraints: D.DEMO_STUDENT_PROFILE.scheduleConstraints,
        transportationOptions: D.DEMO_STUDENT_PROFILE.transportationOptions,
        careerGoals: D.DEMO_STUDENT_PROFILE.careerGoals,
      })
      .onConflictDoNothing();
    await insertAll(tx, applications, applicationRows);
    await insertAll(tx, messages, messageRows);
    await tx
      .insert(adminAccessRequests)
      .values({
        userId: user("requester"),
        organizationName: D.DEMO_ACCESS_REQUEST.organizationName,
        createdAt: at(nowMs - 12 * HOUR),
      })
      .onConflictDoNothing();
  });

  const byStatus: Record<ApplicationStatus, number> = { pending: 0, approved: 0, rejected: 0, withdrawn: 0 };
  for (const a of applicationRows) byStatus[a.status as ApplicationStatus]++;
  return {
    users: specs.length,
    usersCreated: created.filter((c) => c.created).length,
    organizations: orgRows.length,
    departments: departmentRows.length,
    placements: placementRows.length,
    students: studentRows.length,
    applications: applicationRows.length,
    applicationsByStatus: byStatus,
    messages: messageRows.length,
    ms: Math.round(performance.now() - started),
  };
}
