import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, inArray, or } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Role } from "../domain/roles";
import { affiliationAgreements } from "./db/schema/agreements";
import { applications } from "./db/schema/applications";
import { users } from "./db/schema/auth";
import { calendarEvents, calendarFeeds } from "./db/schema/calendar";
import { complianceDocuments, facilityRequirements, programRequirements } from "./db/schema/compliance";
import {
  assistantConversations,
  assistantMessages,
  learningResources,
  placementChecklistItems,
  placementChecklistTicks,
} from "./db/schema/learning";
import { matchRuns } from "./db/schema/match-runs";
import { messages } from "./db/schema/messages";
import { adminAccessRequests, memberships, organizations } from "./db/schema/organizations";
import { departments, placements } from "./db/schema/placements";
import { preceptorInvitations } from "./db/schema/preceptors";
import {
  evaluations,
  evaluationTemplates,
  hourLogs,
  programEvaluationSettings,
  rotationPreceptors,
} from "./db/schema/rotations";
import { rosterClaimReports, studentExperiences } from "./db/schema/student-accounts";
import { studentInvitations, studentPreferences, students } from "./db/schema/students";
import { createApplication } from "./factories/applications";
import { createDepartment, createPlacement, dayFromToday } from "./factories/placements";
import { createStudent } from "./testing/factories";
import { createTestApp, type TestApp, type TestRole, type TestUser } from "./testing/harness";

// Who may call which route (DESIGN.md: "Every route is tested for each role"). One row per route
// under /api except Better Auth's /api/auth/*; a route missing here fails the completeness test.
//
// `allowed` callers must get `ok` (the route's success, or, where a row sends a made-up id or an
// empty body, the 404/422 that proves the caller got past the access check); every other signed-in
// caller gets 403 and a signed-out caller 401, both in the error envelope.
//
// `foreign` is the "another organization of the same role" column (issue 10). A world of records
// belongs to a first program, facility and student (buildWorld); the matrix's own coordinators and
// student belong to others. Allowed on the route, such a caller names the world's real records (ids
// in the path, the query or the body) and gets 404 (a record they may not see) or 403, or, on a list
// or a create, their own organization's answer: never one of the world's records (its ids, emails
// and private text), and the world's records are unchanged. Rows with nothing organization-scoped
// say `foreign: "n/a"`; a row without the column fails the completeness test.

type Who = "anonymous" | TestRole;
const EVERYONE: Who[] = ["anonymous", "none", "student", "program", "facility", "preceptor", "admin", "super_admin"];
const SIGNED_IN: Who[] = EVERYONE.filter((w) => w !== "anonymous");
const ADMINS: Role[] = ["admin", "super_admin"];
const PROGRAM_SIDE: Role[] = ["program", ...ADMINS];
const FACILITY_SIDE: Role[] = ["facility", ...ADMINS];
const CALENDAR_READERS: Role[] = ["student", "program", "facility", ...ADMINS];
const PRECEPTOR_SIDE: Role[] = ["preceptor", "facility", ...ADMINS];

type Ctx = { t: TestApp; users: Record<TestRole, TestUser> };
type Req = { path?: string; body?: unknown; headers?: Record<string, string>; ip?: string };
type Res = Awaited<ReturnType<TestApp["call"]>>;

/** The roles whose records belong to one organization (or one student): their foreign callers. */
type ForeignWho = "program" | "facility" | "student" | "preceptor";
/** The callers of the routes open to everyone signed in (another facility's preceptor is tried where it matters). */
const FOREIGN_WHO: ForeignWho[] = ["program", "facility", "student"];
type Foreign = {
  /** The matrix's user of this role: another program's coordinator, another facility's, another student. */
  who: ForeignWho;
  /** 404 or 403 for the world's record; a list or a create answers for the caller's own organization (200/201). */
  status: number | number[];
  /** The request, naming the world's real records. */
  request: (w: World, ctx: Ctx) => Req & { path: string };
  /** Further checks on the response (the world's markers and state are always checked). */
  check?: (res: Res, w: World, ctx: Ctx, req: Req) => void | Promise<void>;
};

type Row = {
  /** Method and path as Hono registers them (`:id` parameters). */
  route: string;
  allowed: "public" | "signed-in" | Role[];
  /** A number, or per caller (e.g. admins viewing as a student without a linked record get 404). */
  ok: number | ((who: Who) => number);
  /** Builds the request; by default every `:param` becomes a random UUID and there is no body. */
  request?: (ctx: Ctx, who: Who) => Promise<Req> | Req;
  /** Further checks on an allowed caller's response, given the request sent. */
  check?: (res: Res, ctx: Ctx, who: Who, req: Req) => void | Promise<void>;
  /** After a refused call: the state the route must not have changed. */
  unchanged?: (ctx: Ctx, req: Req) => Promise<void>;
  /** Streams (Server-Sent Events) are opened, checked and closed rather than read. */
  stream?: boolean;
  /** Another organization of the same role (see above): its cases, or "n/a" when nothing is organization-scoped. */
  foreign: "n/a" | Foreign | Foreign[];
};

/**
 * The first organizations' records, which the matrix's users (each of another organization) must
 * not reach: a program with a coordinator and three roster students (one with an account and a
 * pending application, one placed, one withdrawn), a facility with a coordinator, two departments
 * and two placements (active and draft), a message between the program and its student, the
 * student's experience and preferences, and another program listing the student's email. The
 * foreign callers have records of their own too (a roster student, a department with a draft), to
 * point at the world's from their own.
 */
async function buildWorld(t: TestApp, users: Record<TestRole, TestUser>) {
  const tag = randomUUID().slice(0, 8);
  const program = await t.createOrganization("program", `World Nursing ${tag}`);
  const facility = await t.createOrganization("facility", `World Hospital ${tag}`);
  const coordinator = await t.createUser("program", { organizationId: program.id });
  const facilityCoordinator = await t.createUser("facility", { organizationId: facility.id });
  const studentUser = await t.createUser("student", { organizationId: program.id });
  const db = t.deps.db;
  const [applicant] = await db.select().from(students).where(eq(students.id, studentUser.studentId!));
  const placed = await createStudent(t, program.id);
  const withdrawn = await createStudent(t, program.id, { enrollmentStatus: "withdrawn", withdrawnAt: new Date() });
  const claimant = await t.createOrganization("program");
  const claim = await createStudent(t, claimant.id, { email: applicant.email });

  const department = await createDepartment(db, facility.id, { name: `Ward ${tag}` });
  const emptyDepartment = await createDepartment(db, facility.id);
  const active = await createPlacement(db, facility.id, { departmentId: department.id, slotsFilled: 1 });
  const draft = await createPlacement(db, facility.id, {
    departmentId: department.id,
    status: "draft",
    title: `Unpublished rotation ${tag}`,
  });
  const application = await createApplication(db, applicant, active.id, { notes: `Private note ${tag}` });
  const approved = await createApplication(db, placed, active.id, { status: "approved", reviewedAt: new Date() });

  const [experience] = await db
    .insert(studentExperiences)
    .values({
      studentId: applicant.id,
      kind: "clinical",
      organization: `Clinic ${tag}`,
      title: "Aide",
      startDate: "2024-01-01",
    })
    .returning();
  const accommodation = `Accommodation ${tag}`;
  await db.insert(studentPreferences).values({ userId: studentUser.userId, accommodationRequests: accommodation });
  const callers = {
    student: await createStudent(t, users.program.organizationId!),
    placement: await createPlacement(db, users.facility.organizationId!, {
      departmentId: (await createDepartment(db, users.facility.organizationId!)).id,
      status: "draft",
    }),
  };
  // Issue 12: the applicant's compliance document and the world's requirements.
  const [document] = await db
    .insert(complianceDocuments)
    .values({
      studentId: applicant.id,
      requirementTypeId: "bls",
      issuedOn: "2026-01-05",
      fileKey: `documents/2026/${randomUUID().replaceAll("-", "")}`,
      fileName: `world-card-${tag}.pdf`,
      contentType: "application/pdf",
      sizeBytes: 100,
      sha256: "0".repeat(64),
    })
    .returning();
  await db.insert(programRequirements).values({ programId: program.id, requirementTypeId: "bls" });
  await db.insert(facilityRequirements).values({ facilityId: facility.id, requirementTypeId: "tdap" });
  // Issue 13: a finished match run of the world's program, its line's reason a secret of its own.
  const proposal = {
    placed: 1,
    averageScore: 80,
    topThreeShare: 1,
    totalScore: 80,
    check: { ok: true, detail: null },
    lines: [{ s: 0, p: 0, score: 80, rank: 1, reason: `World reason ${tag}` }],
  };
  const [matchRun] = await db
    .insert(matchRuns)
    .values({
      programId: program.id,
      status: "done",
      phase: "done",
      percent: 100,
      params: {
        request: { window: { from: active.startDate, to: active.startDate }, students: { ids: 0 }, pool: {} },
        studentIds: [applicant.id],
        placementIds: [active.id],
        counts: { students: 1, placements: 1, seats: 4 },
      },
      result: {
        today: active.startDate,
        pairs: 1,
        students: [{ id: applicant.id, candidates: 1 }],
        placements: [{ id: active.id, spotsLeft: 4 }],
        optimal: proposal,
        stable: proposal,
      },
    })
    .returning();
  // Issue 15: the world coordinator's calendar feed (only its token's hash is kept).
  const [feed] = await db
    .insert(calendarFeeds)
    .values({ userId: coordinator.userId, tokenHash: randomUUID().replaceAll("-", ""), label: `World feed ${tag}` })
    .returning();
  // Issue 15: an event only the world program's coordinators see.
  const [calendarEvent] = await db
    .insert(calendarEvents)
    .values({
      organizationId: program.id,
      title: `World meeting ${tag}`,
      startsAt: new Date(`${dayFromToday(10)}T14:00:00Z`),
      endsAt: new Date(`${dayFromToday(10)}T15:00:00Z`),
      lastEndsAt: new Date(`${dayFromToday(10)}T15:00:00Z`),
      timeZone: "UTC",
    })
    .returning();
  // Issue 16: the world's program's own learning resource and the world's student's conversation.
  const [resource] = await db
    .insert(learningResources)
    .values({
      programId: program.id,
      title: `World resource ${tag}`,
      body: `World resource text ${tag}`,
      category: "clinical_skills",
      kind: "guide",
      durationMinutes: 5,
    })
    .returning();
  const [conversation] = await db
    .insert(assistantConversations)
    .values({ studentId: applicant.id, title: `World question ${tag}` })
    .returning();
  await db
    .insert(assistantMessages)
    .values({ conversationId: conversation.id, role: "user", content: `World question ${tag}` });
  // Issue 16: the world's active placement's own checklist item, ticked by its approved student.
  const [placementItem] = await db
    .insert(placementChecklistItems)
    .values({ placementId: active.id, title: `World item ${tag}`, description: `World item text ${tag}` })
    .returning();
  await db.insert(placementChecklistTicks).values({ studentId: placed.id, itemId: placementItem.id });
  // Issue 17: the world's program and facility have a signed affiliation agreement.
  const [agreement] = await db
    .insert(affiliationAgreements)
    .values({
      programId: program.id,
      facilityId: facility.id,
      title: `World agreement ${tag}`,
      startDate: "2026-01-01",
      endDate: "2030-12-31",
      stage: "executed",
      programSignedAt: new Date("2025-12-15T12:00:00Z"),
      facilitySignedAt: new Date("2025-12-16T12:00:00Z"),
      notes: `World agreement notes ${tag}`,
    })
    .returning();
  // Issue 17: the world facility's preceptor, assigned to its approved rotation, and an open invitation.
  const worldPreceptor = await t.createUser("preceptor", {
    organizationId: facility.id,
    email: `world-preceptor-${tag}@test.dev`,
  });
  await db
    .insert(rotationPreceptors)
    .values({ applicationId: approved.id, userId: worldPreceptor.userId, facilityId: facility.id });
  const [preceptorInvitation] = await db
    .insert(preceptorInvitations)
    .values({
      facilityId: facility.id,
      email: `world-invitee-${tag}@test.dev`,
      name: `World invitee ${tag}`,
      tokenHash: randomUUID().replaceAll("-", ""),
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning();
  // Issue 17: an hour entry of the world's placed student on the approved rotation.
  const [hourLog] = await db
    .insert(hourLogs)
    .values({
      applicationId: approved.id,
      studentId: placed.id,
      programId: program.id,
      facilityId: facility.id,
      workDate: active.startDate,
      startMinute: 420,
      minutes: 480,
      categories: ["Assessment"],
      reflection: `World reflection ${tag}`,
    })
    .returning();
  const marker = `World secret ${tag}`;
  const [message] = await db
    .insert(messages)
    .values({ senderId: coordinator.userId, recipientId: studentUser.userId, subject: marker, content: marker })
    .returning();

  const everyone = [
    program.id,
    program.name,
    coordinator.userId,
    facilityCoordinator.userId,
    studentUser.userId,
    applicant.id,
    applicant.email,
    placed.id,
    placed.email,
    withdrawn.id,
    withdrawn.email,
    draft.id,
    draft.title,
    application.id,
    approved.id,
    `Private note ${tag}`,
    accommodation,
    experience.id,
    message.id,
    marker,
    document.id,
    document.fileName,
    matchRun.id,
    `World reason ${tag}`,
    calendarEvent.id,
    calendarEvent.title,
    feed.id,
    feed.label,
    resource.id,
    resource.title,
    conversation.id,
    `World question ${tag}`,
    placementItem.id,
    placementItem.title,
    agreement.id,
    agreement.title,
    worldPreceptor.userId,
    worldPreceptor.email,
    preceptorInvitation.id,
    preceptorInvitation.email,
    hourLog.id,
    `World reflection ${tag}`,
  ];
  // The active placement and its facility are on the marketplace, for programs and students alike.
  const facilityRecords = [facility.id, department.id, department.name, emptyDepartment.id, active.id];
  return {
    program,
    facility,
    coordinator,
    facilityCoordinator,
    studentUser,
    students: { applicant, placed, withdrawn },
    claim,
    department,
    emptyDepartment,
    placements: { active, draft },
    applications: { pending: application, approved },
    experience,
    message,
    document,
    matchRun,
    calendarEvent,
    feed,
    resource,
    conversation,
    placementItem,
    agreement,
    worldPreceptor,
    preceptorInvitation,
    hourLog,
    marker,
    /** The foreign callers' own records. */
    callers,
    /** What each foreign caller must never be answered (unless they sent it themselves). */
    secrets: {
      program: everyone,
      facility: [...everyone, ...facilityRecords],
      student: [...everyone, claim.id],
      preceptor: [...everyone, ...facilityRecords],
    } satisfies Record<ForeignWho, string[]>,
  };
}
type World = Awaited<ReturnType<typeof buildWorld>>;

/** Every record of the world, to compare before and after a foreign call. */
async function worldState(t: TestApp, w: World) {
  const db = t.deps.db;
  const studentIds = db.select({ id: students.id }).from(students).where(eq(students.programId, w.program.id));
  const departmentIds = db
    .select({ id: departments.id })
    .from(departments)
    .where(eq(departments.facilityId, w.facility.id));
  const placementIds = db
    .select({ id: placements.id })
    .from(placements)
    .where(eq(placements.facilityId, w.facility.id));
  const people = [w.coordinator.userId, w.facilityCoordinator.userId, w.studentUser.userId];
  const [s, i, d, p, a, m, e, pref, r, cd, pr, fr, mr, cf, lr, ac] = await Promise.all([
    db.select().from(students).where(eq(students.programId, w.program.id)).orderBy(students.id),
    db
      .select()
      .from(studentInvitations)
      .where(inArray(studentInvitations.studentId, studentIds))
      .orderBy(studentInvitations.id),
    db.select().from(departments).where(eq(departments.facilityId, w.facility.id)).orderBy(departments.id),
    db
      .select()
      .from(placements)
      .where(or(eq(placements.facilityId, w.facility.id), inArray(placements.departmentId, departmentIds)))
      .orderBy(placements.id),
    db
      .select()
      .from(applications)
      .where(or(eq(applications.programId, w.program.id), inArray(applications.placementId, placementIds)))
      .orderBy(applications.id),
    db
      .select()
      .from(messages)
      .where(or(inArray(messages.senderId, people), inArray(messages.recipientId, people)))
      .orderBy(messages.id),
    db.select().from(studentExperiences).where(eq(studentExperiences.studentId, w.students.applicant.id)),
    db.select().from(studentPreferences).where(eq(studentPreferences.userId, w.studentUser.userId)),
    db
      .select()
      .from(rosterClaimReports)
      .where(inArray(rosterClaimReports.studentId, [w.claim.id, w.students.applicant.id])),
    db
      .select()
      .from(complianceDocuments)
      .where(inArray(complianceDocuments.studentId, studentIds))
      .orderBy(complianceDocuments.id),
    db
      .select()
      .from(programRequirements)
      .where(eq(programRequirements.programId, w.program.id))
      .orderBy(programRequirements.requirementTypeId),
    db
      .select()
      .from(facilityRequirements)
      .where(eq(facilityRequirements.facilityId, w.facility.id))
      .orderBy(facilityRequirements.requirementTypeId),
    db.select().from(matchRuns).where(eq(matchRuns.programId, w.program.id)).orderBy(matchRuns.id),
    db.select().from(calendarFeeds).where(inArray(calendarFeeds.userId, people)).orderBy(calendarFeeds.id),
    db.select().from(learningResources).where(eq(learningResources.programId, w.program.id)),
    db
      .select()
      .from(assistantMessages)
      .where(eq(assistantMessages.conversationId, w.conversation.id))
      .orderBy(assistantMessages.id),
  ]);
  const ce = await db
    .select()
    .from(calendarEvents)
    .where(eq(calendarEvents.organizationId, w.program.id))
    .orderBy(calendarEvents.id);
  const pi = await db
    .select()
    .from(placementChecklistItems)
    .where(inArray(placementChecklistItems.placementId, placementIds))
    .orderBy(placementChecklistItems.id);
  const pt = await db
    .select()
    .from(placementChecklistTicks)
    .where(inArray(placementChecklistTicks.studentId, studentIds))
    .orderBy(placementChecklistTicks.itemId, placementChecklistTicks.studentId);
  const ag = await db
    .select()
    .from(affiliationAgreements)
    .where(eq(affiliationAgreements.programId, w.program.id))
    .orderBy(affiliationAgreements.id);
  const rp = await db
    .select()
    .from(rotationPreceptors)
    .where(eq(rotationPreceptors.facilityId, w.facility.id))
    .orderBy(rotationPreceptors.applicationId, rotationPreceptors.userId);
  const pinv = await db
    .select()
    .from(preceptorInvitations)
    .where(eq(preceptorInvitations.facilityId, w.facility.id))
    .orderBy(preceptorInvitations.id);
  const mem = await db
    .select()
    .from(memberships)
    .where(eq(memberships.organizationId, w.facility.id))
    .orderBy(memberships.id);
  return JSON.parse(
    JSON.stringify({ pi, pt, ag, ce, s, i, d, p, a, m, e, pref, r, cd, pr, fr, mr, cf, lr, ac, rp, pinv, mem }),
  );
}

/** The same case for every foreign caller (routes open to every signed-in user). */
const eachForeign = (status: number, request: Foreign["request"], check?: Foreign["check"]): Foreign[] =>
  FOREIGN_WHO.map((who) => ({ who, status, request, check }));

let requestSeq = 0;
/** A pending administrator access request, as the sign-up page files it. */
async function pendingRequest(ctx: Ctx) {
  requestSeq += 1;
  const email = `matrix-req${requestSeq}-${randomUUID()}@test.dev`;
  const res = await ctx.t.call("POST", "/api/accounts/sign-up", {
    body: {
      fullName: "Ada Applicant",
      organizationName: "State Board",
      email,
      password: "Board-member-2026",
      role: "admin",
    },
    // Sign-ups count against the client address (20 an hour, issue 8 item 6): one address each.
    ip: ctx.t.nextIp(),
  });
  expect(res.status).toBe(201);
  // The answer names no account and signs no one in (ADR 006): the account is found by its email.
  const [user] = await ctx.t.deps.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const [row] = await ctx.t.deps.db.select().from(adminAccessRequests).where(eq(adminAccessRequests.userId, user.id));
  return row.id;
}

const STUDENT_VIEWERS: Role[] = ["student", ...ADMINS];
/** The student's own record answers `status`; an admin viewing as a student without one gets 404. */
const ownRecord = (status: number) => (who: Who) => (who === "student" ? status : 404);
const LEARNING_RESOURCE = {
  title: "Matrix guide",
  body: "Text",
  category: "clinical_skills",
  kind: "guide",
  durationMinutes: 5,
};
const EXPERIENCE = { kind: "work", organization: "Corner Clinic", title: "Receptionist", startDate: "2023-01-01" };

const csv = (res: { headers: Headers }) => expect(res.headers.get("content-type")).toMatch(/^text\/csv/);

/** A valid placement body in the world's department (for edits of the world's placements). */
const placementBody = (w: World) => ({
  title: "Taken over",
  specialty: "Medical-Surgical",
  departmentId: w.department.id,
  startDate: w.placements.active.startDate,
  endDate: w.placements.active.endDate,
  capacity: 9,
  status: "active",
});
const rosterCsv = (email: string) => `first_name,last_name,email\nRoe,Forged,${email}\n`;
const own = (ctx: Ctx, who: ForeignWho) => ctx.users[who].organizationId;

/** A minimal, valid one-page PDF in ASCII only (a string body must survive UTF-8 encoding). */
function asciiPdf() {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>",
  ];
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, "0")} 00000 n \n`;
  return `${out}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
}

/** A compliance upload as the browser sends it (multipart/form-data), for the JSON-minded `call`. */
function uploadRequest(fields: Record<string, string> = { requirementTypeId: "bls", issuedOn: "2026-01-05" }) {
  const boundary = `----matrix${randomUUID().replaceAll("-", "")}`;
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  const pdf = asciiPdf();
  parts.push(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="card.pdf"\r\nContent-Type: application/pdf\r\n\r\n${pdf}\r\n`,
  );
  return {
    body: `${parts.join("")}--${boundary}--\r\n`,
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}
const UPLOADERS: Role[] = ["student", ...PROGRAM_SIDE];
const AGREEMENT_SIDES: Role[] = ["program", "facility", ...ADMINS];

/** Issue 17's routes: the world's agreement is 404 to another program and another facility. */
function agreementRows(): Row[] {
  const agreementFields = () => ({
    title: `Matrix agreement ${randomUUID()}`,
    startDate: "2026-01-01",
    endDate: "2028-12-31",
    contacts: [],
  });
  const bothSides = (status: number, request: Foreign["request"]): Foreign[] =>
    (["program", "facility"] as const).map((who) => ({ who, status, request }));
  const byId = (route: string, extra: Partial<Row> = {}, body?: () => unknown): Row => {
    const path = route.split(" ")[1];
    const at = (id: string) => path.replace(":id", id);
    return {
      route,
      allowed: AGREEMENT_SIDES,
      ok: 404,
      request: () => ({ path: at(randomUUID()), body: body?.() }),
      foreign: bothSides(404, (w) => ({ path: at(w.agreement.id), body: body?.() })),
      ...extra,
    };
  };
  return [
    {
      route: "GET /api/agreements",
      allowed: AGREEMENT_SIDES,
      ok: 200,
      foreign: [
        { who: "program", status: 200, request: (w) => ({ path: `/api/agreements?organizationId=${w.facility.id}` }) },
        { who: "facility", status: 200, request: (w) => ({ path: `/api/agreements?organizationId=${w.program.id}` }) },
      ],
    },
    {
      route: "GET /api/agreements/export.csv",
      allowed: AGREEMENT_SIDES,
      ok: 200,
      foreign: bothSides(200, () => ({ path: "/api/agreements/export.csv" })),
    },
    // A directory of organizations to name as the other side: nothing of an organization's own.
    { route: "GET /api/agreements/partners", allowed: AGREEMENT_SIDES, ok: 200, foreign: "n/a" },
    {
      route: "GET /api/agreements/requirement",
      allowed: FACILITY_SIDE,
      // An administrator names the facility (422 without).
      ok: (who) => (who === "admin" || who === "super_admin" ? 422 : 200),
      foreign: {
        who: "facility",
        status: 200,
        request: (w) => ({ path: `/api/agreements/requirement?facilityId=${w.facility.id}` }),
        check: (res, _w, ctx) => expect(res.json.facilityId).toBe(own(ctx, "facility")),
      },
    },
    {
      route: "PUT /api/agreements/requirement",
      allowed: FACILITY_SIDE,
      ok: 422,
      request: () => ({ body: {} }),
      foreign: {
        who: "facility",
        status: 200,
        request: (w) => ({
          path: "/api/agreements/requirement",
          body: { facilityId: w.facility.id, requireAgreement: false },
        }),
        check: (res, _w, ctx) => expect(res.json.facilityId).toBe(own(ctx, "facility")),
      },
    },
    {
      route: "POST /api/agreements",
      allowed: AGREEMENT_SIDES,
      ok: 422,
      request: () => ({ body: {} }),
      // A program's agreement is its own, whatever programId says.
      foreign: {
        who: "program",
        status: 201,
        request: (w) => ({
          path: "/api/agreements",
          body: { ...agreementFields(), programId: w.program.id, facilityId: w.facility.id },
        }),
        check: (res, _w, ctx) => expect(res.json.program.id).toBe(own(ctx, "program")),
      },
    },
    byId("GET /api/agreements/:id"),
    byId("PUT /api/agreements/:id", {}, agreementFields),
    byId("DELETE /api/agreements/:id"),
    byId("POST /api/agreements/:id/sign"),
    byId("POST /api/agreements/:id/amendments", {}, () => ({ endDate: "2040-12-31" })),
    byId("POST /api/agreements/:id/amendment/accept"),
    byId("POST /api/agreements/:id/amendment/decline"),
    byId("POST /api/agreements/:id/amendment/withdraw"),
    byId("GET /api/agreements/:id/amendment/document"),
    {
      route: "PUT /api/agreements/:id/amendment/document",
      allowed: AGREEMENT_SIDES,
      ok: 404,
      request: () => ({ path: `/api/agreements/${randomUUID()}/amendment/document`, ...uploadRequest({}) }),
      foreign: bothSides(404, (w) => ({
        path: `/api/agreements/${w.agreement.id}/amendment/document`,
        ...uploadRequest({}),
      })),
    },
    byId("POST /api/agreements/:id/terminate", {}, () => ({ reason: "Matrix" })),
    byId("GET /api/agreements/:id/document"),
    {
      route: "PUT /api/agreements/:id/document",
      allowed: AGREEMENT_SIDES,
      ok: 404,
      request: () => ({ path: `/api/agreements/${randomUUID()}/document`, ...uploadRequest({}) }),
      foreign: bothSides(404, (w) => ({ path: `/api/agreements/${w.agreement.id}/document`, ...uploadRequest({}) })),
    },
  ];
}

/** Issue 17's rotation records: the world's rotation is 404 to another program, facility or student. */
function rotationRecordRows(): Row[] {
  const RECORD_READERS: Role[] = ["program", "facility", "preceptor", ...ADMINS];
  const pdf = (id: string) => `/api/rotations/${id}/record.pdf`;
  return [
    {
      route: "GET /api/rotations/records",
      allowed: PROGRAM_SIDE,
      ok: 200,
      // A coordinator's programId is ignored: their own program's rotations only.
      foreign: {
        who: "program",
        status: 200,
        request: (w) => ({ path: `/api/rotations/records?programId=${w.program.id}` }),
      },
    },
    {
      route: "GET /api/rotations/records/export.csv",
      allowed: PROGRAM_SIDE,
      ok: 200,
      foreign: {
        who: "program",
        status: 200,
        request: (w) => ({ path: `/api/rotations/records/export.csv?programId=${w.program.id}` }),
      },
    },
    {
      route: "GET /api/rotations/:applicationId/record.pdf",
      allowed: RECORD_READERS,
      ok: 404,
      foreign: (["program", "facility"] as const).map((who) => ({
        who,
        status: 404,
        request: (w: World) => ({ path: pdf(w.applications.approved.id) }),
      })),
    },
    {
      route: "GET /api/me/student/rotations/:applicationId/record.pdf",
      allowed: ["student", ...ADMINS],
      // Admins without a viewed student: no_student_record (404); the student: no such rotation.
      ok: 404,
      foreign: {
        who: "student",
        status: 404,
        request: (w) => ({ path: `/api/me/student/rotations/${w.applications.approved.id}/record.pdf` }),
      },
    },
  ];
}

/**
 * Issue 17's evaluations: the world's approved rotation gets an evaluation of its student
 * (submitted) and one of the site (submitted, anonymous to the facility), and the world's program a
 * form and settings. Another program, facility or student gets 404, or their own organization's
 * answer without any of these.
 */
type EvaluationWorld = { student: string; site: string; form: string; marker: string };
let evaluationWorld: EvaluationWorld;
const EVALUATION_READERS: Role[] = ["program", "facility", "preceptor", ...ADMINS];

async function buildEvaluationWorld(t: TestApp, w: World): Promise<EvaluationWorld> {
  const db = t.deps.db;
  const marker = `World evaluation ${randomUUID().slice(0, 8)}`;
  const questions = [{ id: "q", type: "comment" as const, label: "Comment", required: true }];
  const answers = [{ questionId: "q", comment: marker }];
  const base = {
    applicationId: w.applications.approved.id,
    studentId: w.students.placed.id,
    programId: w.program.id,
    facilityId: w.facility.id,
    phase: "final" as const,
    templateName: marker,
    questions,
    answers,
    status: "submitted" as const,
    dueDate: "2026-01-10",
    submittedAt: new Date(),
  };
  const [student] = await db
    .insert(evaluations)
    .values({ ...base, kind: "student", submittedBy: w.facilityCoordinator.userId })
    .returning();
  const [site] = await db
    .insert(evaluations)
    .values({ ...base, kind: "site" })
    .returning();
  const [form] = await db
    .insert(evaluationTemplates)
    .values({ programId: w.program.id, kind: "student", name: marker, questions, active: true })
    .returning();
  await db.insert(programEvaluationSettings).values({ programId: w.program.id, midpoint: true, dueDays: 9 });
  return { student: student.id, site: site.id, form: form.id, marker };
}

/** The world's evaluations, forms and settings, unchanged, and none of them in the answer. */
async function evaluationWorldIntact(res: Res, _w: World, ctx: Ctx) {
  const ew = evaluationWorld;
  for (const secret of [ew.student, ew.site, ew.form, ew.marker]) expect(res.text).not.toContain(secret);
  const db = ctx.t.deps.db;
  const rows = await db
    .select()
    .from(evaluations)
    .where(inArray(evaluations.id, [ew.student, ew.site]));
  expect(rows.map((r) => r.status)).toEqual(["submitted", "submitted"]);
  const [form] = await db.select().from(evaluationTemplates).where(eq(evaluationTemplates.id, ew.form));
  expect(form).toMatchObject({ name: ew.marker, active: true });
  const [settings] = await db
    .select()
    .from(programEvaluationSettings)
    .where(eq(programEvaluationSettings.programId, form.programId));
  expect(settings).toMatchObject({ midpoint: true, dueDays: 9 });
}

function evaluationRows(): Row[] {
  const adminsNameOne = (who: Who) => (who === "admin" || who === "super_admin" ? 422 : 200);
  const form = () => ({
    name: "Matrix form",
    questions: [{ id: "q", type: "rating", label: "Skill", scale: 5, required: true }],
  });
  const foreignProgram = (status: number, request: Foreign["request"]): Foreign => ({
    who: "program",
    status,
    request,
    check: evaluationWorldIntact,
  });
  const byId = (
    route: string,
    allowed: Role[],
    who: ForeignWho[],
    target: keyof EvaluationWorld,
    body?: () => unknown,
  ): Row => {
    const path = route.split(" ")[1];
    const at = (id: string) => path.replace(":id", id);
    return {
      route,
      allowed,
      ok: 404,
      request: () => ({ path: at(randomUUID()), body: body?.() }),
      foreign: who.map((w) => ({
        who: w,
        status: 404,
        request: () => ({ path: at(evaluationWorld[target]), body: body?.() }),
        check: evaluationWorldIntact,
      })),
    };
  };
  return [
    {
      route: "GET /api/evaluations",
      allowed: PROGRAM_SIDE,
      ok: 200,
      foreign: foreignProgram(200, (w) => ({ path: `/api/evaluations?programId=${w.program.id}` })),
    },
    {
      route: "GET /api/evaluations/export.csv",
      allowed: PROGRAM_SIDE,
      ok: 200,
      check: csv,
      foreign: foreignProgram(200, (w) => ({ path: `/api/evaluations/export.csv?programId=${w.program.id}` })),
    },
    {
      route: "GET /api/evaluations/assigned",
      allowed: PRECEPTOR_SIDE,
      ok: 200,
      foreign: {
        who: "facility",
        status: 200,
        request: (w) => ({ path: `/api/evaluations/assigned?facilityId=${w.facility.id}` }),
        check: evaluationWorldIntact,
      },
    },
    {
      route: "GET /api/evaluations/site-summary",
      allowed: FACILITY_SIDE,
      ok: adminsNameOne,
      foreign: {
        who: "facility",
        status: 200,
        request: (w) => ({ path: `/api/evaluations/site-summary?facilityId=${w.facility.id}` }),
        check: async (res, w, c) => {
          expect(res.json.submitted).toBe(0);
          await evaluationWorldIntact(res, w, c);
        },
      },
    },
    {
      route: "GET /api/evaluations/settings",
      allowed: PROGRAM_SIDE,
      ok: adminsNameOne,
      foreign: foreignProgram(200, (w) => ({ path: `/api/evaluations/settings?programId=${w.program.id}` })),
    },
    {
      route: "PUT /api/evaluations/settings",
      allowed: PROGRAM_SIDE,
      ok: 422,
      request: () => ({ body: {} }),
      foreign: foreignProgram(200, (w) => ({
        path: "/api/evaluations/settings",
        body: { programId: w.program.id, midpoint: false, dueDays: 2 },
      })),
    },
    {
      route: "GET /api/evaluations/forms",
      allowed: PROGRAM_SIDE,
      ok: adminsNameOne,
      foreign: foreignProgram(200, (w) => ({ path: `/api/evaluations/forms?programId=${w.program.id}` })),
    },
    {
      route: "POST /api/evaluations/forms",
      allowed: PROGRAM_SIDE,
      ok: 422,
      request: () => ({ body: {} }),
      // The form is the caller's program's, whatever programId says.
      foreign: foreignProgram(201, (w) => ({
        path: "/api/evaluations/forms",
        body: { ...form(), kind: "student", active: true, programId: w.program.id },
      })),
    },
    byId("GET /api/evaluations/forms/:id", PROGRAM_SIDE, ["program"], "form"),
    byId("PUT /api/evaluations/forms/:id", PROGRAM_SIDE, ["program"], "form", form),
    byId("POST /api/evaluations/forms/:id/activate", PROGRAM_SIDE, ["program"], "form"),
    byId("POST /api/evaluations/forms/:id/deactivate", PROGRAM_SIDE, ["program"], "form"),
    byId("GET /api/evaluations/:id", EVALUATION_READERS, ["program", "facility"], "student"),
    byId("POST /api/evaluations/:id/submit", PRECEPTOR_SIDE, ["facility"], "student", () => ({ answers: [] })),
    {
      route: "GET /api/me/student/evaluations",
      allowed: STUDENT_VIEWERS,
      ok: ownRecord(200),
      foreign: {
        who: "student",
        status: 200,
        request: () => ({ path: "/api/me/student/evaluations" }),
        check: evaluationWorldIntact,
      },
    },
    {
      route: "POST /api/me/student/evaluations/:id/submit",
      allowed: STUDENT_VIEWERS,
      ok: 404,
      request: () => ({ path: `/api/me/student/evaluations/${randomUUID()}/submit`, body: { answers: [] } }),
      foreign: {
        who: "student",
        status: 404,
        request: () => ({ path: `/api/me/student/evaluations/${evaluationWorld.site}/submit`, body: { answers: [] } }),
        check: evaluationWorldIntact,
      },
    },
  ];
}

/** Issue 17's preceptors: another facility's coordinator or preceptor never reaches the world's. */
function preceptorRows(): Row[] {
  const adminNames = (who: Who) => who === "admin" || who === "super_admin";
  const listed = (path: string): Row => ({
    route: `GET ${path}`,
    allowed: FACILITY_SIDE,
    ok: 200,
    check: path.endsWith(".csv") ? csv : undefined,
    foreign: {
      who: "facility",
      status: 200,
      request: (w) => ({ path: `${path}?facilityId=${w.facility.id}` }),
    },
  });
  const invitationById = (route: string): Row => {
    const at = (id: string) => route.split(" ")[1].replace(":id", id);
    return {
      route,
      allowed: FACILITY_SIDE,
      ok: 404,
      request: () => ({ path: at(randomUUID()) }),
      foreign: { who: "facility", status: 404, request: (w) => ({ path: at(w.preceptorInvitation.id) }) },
    };
  };
  const rotationsList = (path: string): Row => ({
    route: `GET ${path}`,
    allowed: PRECEPTOR_SIDE,
    ok: 200,
    check: path.endsWith(".csv") ? csv : undefined,
    foreign: [
      { who: "facility", status: 200, request: (w) => ({ path: `${path}?facilityId=${w.facility.id}` }) },
      { who: "preceptor", status: 200, request: (w) => ({ path: `${path}?facilityId=${w.facility.id}` }) },
    ],
  });
  return [
    listed("/api/preceptors"),
    listed("/api/preceptors/export.csv"),
    listed("/api/preceptors/invitations"),
    {
      route: "POST /api/preceptors/invitations",
      allowed: FACILITY_SIDE,
      ok: 422,
      request: () => ({ body: {} }),
      // The invitation is the caller's own facility's, whatever facilityId says.
      foreign: {
        who: "facility",
        status: 201,
        request: (w) => ({
          path: "/api/preceptors/invitations",
          body: { name: "Matrix Invitee", email: `matrix-invitee-${randomUUID()}@test.dev`, facilityId: w.facility.id },
        }),
        check: (res, _w, ctx) => expect(res.json.facility.id).toBe(own(ctx, "facility")),
      },
    },
    invitationById("POST /api/preceptors/invitations/:id/resend"),
    invitationById("DELETE /api/preceptors/invitations/:id"),
    rotationsList("/api/preceptors/rotations"),
    rotationsList("/api/preceptors/rotations/export.csv"),
    {
      route: "GET /api/preceptors/rotations/:applicationId",
      allowed: PRECEPTOR_SIDE,
      ok: 404,
      foreign: (["facility", "preceptor"] as const).map((who) => ({
        who,
        status: 404,
        request: (w: World) => ({ path: `/api/preceptors/rotations/${w.applications.approved.id}` }),
      })),
    },
    {
      route: "PUT /api/preceptors/rotations/:applicationId",
      allowed: FACILITY_SIDE,
      ok: 404,
      request: () => ({ path: `/api/preceptors/rotations/${randomUUID()}`, body: { userIds: [] } }),
      foreign: {
        who: "facility",
        status: 404,
        request: (w, ctx) => ({
          path: `/api/preceptors/rotations/${w.applications.approved.id}`,
          body: { userIds: [ctx.users.facility.userId] },
        }),
      },
    },
    {
      route: "DELETE /api/preceptors/:userId",
      allowed: FACILITY_SIDE,
      // An administrator names the facility (422 without); a coordinator's unknown member is 404.
      ok: (who) => (adminNames(who) ? 422 : 404),
      foreign: {
        who: "facility",
        status: 404,
        request: (w) => ({ path: `/api/preceptors/${w.worldPreceptor.userId}?facilityId=${w.facility.id}` }),
      },
    },
    // The emailed link: its token is the key (a made-up one is 404); nothing else is named.
    { route: "GET /api/preceptor-invitations/:token", allowed: "public", ok: 404, foreign: "n/a" },
    {
      route: "POST /api/preceptor-invitations/:token/accept",
      allowed: "public",
      ok: 404,
      request: () => ({ body: {} }),
      foreign: "n/a",
    },
  ];
}

/** Issue 17's hour logs: the student's own, the review (a rotation's supervisors), the program's totals. */
function hourRows(): Row[] {
  const REVIEWERS: Role[] = ["preceptor", "facility", ...ADMINS];
  const entry = () => ({
    workDate: dayFromToday(-1),
    startTime: "07:00",
    endTime: "15:00",
    categories: ["Assessment"],
  });
  const ownProgram = (res: Res, _w: World, ctx: Ctx) => expect(res.json.programId).toBe(own(ctx, "program"));
  return [
    {
      route: "GET /api/me/student/hours",
      allowed: STUDENT_VIEWERS,
      ok: ownRecord(200),
      // Another student naming the world's rotation: not theirs (404).
      foreign: {
        who: "student",
        status: 404,
        request: (w) => ({ path: `/api/me/student/hours?rotationId=${w.applications.approved.id}` }),
      },
    },
    {
      route: "POST /api/me/student/hours",
      allowed: STUDENT_VIEWERS,
      ok: 404,
      request: () => ({ body: { ...entry(), rotationId: randomUUID() } }),
      foreign: {
        who: "student",
        status: 404,
        request: (w) => ({
          path: "/api/me/student/hours",
          body: { ...entry(), rotationId: w.applications.approved.id },
        }),
      },
    },
    {
      route: "PUT /api/me/student/hours/:id",
      allowed: STUDENT_VIEWERS,
      ok: 404,
      request: () => ({ path: `/api/me/student/hours/${randomUUID()}`, body: entry() }),
      foreign: {
        who: "student",
        status: 404,
        request: (w) => ({ path: `/api/me/student/hours/${w.hourLog.id}`, body: entry() }),
      },
    },
    {
      route: "DELETE /api/me/student/hours/:id",
      allowed: STUDENT_VIEWERS,
      ok: 404,
      foreign: { who: "student", status: 404, request: (w) => ({ path: `/api/me/student/hours/${w.hourLog.id}` }) },
    },
    {
      route: "GET /api/hours/review",
      allowed: REVIEWERS,
      ok: 200,
      foreign: {
        who: "facility",
        status: 200,
        request: (w) => ({ path: `/api/hours/review?facilityId=${w.facility.id}&studentId=${w.students.placed.id}` }),
      },
    },
    {
      route: "GET /api/hours/review/export.csv",
      allowed: REVIEWERS,
      ok: 200,
      check: (res) => csv(res),
      foreign: {
        who: "facility",
        status: 200,
        request: (w) => ({ path: `/api/hours/review/export.csv?facilityId=${w.facility.id}` }),
      },
    },
    {
      route: "GET /api/hours/review/options",
      allowed: REVIEWERS,
      ok: 200,
      foreign: {
        who: "facility",
        status: 200,
        request: (w) => ({ path: `/api/hours/review/options?facilityId=${w.facility.id}` }),
      },
    },
    {
      route: "POST /api/hours/review",
      allowed: REVIEWERS,
      ok: 404,
      request: () => ({ body: { ids: [randomUUID()], action: "approve" } }),
      foreign: {
        who: "facility",
        status: 404,
        request: (w) => ({
          path: "/api/hours/review",
          body: { ids: [w.hourLog.id], action: "approve", facilityId: w.facility.id },
        }),
      },
    },
    {
      route: "GET /api/hours/program",
      allowed: PROGRAM_SIDE,
      ok: 200,
      foreign: {
        who: "program",
        status: 200,
        request: (w) => ({ path: `/api/hours/program?programId=${w.program.id}` }),
      },
    },
    {
      route: "GET /api/hours/program/export.csv",
      allowed: PROGRAM_SIDE,
      ok: 200,
      check: (res) => csv(res),
      foreign: {
        who: "program",
        status: 200,
        request: (w) => ({ path: `/api/hours/program/export.csv?programId=${w.program.id}` }),
      },
    },
    {
      route: "GET /api/hours/requirements",
      allowed: PROGRAM_SIDE,
      // An administrator names the program (422 without).
      ok: (who) => (who === "admin" || who === "super_admin" ? 422 : 200),
      foreign: {
        who: "program",
        status: 200,
        request: (w) => ({ path: `/api/hours/requirements?programId=${w.program.id}` }),
        check: ownProgram,
      },
    },
    {
      route: "PUT /api/hours/requirements",
      allowed: PROGRAM_SIDE,
      ok: 422,
      request: () => ({ body: {} }),
      foreign: {
        who: "program",
        status: 200,
        request: (w) => ({
          path: "/api/hours/requirements",
          body: { requirements: [{ specialty: "", hours: 1 }], programId: w.program.id },
        }),
        check: ownProgram,
      },
    },
  ];
}

const MATRIX: Row[] = [
  // Platform: nothing of an organization's
  {
    route: "GET /api/health",
    allowed: "public",
    ok: 200,
    check: (res) => expect(res.json.status).toBe("ok"),
    foreign: "n/a",
  },
  { route: "GET /api/openapi.json", allowed: "public", ok: 200, foreign: "n/a" },
  { route: "GET /api/docs", allowed: "public", ok: 200, foreign: "n/a" },
  { route: "GET /api/docs/scalar.js", allowed: "public", ok: 200, foreign: "n/a" },
  // The caller's own stream: it names nothing.
  { route: "GET /api/events", allowed: "signed-in", ok: 200, stream: true, foreign: "n/a" },

  // Accounts: the caller's own
  {
    route: "POST /api/accounts/sign-up",
    allowed: "public",
    ok: 201,
    request: (ctx) => ({
      ip: ctx.t.nextIp(),
      body: {
        fullName: "Sam Signup",
        organizationName: "Signup Health",
        email: `matrix-${randomUUID()}@test.dev`,
        password: "Sign-up-2026",
        role: "facility",
      },
    }),
    // The answer signs no one in (ADR 006): the new account signs in with what was sent.
    check: async (_res, ctx, _who, req) => {
      const body = req.body as { email: string; password: string };
      const cookie = await ctx.t.signIn(body.email, body.password);
      const me = await ctx.t.call("GET", "/api/accounts/me", { cookie });
      expect(me.json.role).toBe("facility");
    },
    foreign: "n/a",
  },
  // The web app's session check: signed out is `{ me: null }`, not a 401 (the browser logs those).
  { route: "GET /api/accounts/session", allowed: "public", ok: 200, foreign: "n/a" },
  {
    route: "GET /api/accounts/me",
    allowed: "signed-in",
    ok: 200,
    check: (res, { users }, who) => expect(res.json.user.id).toBe(users[who as TestRole].userId),
    foreign: "n/a",
  },

  // The session's active organization (ADR 011): only one of the user's own memberships.
  {
    route: "POST /api/accounts/me/organization",
    allowed: "signed-in",
    ok: 404,
    request: () => ({ body: { organizationId: randomUUID() } }),
    foreign: FOREIGN_WHO.map((who) => ({
      who,
      status: 404,
      request: (w: World) => ({
        path: "/api/accounts/me/organization",
        body: { organizationId: who === "facility" ? w.facility.id : w.program.id },
      }),
      // The session still acts for the caller's own organization.
      check: async (_res: Res, _w: World, ctx: Ctx) => {
        const me = await ctx.t.call("GET", "/api/accounts/me", { cookie: ctx.users[who].cookie });
        expect(me.json.organization?.id ?? null).toBe(who === "student" ? null : own(ctx, who));
      },
    })),
  },

  // Messages
  {
    route: "GET /api/messages/unread-count",
    allowed: "signed-in",
    ok: 200,
    check: (res) => expect(res.json.unread).toBe(0),
    // The caller's own count: it names no one.
    foreign: "n/a",
  },
  {
    route: "GET /api/messages",
    allowed: "signed-in",
    ok: 200,
    check: (res) => expect(res.json).toMatchObject({ items: [], total: 0 }),
    foreign: [
      ...eachForeign(200, (w) => ({ path: `/api/messages?search=${encodeURIComponent(w.marker)}` })),
      ...eachForeign(200, (w) => ({ path: `/api/messages?box=sent&search=${encodeURIComponent(w.marker)}` })),
    ],
  },
  {
    route: "GET /api/messages/recipients",
    allowed: "signed-in",
    ok: 200,
    check: (res) => expect(Array.isArray(res.json.items)).toBe(true),
    // Nobody finds the world's people they have no reason to write to, by email or by name.
    foreign: [
      ...eachForeign(200, (w) => ({
        path: `/api/messages/recipients?search=${encodeURIComponent(w.studentUser.email)}`,
      })),
      ...eachForeign(200, (w) => ({
        path: `/api/messages/recipients?search=${encodeURIComponent(w.coordinator.email)}`,
      })),
    ],
  },
  // Someone else's message (or an unknown one) is 404 for every role, admins included.
  {
    route: "GET /api/messages/:id",
    allowed: "signed-in",
    ok: 404,
    foreign: eachForeign(404, (w) => ({ path: `/api/messages/${w.message.id}` })),
  },
  {
    route: "POST /api/messages/:id/read",
    allowed: "signed-in",
    ok: 404,
    foreign: eachForeign(404, (w) => ({ path: `/api/messages/${w.message.id}/read` })),
  },
  {
    route: "POST /api/messages",
    allowed: "signed-in",
    ok: 422,
    request: () => ({ body: {} }),
    // Only to people one works with (D1): another program's student, a facility one never applied to...
    foreign: [
      ["program", "studentUser"],
      ["program", "facilityCoordinator"],
      ["facility", "studentUser"],
      ["facility", "coordinator"],
      ["student", "coordinator"],
      ["student", "studentUser"],
    ].map(([who, to]) => ({
      who: who as ForeignWho,
      status: 403,
      request: (w: World) => ({
        path: "/api/messages",
        body: { recipientId: w[to as "studentUser"].userId, subject: "Hello", content: "Out of the blue" },
      }),
    })),
  },

  // Admin: administrators act for every organization (no organization of their own)
  {
    route: "GET /api/admin/access-requests",
    allowed: ["super_admin"],
    ok: 200,
    check: (res) => expect(Array.isArray(res.json.items)).toBe(true),
    foreign: "n/a",
  },
  {
    route: "POST /api/admin/access-requests/:id/:decision",
    allowed: ["super_admin"],
    ok: 200,
    request: async (ctx) => ({ path: `/api/admin/access-requests/${await pendingRequest(ctx)}/approve` }),
    check: (res) => expect(res.json.status).toBe("approved"),
    unchanged: async ({ t }, req) => {
      const id = req.path!.split("/")[4];
      const [row] = await t.deps.db.select().from(adminAccessRequests).where(eq(adminAccessRequests.id, id));
      expect(row.status).toBe("pending");
    },
    foreign: "n/a",
  },
  { route: "GET /api/admin/mailbox", allowed: ["super_admin"], ok: 200, foreign: "n/a" },
  // The audit trail (issue 14)
  {
    route: "GET /api/admin/audit",
    allowed: ADMINS,
    ok: 200,
    check: (res) => expect(Array.isArray(res.json.items)).toBe(true),
    foreign: "n/a",
  },
  { route: "GET /api/admin/audit/actions", allowed: ADMINS, ok: 200, foreign: "n/a" },
  { route: "GET /api/admin/audit/export.csv", allowed: ADMINS, ok: 200, check: csv, foreign: "n/a" },
  { route: "GET /api/admin/audit/stream", allowed: ADMINS, ok: 200, stream: true, foreign: "n/a" },
  // Emails on several programs' rosters (issue 8, item 2)
  { route: "GET /api/admin/roster-claims", allowed: ADMINS, ok: 200, foreign: "n/a" },
  {
    route: "GET /api/admin/organizations",
    allowed: ADMINS,
    ok: 200,
    request: () => ({ path: "/api/admin/organizations?kind=program" }),
    check: (res) => expect(Array.isArray(res.json.items)).toBe(true),
    foreign: "n/a",
  },
  {
    route: "GET /api/admin/organizations/export.csv",
    allowed: ADMINS,
    ok: 200,
    request: () => ({ path: "/api/admin/organizations/export.csv?kind=facility" }),
    check: csv,
    foreign: "n/a",
  },
  {
    route: "POST /api/admin/organizations/:id/:decision",
    allowed: ADMINS,
    ok: 200,
    request: async ({ t }) => {
      const [org] = await t.deps.db
        .insert(organizations)
        .values({ kind: "program", name: `Matrix Nursing ${randomUUID()}` })
        .returning();
      return { path: `/api/admin/organizations/${org.id}/verify` };
    },
    check: (res) => expect(res.json.status).toBe("verified"),
    unchanged: async ({ t }, req) => {
      const id = req.path!.split("/")[4];
      const [row] = await t.deps.db.select().from(organizations).where(eq(organizations.id, id));
      expect(row.verificationStatus).toBe("pending");
    },
    foreign: "n/a",
  },

  // Organizations (issue 14): detail, add with the first coordinator, suspend and reinstate
  { route: "GET /api/admin/organizations/:id", allowed: ADMINS, ok: 404, foreign: "n/a" },
  {
    route: "POST /api/admin/organizations",
    allowed: ADMINS,
    ok: 422,
    request: () => ({ body: { kind: "program" } }),
    foreign: "n/a",
  },
  {
    route: "POST /api/admin/organizations/:id/suspend",
    allowed: ADMINS,
    ok: 404,
    request: () => ({ path: `/api/admin/organizations/${randomUUID()}/suspend`, body: { reason: "Matrix reason" } }),
    foreign: "n/a",
  },
  { route: "POST /api/admin/organizations/:id/reinstate", allowed: ADMINS, ok: 404, foreign: "n/a" },
  // Platform settings (issue 14): admins read, super admins change
  {
    route: "GET /api/admin/settings",
    allowed: ADMINS,
    ok: 200,
    check: (res) => expect(typeof res.json.values.maxPendingApplicationsPerStudent).toBe("number"),
    foreign: "n/a",
  },
  {
    route: "PUT /api/admin/settings",
    allowed: ["super_admin"],
    ok: 200,
    request: () => ({ body: { emailSenderName: `Matrix ${randomUUID().slice(0, 8)}` } }),
    check: (res) => expect(res.json.values.emailSenderName).toMatch(/^Matrix /),
    unchanged: async ({ t }, req) => {
      const values = await t.deps.settings.get();
      expect(values.emailSenderName).not.toBe((req.body as { emailSenderName: string }).emailSenderName);
    },
    foreign: "n/a",
  },
  // Administrator accounts (issue 14): admins read the list, super admins add and change rights
  {
    route: "GET /api/admin/admins",
    allowed: ADMINS,
    ok: 200,
    check: (res) => expect(Array.isArray(res.json.items)).toBe(true),
    foreign: "n/a",
  },
  { route: "GET /api/admin/admins/export.csv", allowed: ADMINS, ok: 200, check: csv, foreign: "n/a" },
  {
    route: "POST /api/admin/admins",
    allowed: ["super_admin"],
    ok: 201,
    request: () => ({
      body: {
        email: `matrix-admin-${randomUUID().slice(0, 8)}@test.dev`,
        password: "Matrix-Pass-2026!",
        fullName: "Matrix Admin",
        organizationName: "Matrix Board",
      },
    }),
    check: (res) => expect(res.json.role).toBe("admin"),
    unchanged: async ({ t }, req) => {
      const email = (req.body as { email: string }).email;
      const [user] = await t.deps.db.select().from(users).where(eq(users.email, email));
      expect(user).toBeUndefined();
    },
    foreign: "n/a",
  },
  {
    // A made-up user: 404 proves the super admin got past the access check (no rights change here).
    route: "POST /api/admin/admins/:id/:action",
    allowed: ["super_admin"],
    ok: 404,
    request: () => ({ path: `/api/admin/admins/${randomUUID()}/make-super-admin` }),
    foreign: "n/a",
  },

  // Placements: the marketplace shows active placements; a draft is its facility's own
  {
    route: "GET /api/placements",
    allowed: PROGRAM_SIDE,
    ok: 200,
    foreign: {
      who: "program",
      status: 200,
      request: (w) => ({ path: `/api/placements?search=${encodeURIComponent(w.placements.draft.title)}` }),
    },
  },
  {
    route: "GET /api/placements/:id",
    allowed: PROGRAM_SIDE,
    ok: 404,
    foreign: { who: "program", status: 404, request: (w) => ({ path: `/api/placements/${w.placements.draft.id}` }) },
  },

  // Applications
  {
    route: "POST /api/applications",
    allowed: PROGRAM_SIDE,
    ok: 422,
    request: () => ({ body: {} }),
    foreign: [
      // Another program's student, to an open placement: unknown to the caller (404, or 200 refusing them).
      {
        who: "program",
        status: [404, 200],
        request: (w) => ({
          path: "/api/applications",
          body: { placementId: w.placements.active.id, students: [{ studentId: w.students.placed.id, notes: null }] },
        }),
        check: (res) => {
          expect(res.json.submitted ?? []).toEqual([]);
          expect(res.json.refused).toEqual([expect.objectContaining({ name: null, code: "student_not_found" })]);
        },
      },
      // The caller's own student, to a facility's draft: not open, so not found.
      {
        who: "program",
        status: 404,
        request: (w) => ({
          path: "/api/applications",
          body: { placementId: w.placements.draft.id, studentIds: [w.callers.student.id] },
        }),
      },
    ],
  },
  {
    route: "GET /api/applications",
    allowed: PROGRAM_SIDE,
    ok: 200,
    foreign: [
      { who: "program", status: 200, request: (w) => ({ path: `/api/applications?programId=${w.program.id}` }) },
      { who: "program", status: 200, request: (w) => ({ path: `/api/applications?facilityId=${w.facility.id}` }) },
    ],
  },
  {
    route: "GET /api/applications/export.csv",
    allowed: PROGRAM_SIDE,
    ok: 200,
    check: csv,
    foreign: {
      who: "program",
      status: 200,
      request: (w) => ({ path: `/api/applications/export.csv?programId=${w.program.id}` }),
    },
  },
  {
    route: "GET /api/applications/facilities",
    allowed: PROGRAM_SIDE,
    ok: 200,
    foreign: {
      who: "program",
      status: 200,
      request: (w) => ({ path: `/api/applications/facilities?programId=${w.program.id}` }),
      // The facility the world's program applied to is not one the caller applied to.
      check: (res, w) => expect(res.text).not.toContain(w.facility.id),
    },
  },
  {
    route: "POST /api/applications/:id/withdraw",
    allowed: PROGRAM_SIDE,
    ok: 404,
    foreign: {
      who: "program",
      status: 404,
      request: (w) => ({ path: `/api/applications/${w.applications.pending.id}/withdraw` }),
    },
  },

  // Analytics: a coordinator's own organization's figures, whatever the query names
  {
    route: "GET /api/analytics/program-dashboard",
    allowed: PROGRAM_SIDE,
    ok: 200,
    foreign: {
      who: "program",
      status: 200,
      request: (w) => ({ path: `/api/analytics/program-dashboard?programId=${w.program.id}` }),
      check: (res, _w, ctx) => expect(res.json.programId).toBe(own(ctx, "program")),
    },
  },
  {
    route: "GET /api/analytics/facility-dashboard",
    allowed: FACILITY_SIDE,
    ok: 200,
    foreign: {
      who: "facility",
      status: 200,
      request: (w) => ({ path: `/api/analytics/facility-dashboard?facilityId=${w.facility.id}` }),
      check: (res, _w, ctx) => expect(res.json.facilityId).toBe(own(ctx, "facility")),
    },
  },

  // The administrator's platform overview and analytics charts (issue 14): every organization's figures
  { route: "GET /api/analytics/admin/overview", allowed: ADMINS, ok: 200, foreign: "n/a" },
  { route: "GET /api/analytics/admin/filter-options", allowed: ADMINS, ok: 200, foreign: "n/a" },
  { route: "GET /api/analytics/admin/applications-over-time", allowed: ADMINS, ok: 200, foreign: "n/a" },
  { route: "GET /api/analytics/admin/facility-decisions", allowed: ADMINS, ok: 200, foreign: "n/a" },
  { route: "GET /api/analytics/admin/seat-utilization", allowed: ADMINS, ok: 200, foreign: "n/a" },
  { route: "GET /api/analytics/admin/unmet-demand", allowed: ADMINS, ok: 200, foreign: "n/a" },
  { route: "GET /api/analytics/admin/compliance-by-program", allowed: ADMINS, ok: 200, foreign: "n/a" },

  // Issue 15: the calendar's events. Everyone with standing reads their own calendar; a foreign
  // caller naming the world's program, facility or student gets their own (never the world's
  // rotations, expiries or organization-only events). Coordinators write their organization's events.
  {
    route: "GET /api/calendar/events",
    allowed: ["student", "program", "facility", ...ADMINS],
    ok: 200,
    request: () => ({ path: `/api/calendar/events?from=${dayFromToday(-30)}&to=${dayFromToday(150)}` }),
    check: (res) => expect(Array.isArray(res.json.items)).toBe(true),
    foreign: eachForeign(200, (w) => ({
      path: `/api/calendar/events?from=${dayFromToday(-30)}&to=${dayFromToday(150)}&programId=${w.program.id}&studentId=${w.students.placed.id}`,
    })).concat(
      eachForeign(200, () => ({ path: `/api/calendar/events?from=${dayFromToday(-30)}&to=${dayFromToday(150)}` })),
    ),
  },
  {
    route: "POST /api/calendar/events",
    allowed: ["program", "facility", ...ADMINS],
    ok: 422,
    request: () => ({ body: {} }),
    // A coordinator's event goes to their own organization, whatever organizationId says.
    foreign: (["program", "facility"] as const).map((who) => ({
      who,
      status: 201,
      request: (w: World) => ({
        path: "/api/calendar/events",
        body: {
          organizationId: who === "program" ? w.program.id : w.facility.id,
          title: "Forged",
          startsAt: "2026-09-01T14:00:00Z",
          endsAt: "2026-09-01T15:00:00Z",
          timeZone: "UTC",
        },
      }),
      check: (res: Res, _w: World, ctx: Ctx) => expect(res.json.programId ?? res.json.facilityId).toBe(own(ctx, who)),
    })),
  },
  {
    route: "PUT /api/calendar/events/:id",
    allowed: ["program", "facility", ...ADMINS],
    ok: 404,
    request: () => ({
      path: `/api/calendar/events/${randomUUID()}`,
      body: { title: "Moved", startsAt: "2026-09-01T14:00:00Z", endsAt: "2026-09-01T15:00:00Z", timeZone: "UTC" },
    }),
    foreign: (["program", "facility"] as const).map((who) => ({
      who,
      status: 404,
      request: (w: World) => ({
        path: `/api/calendar/events/${w.calendarEvent.id}`,
        body: {
          title: "Taken over",
          startsAt: "2026-09-01T14:00:00Z",
          endsAt: "2026-09-01T15:00:00Z",
          timeZone: "UTC",
        },
      }),
    })),
  },
  {
    route: "DELETE /api/calendar/events/:id",
    allowed: ["program", "facility", ...ADMINS],
    ok: 404,
    foreign: (["program", "facility"] as const).map((who) => ({
      who,
      status: 404,
      request: (w: World) => ({ path: `/api/calendar/events/${w.calendarEvent.id}` }),
    })),
  },

  {
    // Issue 15: the facility calendar's capacity by department and week. Admins name the facility.
    route: "GET /api/calendar/capacity",
    allowed: FACILITY_SIDE,
    ok: 200,
    request: (ctx) => ({ path: `/api/calendar/capacity?weeks=2&facilityId=${own(ctx, "facility")}` }),
    foreign: {
      who: "facility",
      status: 200,
      request: (w) => ({ path: `/api/calendar/capacity?facilityId=${w.facility.id}` }),
      check: (res, w, ctx) => {
        expect(res.json.facilityId).toBe(own(ctx, "facility"));
        expect(res.text).not.toContain(w.department.id);
      },
    },
  },
  // Issue 15: calendar feeds (each user's own: created, listed, revoked), the feed itself (public,
  // by its token) and one event as .ics.
  {
    route: "GET /api/calendar/feeds",
    allowed: CALENDAR_READERS,
    ok: 200,
    foreign: eachForeign(200, () => ({ path: "/api/calendar/feeds" })),
  },
  {
    route: "POST /api/calendar/feeds",
    allowed: CALENDAR_READERS,
    ok: 201,
    request: () => ({ body: { label: "Matrix" } }),
    check: (res) => expect(res.json.url).toMatch(/\/api\/calendar\/feeds\/[A-Za-z0-9_-]{43}\.ics$/),
    foreign: "n/a",
  },
  {
    route: "DELETE /api/calendar/feeds/:id",
    allowed: CALENDAR_READERS,
    ok: 404,
    foreign: eachForeign(404, (w) => ({ path: `/api/calendar/feeds/${w.feed.id}` })),
  },
  { route: "GET /api/calendar/feeds/:file", allowed: "public", ok: 404, foreign: "n/a" },
  {
    route: "GET /api/calendar/events/:id/ics",
    allowed: CALENDAR_READERS,
    ok: 404,
    request: () => ({ path: `/api/calendar/events/rotation-${randomUUID()}/ics` }),
    foreign: eachForeign(404, (w) => ({ path: `/api/calendar/events/rotation-${w.applications.approved.id}/ics` })),
  },

  // Facility: departments, placements, application review, placed students
  {
    route: "GET /api/facility/departments",
    allowed: FACILITY_SIDE,
    ok: 200,
    foreign: {
      who: "facility",
      status: 200,
      request: (w) => ({ path: `/api/facility/departments?facilityId=${w.facility.id}` }),
    },
  },
  {
    route: "POST /api/facility/departments",
    allowed: FACILITY_SIDE,
    ok: 422,
    request: () => ({ body: {} }),
    // A coordinator's department goes to their own facility, whatever facilityId says.
    foreign: {
      who: "facility",
      status: 201,
      request: (w) => ({
        path: "/api/facility/departments",
        body: { facilityId: w.facility.id, name: `Forged ${randomUUID()}`, specialty: "Pediatrics", capacity: 2 },
      }),
      check: (res, _w, ctx) => expect(res.json.facilityId).toBe(own(ctx, "facility")),
    },
  },
  {
    route: "PUT /api/facility/departments/:id",
    allowed: FACILITY_SIDE,
    ok: 404,
    request: () => ({
      path: `/api/facility/departments/${randomUUID()}`,
      body: { name: "Unit", specialty: "Pediatrics", capacity: 4 },
    }),
    foreign: {
      who: "facility",
      status: 404,
      request: (w) => ({
        path: `/api/facility/departments/${w.department.id}`,
        body: { name: "Taken over", specialty: "Pediatrics", capacity: 40 },
      }),
    },
  },
  {
    route: "DELETE /api/facility/departments/:id",
    allowed: FACILITY_SIDE,
    ok: 404,
    foreign: {
      who: "facility",
      status: 404,
      request: (w) => ({ path: `/api/facility/departments/${w.emptyDepartment.id}` }),
    },
  },
  {
    route: "GET /api/facility/departments/:id/seats",
    allowed: FACILITY_SIDE,
    ok: 404,
    request: () => ({
      path: `/api/facility/departments/${randomUUID()}/seats?startDate=2031-03-01&endDate=2031-04-30`,
    }),
    foreign: {
      who: "facility",
      status: 404,
      request: (w) => ({
        path: `/api/facility/departments/${w.department.id}/seats?startDate=${w.placements.active.startDate}&endDate=${w.placements.active.endDate}`,
      }),
    },
  },
  {
    route: "GET /api/facility/placements",
    allowed: FACILITY_SIDE,
    ok: 200,
    foreign: [
      {
        who: "facility",
        status: 200,
        request: (w) => ({ path: `/api/facility/placements?facilityId=${w.facility.id}` }),
      },
      {
        who: "facility",
        status: 200,
        request: (w) => ({ path: `/api/facility/placements?departmentId=${w.department.id}` }),
      },
    ],
  },
  {
    route: "GET /api/facility/placements/options",
    allowed: FACILITY_SIDE,
    ok: 200,
    foreign: {
      who: "facility",
      status: 200,
      request: (w) => ({ path: `/api/facility/placements/options?facilityId=${w.facility.id}` }),
    },
  },
  {
    route: "GET /api/facility/placements/:id",
    allowed: FACILITY_SIDE,
    ok: 404,
    foreign: {
      who: "facility",
      status: 404,
      request: (w) => ({ path: `/api/facility/placements/${w.placements.draft.id}` }),
    },
  },
  {
    route: "POST /api/facility/placements",
    allowed: FACILITY_SIDE,
    ok: 422,
    request: () => ({ body: {} }),
    // In another facility's department: not one of the caller's (422), nothing created there.
    foreign: {
      who: "facility",
      status: 422,
      request: (w) => ({ path: "/api/facility/placements", body: { ...placementBody(w), status: "draft" } }),
    },
  },
  {
    route: "PUT /api/facility/placements/:id",
    allowed: FACILITY_SIDE,
    ok: 422,
    request: () => ({ path: `/api/facility/placements/${randomUUID()}`, body: {} }),
    foreign: [
      {
        who: "facility",
        status: 404,
        request: (w) => ({ path: `/api/facility/placements/${w.placements.active.id}`, body: placementBody(w) }),
      },
      // The caller's own placement, moved into the world's department: not one of theirs (422).
      {
        who: "facility",
        status: 422,
        request: (w) => ({
          path: `/api/facility/placements/${w.callers.placement.id}`,
          body: { ...placementBody(w), status: "draft" },
        }),
      },
    ],
  },
  {
    route: "POST /api/facility/placements/:id/publish",
    allowed: FACILITY_SIDE,
    ok: 404,
    foreign: {
      who: "facility",
      status: 404,
      request: (w) => ({ path: `/api/facility/placements/${w.placements.draft.id}/publish` }),
    },
  },
  {
    route: "POST /api/facility/placements/:id/close",
    allowed: FACILITY_SIDE,
    ok: 404,
    foreign: {
      who: "facility",
      status: 404,
      request: (w) => ({ path: `/api/facility/placements/${w.placements.active.id}/close` }),
    },
  },
  {
    route: "POST /api/facility/placements/:id/duplicate",
    allowed: FACILITY_SIDE,
    ok: 404,
    foreign: {
      who: "facility",
      status: 404,
      request: (w) => ({ path: `/api/facility/placements/${w.placements.active.id}/duplicate` }),
    },
  },
  {
    route: "GET /api/facility/applications",
    allowed: FACILITY_SIDE,
    ok: 200,
    foreign: {
      who: "facility",
      status: 200,
      request: (w) => ({ path: `/api/facility/applications?facilityId=${w.facility.id}` }),
    },
  },
  {
    route: "GET /api/facility/applications/export.csv",
    allowed: FACILITY_SIDE,
    ok: 200,
    check: csv,
    foreign: {
      who: "facility",
      status: 200,
      request: (w) => ({ path: `/api/facility/applications/export.csv?facilityId=${w.facility.id}` }),
    },
  },
  {
    route: "GET /api/facility/applications/:id",
    allowed: FACILITY_SIDE,
    ok: 404,
    foreign: {
      who: "facility",
      status: 404,
      request: (w) => ({ path: `/api/facility/applications/${w.applications.pending.id}` }),
    },
  },
  {
    route: "POST /api/facility/applications/:id/approve",
    allowed: FACILITY_SIDE,
    ok: 404,
    foreign: {
      who: "facility",
      status: 404,
      request: (w) => ({ path: `/api/facility/applications/${w.applications.pending.id}/approve` }),
    },
  },
  {
    route: "POST /api/facility/applications/:id/reject",
    allowed: FACILITY_SIDE,
    ok: 404,
    request: () => ({ path: `/api/facility/applications/${randomUUID()}/reject`, body: { notes: "No" } }),
    foreign: {
      who: "facility",
      status: 404,
      request: (w) => ({
        path: `/api/facility/applications/${w.applications.pending.id}/reject`,
        body: { notes: "No" },
      }),
    },
  },
  {
    route: "GET /api/facility/placed-students",
    allowed: FACILITY_SIDE,
    ok: 200,
    foreign: {
      who: "facility",
      status: 200,
      request: (w) => ({ path: `/api/facility/placed-students?facilityId=${w.facility.id}` }),
    },
  },

  // Student accounts (D3): public invitation links and roster-email sign-up (a token or an email, no organization)
  { route: "GET /api/invitations/:token", allowed: "public", ok: 404, foreign: "n/a" },
  {
    route: "POST /api/invitations/:token/accept",
    allowed: "public",
    ok: 404,
    request: () => ({ body: { password: "Clinical-Rotation-2026" } }),
    foreign: "n/a",
  },
  {
    route: "POST /api/accounts/student-sign-up",
    allowed: "public",
    ok: 202,
    request: (ctx) => ({ ip: ctx.t.nextIp(), body: { email: `matrix-${randomUUID()}@test.dev` } }),
    foreign: "n/a",
  },
  {
    route: "POST /api/accounts/student-sign-up/confirm",
    allowed: "public",
    ok: 410,
    request: () => ({
      body: { email: `matrix-${randomUUID()}@test.dev`, code: "123456", password: "Clinical-Rotation-2026" },
    }),
    foreign: "n/a",
  },

  // The signed-in student's own records; admins viewing as a student have no linked record (404).
  // Another student gets their own records, never the world's student's.
  {
    route: "GET /api/me/student/dashboard",
    allowed: STUDENT_VIEWERS,
    ok: ownRecord(200),
    foreign: { who: "student", status: 200, request: () => ({ path: "/api/me/student/dashboard" }) },
  },
  {
    route: "GET /api/me/student/calendar/events",
    allowed: STUDENT_VIEWERS,
    ok: ownRecord(200),
    request: () => ({ path: `/api/me/student/calendar/events?from=${dayFromToday(-30)}&to=${dayFromToday(150)}` }),
    // Another student naming the world's student gets their own calendar (the parameter is not read).
    foreign: {
      who: "student",
      status: 200,
      request: (w) => ({
        path: `/api/me/student/calendar/events?from=${dayFromToday(-30)}&to=${dayFromToday(150)}&studentId=${w.students.placed.id}`,
      }),
    },
  },
  {
    route: "GET /api/me/student/placements",
    allowed: STUDENT_VIEWERS,
    ok: ownRecord(200),
    foreign: {
      who: "student",
      status: 200,
      request: (w) => ({ path: `/api/me/student/placements?search=${encodeURIComponent(w.placements.draft.title)}` }),
    },
  },
  {
    route: "POST /api/me/student/applications",
    allowed: STUDENT_VIEWERS,
    ok: 404,
    request: () => ({ body: { placementId: randomUUID() } }),
    // A facility's draft is not open to anyone.
    foreign: {
      who: "student",
      status: 404,
      request: (w) => ({ path: "/api/me/student/applications", body: { placementId: w.placements.draft.id } }),
    },
  },
  {
    route: "GET /api/me/student/applications",
    allowed: STUDENT_VIEWERS,
    ok: ownRecord(200),
    foreign: { who: "student", status: 200, request: () => ({ path: "/api/me/student/applications" }) },
  },
  {
    route: "POST /api/me/student/applications/:id/withdraw",
    allowed: STUDENT_VIEWERS,
    ok: 404,
    foreign: {
      who: "student",
      status: 404,
      request: (w) => ({ path: `/api/me/student/applications/${w.applications.pending.id}/withdraw` }),
    },
  },
  // Issue 16: the Learning Center. The student's own (admins without ?student have no record: 404).
  {
    route: "GET /api/me/student/learning/resources",
    allowed: STUDENT_VIEWERS,
    ok: ownRecord(200),
    foreign: { who: "student", status: 200, request: () => ({ path: "/api/me/student/learning/resources" }) },
  },
  {
    route: "GET /api/me/student/learning/resources/:id",
    allowed: STUDENT_VIEWERS,
    ok: 404,
    foreign: {
      who: "student",
      status: 404,
      request: (w) => ({ path: `/api/me/student/learning/resources/${w.resource.id}` }),
    },
  },
  {
    route: "PUT /api/me/student/learning/resources/:id/progress",
    allowed: STUDENT_VIEWERS,
    ok: 404,
    request: () => ({ path: `/api/me/student/learning/resources/${randomUUID()}/progress`, body: { done: true } }),
    foreign: {
      who: "student",
      status: 404,
      request: (w) => ({ path: `/api/me/student/learning/resources/${w.resource.id}/progress`, body: { done: true } }),
    },
  },
  {
    route: "GET /api/me/student/learning/checklist",
    allowed: STUDENT_VIEWERS,
    ok: ownRecord(200),
    foreign: { who: "student", status: 200, request: () => ({ path: "/api/me/student/learning/checklist" }) },
  },
  {
    route: "PUT /api/me/student/learning/checklist/:item",
    allowed: STUDENT_VIEWERS,
    ok: ownRecord(200),
    request: () => ({ path: "/api/me/student/learning/checklist/uniform", body: { checked: true } }),
    foreign: {
      who: "student",
      status: 200,
      request: () => ({ path: "/api/me/student/learning/checklist/orientation", body: { checked: true } }),
    },
  },
  {
    route: "GET /api/me/student/learning/assistant",
    allowed: STUDENT_VIEWERS,
    ok: ownRecord(200),
    foreign: { who: "student", status: 200, request: () => ({ path: "/api/me/student/learning/assistant" }) },
  },
  {
    route: "GET /api/me/student/learning/conversations",
    allowed: STUDENT_VIEWERS,
    ok: ownRecord(200),
    foreign: { who: "student", status: 200, request: () => ({ path: "/api/me/student/learning/conversations" }) },
  },
  {
    route: "GET /api/me/student/learning/conversations/:id",
    allowed: STUDENT_VIEWERS,
    ok: 404,
    foreign: {
      who: "student",
      status: 404,
      request: (w) => ({ path: `/api/me/student/learning/conversations/${w.conversation.id}` }),
    },
  },
  {
    route: "DELETE /api/me/student/learning/conversations/:id",
    allowed: STUDENT_VIEWERS,
    ok: 404,
    foreign: {
      who: "student",
      status: 404,
      request: (w) => ({ path: `/api/me/student/learning/conversations/${w.conversation.id}` }),
    },
  },
  {
    route: "POST /api/me/student/learning/assistant/chat/completions",
    allowed: STUDENT_VIEWERS,
    ok: ownRecord(200),
    request: () => ({ body: { messages: [{ role: "user", content: "How do I give an SBAR report?" }] } }),
    check: (res, _ctx, who) => {
      if (who === "student") expect(res.text.trimEnd().endsWith("data: [DONE]")).toBe(true);
    },
    foreign: {
      who: "student",
      status: 404,
      request: (w) => ({
        path: "/api/me/student/learning/assistant/chat/completions",
        body: { messages: [{ role: "user", content: "Continue" }], conversationId: w.conversation.id },
      }),
    },
  },
  {
    route: "GET /api/me/student/learning/resources/:id/file",
    allowed: STUDENT_VIEWERS,
    ok: 404,
    foreign: {
      who: "student",
      status: 404,
      request: (w) => ({ path: `/api/me/student/learning/resources/${w.resource.id}/file` }),
    },
  },
  {
    route: "PUT /api/me/student/learning/checklist/placement-items/:id",
    allowed: STUDENT_VIEWERS,
    ok: 404,
    request: () => ({
      path: `/api/me/student/learning/checklist/placement-items/${randomUUID()}`,
      body: { checked: true },
    }),
    foreign: {
      who: "student",
      status: 404,
      request: (w) => ({
        path: `/api/me/student/learning/checklist/placement-items/${w.placementItem.id}`,
        body: { checked: false },
      }),
    },
  },
  // A placement's own checklist items: its facility's coordinators and administrators.
  {
    route: "GET /api/learning/placements/:id/items",
    allowed: FACILITY_SIDE,
    ok: 404,
    foreign: {
      who: "facility",
      status: 404,
      request: (w) => ({ path: `/api/learning/placements/${w.placements.active.id}/items` }),
    },
  },
  {
    route: "POST /api/learning/placements/:id/items",
    allowed: FACILITY_SIDE,
    ok: 404,
    request: () => ({ path: `/api/learning/placements/${randomUUID()}/items`, body: { title: "Badge photo" } }),
    foreign: {
      who: "facility",
      status: 404,
      request: (w) => ({ path: `/api/learning/placements/${w.placements.active.id}/items`, body: { title: "Badge" } }),
    },
  },
  {
    route: "DELETE /api/learning/placements/:id/items/:itemId",
    allowed: FACILITY_SIDE,
    ok: 404,
    foreign: {
      who: "facility",
      status: 404,
      request: (w) => ({ path: `/api/learning/placements/${w.placements.active.id}/items/${w.placementItem.id}` }),
    },
  },
  // Coordinators their program's resources (and the shared ones to read); administrators all.
  {
    route: "GET /api/learning/resources/:id/file",
    allowed: PROGRAM_SIDE,
    ok: 404,
    foreign: {
      who: "program",
      status: 404,
      request: (w) => ({ path: `/api/learning/resources/${w.resource.id}/file` }),
    },
  },
  {
    route: "PUT /api/learning/resources/:id/file",
    allowed: PROGRAM_SIDE,
    ok: 404,
    request: () => ({ path: `/api/learning/resources/${randomUUID()}/file`, ...uploadRequest({}) }),
    foreign: {
      who: "program",
      status: 404,
      request: (w) => ({ path: `/api/learning/resources/${w.resource.id}/file`, ...uploadRequest({}) }),
    },
  },
  {
    route: "DELETE /api/learning/resources/:id/file",
    allowed: PROGRAM_SIDE,
    ok: 404,
    foreign: {
      who: "program",
      status: 404,
      request: (w) => ({ path: `/api/learning/resources/${w.resource.id}/file` }),
    },
  },
  {
    route: "GET /api/learning/resources",
    allowed: PROGRAM_SIDE,
    ok: 200,
    foreign: { who: "program", status: 200, request: () => ({ path: "/api/learning/resources?pageSize=100" }) },
  },
  {
    route: "GET /api/learning/resources/:id",
    allowed: PROGRAM_SIDE,
    ok: 404,
    foreign: { who: "program", status: 404, request: (w) => ({ path: `/api/learning/resources/${w.resource.id}` }) },
  },
  {
    route: "POST /api/learning/resources",
    allowed: PROGRAM_SIDE,
    ok: 201,
    request: () => ({ body: LEARNING_RESOURCE }),
    foreign: {
      who: "program",
      status: 201,
      request: (w) => ({ path: "/api/learning/resources", body: { ...LEARNING_RESOURCE, programId: w.program.id } }),
      check: (res, w) => expect(res.json.programId).not.toBe(w.program.id),
    },
  },
  {
    route: "PUT /api/learning/resources/:id",
    allowed: PROGRAM_SIDE,
    ok: 404,
    request: () => ({ path: `/api/learning/resources/${randomUUID()}`, body: LEARNING_RESOURCE }),
    foreign: {
      who: "program",
      status: 404,
      request: (w) => ({ path: `/api/learning/resources/${w.resource.id}`, body: LEARNING_RESOURCE }),
    },
  },
  {
    route: "DELETE /api/learning/resources/:id",
    allowed: PROGRAM_SIDE,
    ok: 404,
    foreign: { who: "program", status: 404, request: (w) => ({ path: `/api/learning/resources/${w.resource.id}` }) },
  },
  {
    route: "GET /api/me/student/profile",
    allowed: STUDENT_VIEWERS,
    ok: ownRecord(200),
    foreign: { who: "student", status: 200, request: () => ({ path: "/api/me/student/profile" }) },
  },
  {
    route: "PUT /api/me/student/preferences",
    allowed: STUDENT_VIEWERS,
    ok: ownRecord(200),
    request: () => ({ body: { careerGoals: "Pediatric nurse" } }),
    foreign: {
      who: "student",
      status: 200,
      request: () => ({ path: "/api/me/student/preferences", body: { careerGoals: "Pediatric nurse" } }),
    },
  },
  {
    route: "POST /api/me/student/experiences",
    allowed: STUDENT_VIEWERS,
    ok: ownRecord(201),
    request: () => ({ body: EXPERIENCE }),
    foreign: {
      who: "student",
      status: 201,
      request: (w) => ({
        path: "/api/me/student/experiences",
        body: { ...EXPERIENCE, studentId: w.students.applicant.id },
      }),
    },
  },
  {
    route: "PUT /api/me/student/experiences/:id",
    allowed: STUDENT_VIEWERS,
    ok: 404,
    request: () => ({ path: `/api/me/student/experiences/${randomUUID()}`, body: EXPERIENCE }),
    foreign: {
      who: "student",
      status: 404,
      request: (w) => ({ path: `/api/me/student/experiences/${w.experience.id}`, body: EXPERIENCE }),
    },
  },
  {
    route: "DELETE /api/me/student/experiences/:id",
    allowed: STUDENT_VIEWERS,
    ok: 404,
    foreign: {
      who: "student",
      status: 404,
      request: (w) => ({ path: `/api/me/student/experiences/${w.experience.id}` }),
    },
  },
  // Programs listing the student's email, and "Not my program" (issue 8, item 2)
  {
    route: "GET /api/me/student/roster-claims",
    allowed: STUDENT_VIEWERS,
    ok: ownRecord(200),
    foreign: { who: "student", status: 200, request: () => ({ path: "/api/me/student/roster-claims" }) },
  },
  {
    route: "POST /api/me/student/roster-claims/:id/report",
    allowed: STUDENT_VIEWERS,
    ok: 404,
    // Another student's claims: the other program's entry with their email, and their own linked entry.
    foreign: [
      { who: "student", status: 404, request: (w) => ({ path: `/api/me/student/roster-claims/${w.claim.id}/report` }) },
      {
        who: "student",
        status: 404,
        request: (w) => ({ path: `/api/me/student/roster-claims/${w.students.applicant.id}/report` }),
      },
    ],
  },

  // Students (roster): a coordinator's own program is always used (D1), whatever programId says
  {
    route: "GET /api/students",
    allowed: PROGRAM_SIDE,
    ok: 200,
    foreign: { who: "program", status: 200, request: (w) => ({ path: `/api/students?programId=${w.program.id}` }) },
  },
  {
    route: "GET /api/students/export.csv",
    allowed: PROGRAM_SIDE,
    ok: 200,
    check: csv,
    foreign: {
      who: "program",
      status: 200,
      request: (w) => ({ path: `/api/students/export.csv?programId=${w.program.id}&enrollment=all` }),
    },
  },
  {
    route: "POST /api/students",
    allowed: PROGRAM_SIDE,
    ok: 422,
    request: () => ({ body: {} }),
    foreign: {
      who: "program",
      status: 201,
      request: (w) => ({
        path: "/api/students",
        body: {
          programId: w.program.id,
          firstName: "Roe",
          lastName: "Forged",
          email: `forged-${randomUUID()}@test.dev`,
        },
      }),
      check: (res, _w, ctx) => expect(res.json.programId).toBe(own(ctx, "program")),
    },
  },
  {
    route: "POST /api/students/import/preview",
    allowed: PROGRAM_SIDE,
    ok: 422,
    request: () => ({ body: {} }),
    // Checked against the caller's roster: the world's roster does not flag its own student's email.
    foreign: {
      who: "program",
      status: 200,
      request: (w) => ({
        path: "/api/students/import/preview",
        body: { programId: w.program.id, csv: rosterCsv(w.students.placed.email) },
      }),
      check: (res) => expect(res.json).toMatchObject({ total: 1, valid: 1, invalid: 0 }),
    },
  },
  {
    route: "POST /api/students/import",
    allowed: PROGRAM_SIDE,
    ok: 422,
    request: () => ({ body: {} }),
    // Imported into the caller's program; nothing into the world's (its roster is compared).
    foreign: {
      who: "program",
      status: 200,
      request: (w) => ({
        path: "/api/students/import",
        body: { programId: w.program.id, csv: rosterCsv(`imported-${randomUUID()}@test.dev`) },
      }),
      check: async (res, _w, ctx, req) => {
        expect(res.json).toMatchObject({ added: 1, skipped: [] });
        const email = (req.body as { csv: string }).csv.trim().split(",").at(-1)!;
        const rows = await ctx.t.deps.db
          .select({ programId: students.programId })
          .from(students)
          .where(eq(students.email, email));
        expect(rows).toEqual([{ programId: own(ctx, "program") }]);
      },
    },
  },
  {
    route: "GET /api/students/:id",
    allowed: PROGRAM_SIDE,
    ok: 404,
    foreign: { who: "program", status: 404, request: (w) => ({ path: `/api/students/${w.students.applicant.id}` }) },
  },
  {
    route: "PATCH /api/students/:id",
    allowed: PROGRAM_SIDE,
    ok: 404,
    request: () => ({ path: `/api/students/${randomUUID()}`, body: {} }),
    foreign: {
      who: "program",
      status: 404,
      request: (w) => ({ path: `/api/students/${w.students.applicant.id}`, body: { lastName: "Taken-over", gpa: 4 } }),
    },
  },
  {
    route: "DELETE /api/students/:id",
    allowed: PROGRAM_SIDE,
    ok: 404,
    foreign: { who: "program", status: 404, request: (w) => ({ path: `/api/students/${w.students.withdrawn.id}` }) },
  },
  {
    route: "POST /api/students/:id/withdraw",
    allowed: PROGRAM_SIDE,
    ok: 404,
    foreign: {
      who: "program",
      status: 404,
      request: (w) => ({ path: `/api/students/${w.students.applicant.id}/withdraw` }),
    },
  },
  {
    route: "POST /api/students/:id/reinstate",
    allowed: PROGRAM_SIDE,
    ok: 404,
    foreign: {
      who: "program",
      status: 404,
      request: (w) => ({ path: `/api/students/${w.students.withdrawn.id}/reinstate` }),
    },
  },
  {
    route: "POST /api/students/:id/invite",
    allowed: PROGRAM_SIDE,
    ok: 404,
    foreign: {
      who: "program",
      status: 404,
      request: (w) => ({ path: `/api/students/${w.students.placed.id}/invite` }),
    },
  },
  // Issue 9: a coordinator invites their own program; an admin must name one (422 without).
  {
    route: "POST /api/students/invite-all",
    allowed: PROGRAM_SIDE,
    ok: (who) => (who === "program" ? 200 : 422),
    foreign: {
      who: "program",
      status: 200,
      request: (w) => ({ path: "/api/students/invite-all", body: { programId: w.program.id } }),
    },
  },

  // Compliance (issue 12): the catalogue, requirements, documents, the program's overview.
  {
    route: "GET /api/compliance/requirement-types",
    allowed: "signed-in",
    ok: 200,
    check: (res) => expect(res.json.types.map((x: { id: string }) => x.id)).toContain("bls"),
    foreign: "n/a",
  },
  {
    route: "GET /api/compliance/program-requirements",
    allowed: PROGRAM_SIDE,
    ok: (who) => (who === "program" ? 200 : 422),
    foreign: {
      who: "program",
      status: 200,
      request: (w) => ({ path: `/api/compliance/program-requirements?programId=${w.program.id}` }),
      check: (res, _w, ctx) => expect(res.json.programId).toBe(own(ctx, "program")),
    },
  },
  {
    route: "PUT /api/compliance/program-requirements",
    allowed: PROGRAM_SIDE,
    ok: (who) => (who === "program" ? 200 : 422),
    request: () => ({ body: { requirementTypeIds: [] } }),
    foreign: {
      who: "program",
      status: 200,
      request: (w) => ({
        path: "/api/compliance/program-requirements",
        body: { programId: w.program.id, requirementTypeIds: ["mmr"] },
      }),
      check: (res, _w, ctx) => expect(res.json.programId).toBe(own(ctx, "program")),
    },
  },
  {
    route: "GET /api/compliance/facility-requirements",
    allowed: FACILITY_SIDE,
    ok: (who) => (who === "facility" ? 200 : 422),
    foreign: {
      who: "facility",
      status: 200,
      request: (w) => ({ path: `/api/compliance/facility-requirements?facilityId=${w.facility.id}` }),
      check: (res, _w, ctx) => expect(res.json.facilityId).toBe(own(ctx, "facility")),
    },
  },
  {
    route: "PUT /api/compliance/facility-requirements",
    allowed: FACILITY_SIDE,
    ok: (who) => (who === "facility" ? 200 : 422),
    request: () => ({ body: { requirementTypeIds: [] } }),
    foreign: {
      who: "facility",
      status: 200,
      request: (w) => ({
        path: "/api/compliance/facility-requirements",
        body: { facilityId: w.facility.id, requirementTypeIds: ["mmr"] },
      }),
      check: (res, _w, ctx) => expect(res.json.facilityId).toBe(own(ctx, "facility")),
    },
  },
  // Stores nothing: a file in, a proposal out.
  {
    route: "POST /api/compliance/scan",
    allowed: UPLOADERS,
    ok: 200,
    request: () => uploadRequest({}),
    foreign: "n/a",
  },
  // Another organization's document (or an unknown one) is 404 for everyone, never 403.
  {
    route: "GET /api/compliance/documents/:id/file",
    allowed: "signed-in",
    ok: 404,
    foreign: eachForeign(404, (w) => ({ path: `/api/compliance/documents/${w.document.id}/file` })),
  },
  {
    route: "POST /api/compliance/documents/:id/approve",
    allowed: PROGRAM_SIDE,
    ok: 404,
    foreign: {
      who: "program",
      status: 404,
      request: (w) => ({ path: `/api/compliance/documents/${w.document.id}/approve` }),
    },
  },
  {
    route: "POST /api/compliance/documents/:id/reject",
    allowed: PROGRAM_SIDE,
    ok: 404,
    request: () => ({ path: `/api/compliance/documents/${randomUUID()}/reject`, body: { reason: "Unreadable" } }),
    foreign: {
      who: "program",
      status: 404,
      request: (w) => ({ path: `/api/compliance/documents/${w.document.id}/reject`, body: { reason: "Unreadable" } }),
    },
  },
  {
    route: "GET /api/compliance/students",
    allowed: PROGRAM_SIDE,
    ok: 200,
    foreign: {
      who: "program",
      status: 200,
      request: (w) => ({ path: `/api/compliance/students?programId=${w.program.id}` }),
    },
  },
  {
    route: "GET /api/compliance/students/export.csv",
    allowed: PROGRAM_SIDE,
    ok: 200,
    check: csv,
    foreign: {
      who: "program",
      status: 200,
      request: (w) => ({ path: `/api/compliance/students/export.csv?programId=${w.program.id}` }),
    },
  },
  {
    route: "GET /api/compliance/review-queue",
    allowed: PROGRAM_SIDE,
    ok: 200,
    foreign: {
      who: "program",
      status: 200,
      request: (w) => ({ path: `/api/compliance/review-queue?programId=${w.program.id}` }),
    },
  },
  {
    route: "POST /api/compliance/remind",
    allowed: PROGRAM_SIDE,
    ok: 200,
    request: () => ({ body: { studentIds: [randomUUID()] } }),
    check: (res) => expect(res.json.queued).toBe(0),
    foreign: {
      who: "program",
      status: 200,
      request: (w) => ({ path: "/api/compliance/remind", body: { studentIds: [w.students.applicant.id] } }),
      check: (res) => expect(res.json.queued).toBe(0),
    },
  },
  {
    route: "GET /api/students/:id/compliance",
    allowed: PROGRAM_SIDE,
    ok: 404,
    foreign: {
      who: "program",
      status: 404,
      request: (w) => ({ path: `/api/students/${w.students.applicant.id}/compliance` }),
    },
  },
  {
    route: "POST /api/students/:id/compliance/documents",
    allowed: PROGRAM_SIDE,
    ok: 404,
    request: () => ({ path: `/api/students/${randomUUID()}/compliance/documents`, ...uploadRequest() }),
    foreign: {
      who: "program",
      status: 404,
      request: (w) => ({ path: `/api/students/${w.students.applicant.id}/compliance/documents`, ...uploadRequest() }),
    },
  },
  {
    route: "GET /api/me/student/compliance",
    allowed: STUDENT_VIEWERS,
    ok: ownRecord(200),
    foreign: "n/a",
  },
  // The caller's own record only: nothing names another's.
  {
    route: "POST /api/me/student/compliance/documents",
    allowed: STUDENT_VIEWERS,
    ok: ownRecord(201),
    request: () => uploadRequest(),
    foreign: "n/a",
  },
  // Matching (issue 13): a student's recommendations, their own or, for their program, one student's.
  {
    route: "GET /api/me/student/recommendations",
    allowed: STUDENT_VIEWERS,
    ok: ownRecord(200),
    check: (res, _ctx, who) => {
      if (who === "student") expect(res.json).toMatchObject({ mode: "engine", items: expect.any(Array) });
    },
    foreign: { who: "student", status: 200, request: () => ({ path: "/api/me/student/recommendations" }) },
  },
  {
    route: "GET /api/students/:id/recommendations",
    allowed: PROGRAM_SIDE,
    ok: 404,
    foreign: {
      who: "program",
      status: 404,
      request: (w) => ({ path: `/api/students/${w.students.applicant.id}/recommendations` }),
    },
  },
  {
    route: "GET /api/facility/applications/:id/readiness",
    allowed: FACILITY_SIDE,
    ok: 404,
    foreign: {
      who: "facility",
      status: 404,
      request: (w) => ({ path: `/api/facility/applications/${w.applications.pending.id}/readiness` }),
    },
  },
  // Bulk matching (issue 13): a program's runs; admins name the program.
  {
    route: "POST /api/matching/preview",
    allowed: PROGRAM_SIDE,
    ok: (who) => (who === "program" ? 200 : 422),
    request: () => ({ body: { window: { from: "2031-01-01", to: "2031-02-01" } } }),
    // Naming the world's program previews the caller's own roster.
    foreign: {
      who: "program",
      status: 200,
      request: (w) => ({
        path: "/api/matching/preview",
        body: { programId: w.program.id, window: { from: "2020-01-01", to: "2021-12-31" } },
      }),
    },
  },
  {
    route: "POST /api/matching/runs",
    allowed: PROGRAM_SIDE,
    ok: 422,
    request: () => ({ body: {} }),
    // Naming the world's program or its students runs for the caller's own program, if anything.
    foreign: {
      who: "program",
      status: 422,
      request: (w) => ({
        path: "/api/matching/runs",
        body: {
          programId: w.program.id,
          students: { ids: [w.students.applicant.id, w.students.placed.id] },
          window: { from: w.placements.active.startDate, to: w.placements.active.startDate },
        },
      }),
      check: (res) => expect(res.json.error.issues[0].path).toBe("students"),
    },
  },
  {
    route: "GET /api/matching/runs/:id",
    allowed: PROGRAM_SIDE,
    ok: 404,
    foreign: { who: "program", status: 404, request: (w) => ({ path: `/api/matching/runs/${w.matchRun.id}` }) },
  },
  {
    route: "GET /api/matching/runs/:id/students/:studentId/candidates",
    allowed: PROGRAM_SIDE,
    ok: 404,
    request: () => ({ path: `/api/matching/runs/${randomUUID()}/students/${randomUUID()}/candidates` }),
    foreign: {
      who: "program",
      status: 404,
      request: (w) => ({
        path: `/api/matching/runs/${w.matchRun.id}/students/${w.students.applicant.id}/candidates`,
      }),
    },
  },
  {
    route: "POST /api/matching/runs/:id/submit",
    allowed: PROGRAM_SIDE,
    ok: 404,
    request: () => ({
      path: `/api/matching/runs/${randomUUID()}/submit`,
      body: { lines: [{ studentId: randomUUID(), placementId: randomUUID() }] },
    }),
    foreign: {
      who: "program",
      status: 404,
      request: (w) => ({
        path: `/api/matching/runs/${w.matchRun.id}/submit`,
        body: { lines: [{ studentId: w.students.applicant.id, placementId: w.placements.active.id }] },
      }),
    },
  },
  // Affiliation agreements (issue 17): both sides and admins; another organization's agreement is 404.
  ...agreementRows(),
  // Rotation records (issue 17): the PDF for each side and the student; the program's completion list.
  ...rotationRecordRows(),
  // Preceptors (issue 17): the facility's people and rotations; a preceptor reads their own assignments.
  ...preceptorRows(),
  // Evaluations (issue 17): the program's, the supervisors', the facility's summary, the student's.
  ...evaluationRows(),
  // Clinical hour logs (issue 17): the student's own, the review, the program's totals.
  ...hourRows(),
];

let t: TestApp;
let ctx: Ctx;
let world: World;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "cpp-matrix-"));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  const users = {} as Record<TestRole, TestUser>;
  for (const role of ["none", "student", "program", "facility", "admin", "super_admin"] as const)
    users[role] = await t.createUser(role);
  // Issue 17: the matrix's preceptor works at the matrix's facility (another than the world's).
  users.preceptor = await t.createUser("preceptor", { organizationId: users.facility.organizationId! });
  ctx = { t, users };
  world = await buildWorld(t, users);
});
// Issue 17's evaluations of the world (after the world exists).
beforeAll(async () => {
  evaluationWorld = await buildEvaluationWorld(t, world);
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const isAllowed = (row: Row, who: Who) =>
  row.allowed === "public"
    ? true
    : row.allowed === "signed-in"
      ? who !== "anonymous"
      : who !== "anonymous" && row.allowed.includes(who as Role);

describe("the access matrix covers every API route", () => {
  it("has one row for each route under /api (except /api/auth/*) and no stale rows", () => {
    const registered = new Set(
      t.app.routes
        .filter(
          (r) =>
            r.method !== "ALL" && r.path.startsWith("/api/") && !r.path.startsWith("/api/auth/") && r.path !== "/api/*",
        )
        .map((r) => `${r.method} ${r.path.replace(/\/$/, "")}`),
    );
    const rows = MATRIX.map((r) => r.route);
    expect(new Set(rows).size, "duplicate rows").toBe(rows.length);
    const missing = [...registered].filter((r) => !rows.includes(r));
    const stale = rows.filter((r) => !registered.has(r));
    expect(missing, "routes without a row in the access matrix: add one").toEqual([]);
    expect(stale, "rows for routes that no longer exist").toEqual([]);
  });

  it("says for each row what another organization of the same role gets, or n/a", () => {
    const undeclared = MATRIX.filter((r) => r.foreign === undefined).map((r) => r.route);
    expect(undeclared, "rows without a `foreign` column: add its cases or say n/a").toEqual([]);
    // A foreign case tries the organization scope, so its caller must get past the role check.
    const notAllowed = MATRIX.flatMap((r) =>
      foreignCases(r)
        .filter((f) => !isAllowed(r, f.who))
        .map((f) => `${r.route} (${f.who})`),
    );
    expect(notAllowed, "foreign cases whose caller the route refuses by role anyway").toEqual([]);
  });
});

const foreignCases = (row: Row): Foreign[] =>
  row.foreign === "n/a" ? [] : Array.isArray(row.foreign) ? row.foreign : [row.foreign];

const ORGANIZATION_OF: Record<ForeignWho, string> = {
  program: "another program's coordinator",
  facility: "another facility's coordinator",
  student: "another program's student",
  preceptor: "another facility's preceptor",
};

for (const row of MATRIX) {
  const [method, pattern] = row.route.split(" ");
  describe(row.route, () => {
    for (const who of EVERYONE) {
      const allowed = isAllowed(row, who);
      const expected = allowed
        ? typeof row.ok === "function"
          ? row.ok(who)
          : row.ok
        : who === "anonymous"
          ? 401
          : 403;
      it(`${who}: ${expected}`, async () => {
        const req: Req = row.request ? await row.request(ctx, who) : {};
        const path = req.path ?? pattern.replace(/:[a-zA-Z]+/g, () => randomUUID());
        const cookie = who === "anonymous" ? undefined : ctx.users[who].cookie;
        if (row.stream) {
          const controller = new AbortController();
          const res = await t.app.request(path, { headers: cookie ? { cookie } : {}, signal: controller.signal });
          expect(res.status).toBe(expected);
          if (allowed) {
            expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
            await res.body?.cancel();
          } else {
            expect(await res.json()).toMatchObject({
              error: { code: expected === 401 ? "unauthorized" : "forbidden" },
            });
          }
          controller.abort();
          return;
        }
        const res = await t.call(method, path, { cookie, body: req.body, headers: req.headers, ip: req.ip });
        expect(res.status, JSON.stringify(res.json)?.slice(0, 300)).toBe(expected);
        if (allowed) {
          await row.check?.(res, ctx, who, req);
        } else {
          expect(res.json.error).toEqual(
            expected === 401
              ? { code: "unauthorized", message: "Please sign in to continue" }
              : { code: "forbidden", message: expect.any(String) },
          );
          await row.unchanged?.(ctx, { ...req, path });
        }
      });
    }

    for (const [n, f] of foreignCases(row).entries()) {
      const statuses = Array.isArray(f.status) ? f.status : [f.status];
      it(`${ORGANIZATION_OF[f.who]}, on the first organization's records (#${n + 1}): ${statuses.join(" or ")}`, async () => {
        const req = f.request(world, ctx);
        const before = await worldState(t, world);
        const res = await t.call(method, req.path, {
          cookie: ctx.users[f.who].cookie,
          body: req.body,
          headers: req.headers,
        });
        expect(statuses, `${req.path}: ${res.text.slice(0, 300)}`).toContain(res.status);
        if (res.status >= 400) {
          expect(res.json.error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
        }
        // Never one of the world's records (what the caller sent is theirs to see again).
        const sent = JSON.stringify(req);
        const leaked = world.secrets[f.who].filter((s) => !sent.includes(s) && res.text.includes(s));
        expect(leaked, `${req.path} answered the first organization's records`).toEqual([]);
        await f.check?.(res, world, ctx, req);
        expect(await worldState(t, world), `${req.path} changed the first organization's records`).toEqual(before);
      });
    }
  });
}

describe("every role is tried", () => {
  it("covers anonymous, a user without a role and each of the six roles", () => {
    expect(new Set(SIGNED_IN)).toEqual(
      new Set(["none", "student", "program", "facility", "preceptor", "admin", "super_admin"]),
    );
  });
});
