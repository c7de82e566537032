import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SITE_FORM, DEFAULT_STUDENT_FORM, type EvaluationQuestion } from "../../../domain/evaluations";
import { evaluations as ev, evaluationTemplates, rotationPreceptors } from "../../db/schema/rotations";
import { students } from "../../db/schema/students";
import { createApplication } from "../../factories/applications";
import { createPlacement, dayFromToday } from "../../factories/placements";
import { uniqueTag } from "../../factories/unique";
import { EVALUATION_SCAN } from "../../jobs/handlers";
import { enqueue } from "../../lib/jobs";
import { createTestApp, type TestApp, type TestUser } from "../../testing/harness";
import { scanEvaluations } from "./reminders";

// Evaluations through the API (issue 17): each role and another organization (404), the
// preceptor's scope (assigned rotations only), the student (never a pending evaluation of them),
// the facility's anonymous summary (nothing under five, no names, ids or dates), settings and
// forms (a form in use is copied), reminders (a second scan sends nothing), twenty submits at once.

let t: TestApp;
let program: TestUser;
let facility: TestUser;
let preceptor: TestUser;
let idlePreceptor: TestUser;
let student: TestUser;
let otherProgram: TestUser;
let otherFacility: TestUser;
let otherStudent: TestUser;
let admin: TestUser;
let rotationId: string;

/** An approved rotation of `studentId` at the facility, ending in `endsIn` days (final phase open when ≤ 7). */
async function rotation(studentUser: { studentId: string | null }, facilityId: string, endsIn = 3, length = 28) {
  const db = t.deps.db;
  const placement = await createPlacement(db, facilityId, {
    title: `Rotation ${uniqueTag()}`,
    startDate: dayFromToday(endsIn - length),
    endDate: dayFromToday(endsIn),
    status: "active",
    capacity: 10,
  });
  const [s] = await db.select().from(students).where(eq(students.id, studentUser.studentId!));
  const app = await createApplication(db, s, placement.id, { status: "approved", reviewedAt: new Date() });
  return app.id;
}

async function assign(applicationId: string, user: TestUser) {
  await t.deps.db
    .insert(rotationPreceptors)
    .values({ applicationId, userId: user.userId, facilityId: user.organizationId! });
}

const answersFor = (questions: readonly EvaluationQuestion[], rating = 4) =>
  questions.map((q) =>
    q.type === "rating"
      ? { questionId: q.id, rating: Math.min(rating, q.scale) }
      : { questionId: q.id, comment: `About ${q.label}` },
  );

async function assigned(cookie: string, query = "") {
  const res = await t.call("GET", `/api/evaluations/assigned${query}`, { cookie });
  expect(res.status, res.text).toBe(200);
  return res.json as { items: { id: string; kind: string; phase: string; status: string; rotation: { id: string } }[] };
}

beforeAll(async () => {
  t = await createTestApp();
  program = await t.createUser("program");
  facility = await t.createUser("facility");
  preceptor = await t.createUser("preceptor", { organizationId: facility.organizationId! });
  idlePreceptor = await t.createUser("preceptor", { organizationId: facility.organizationId! });
  student = await t.createUser("student", { organizationId: program.organizationId! });
  otherProgram = await t.createUser("program");
  otherFacility = await t.createUser("facility");
  otherStudent = await t.createUser("student", { organizationId: program.organizationId! });
  admin = await t.createUser("admin");
  rotationId = await rotation(student, facility.organizationId!);
  await assign(rotationId, preceptor);
});
afterAll(async () => {
  await t?.close();
});

describe("opening evaluations", () => {
  it("a list opens the final phase's evaluations of both kinds once, with the default forms", async () => {
    const list = await assigned(preceptor.cookie);
    const mine = list.items.filter((i) => i.rotation.id === rotationId);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ kind: "student", phase: "final", status: "open" });
    await assigned(preceptor.cookie);
    const rows = await t.deps.db.select().from(ev).where(eq(ev.applicationId, rotationId));
    expect(rows.map((r) => `${r.kind}:${r.phase}`).sort()).toEqual(["site:final", "student:final"]);
    expect(rows.find((r) => r.kind === "student")?.questions).toEqual(DEFAULT_STUDENT_FORM.questions);
    expect(rows.find((r) => r.kind === "site")?.templateName).toBe(DEFAULT_SITE_FORM.name);
    // Due 7 days (the default) after the rotation's last day.
    expect(rows[0].dueDate).toBe(dayFromToday(10));
  });

  it("a rotation whose final phase has not opened has none; the midpoint only when the program asks", async () => {
    const later = await rotation(student, facility.organizationId!, 10, 28);
    await assign(later, preceptor);
    expect((await assigned(preceptor.cookie)).items.some((i) => i.rotation.id === later)).toBe(false);
    const res = await t.call("PUT", "/api/evaluations/settings", {
      cookie: program.cookie,
      body: { midpoint: true, dueDays: 5 },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ midpoint: true, dueDays: 5, programId: program.organizationId });
    const items = (await assigned(preceptor.cookie)).items.filter((i) => i.rotation.id === later);
    expect(items.map((i) => i.phase)).toEqual(["midpoint"]);
    await t.call("PUT", "/api/evaluations/settings", { cookie: program.cookie, body: { midpoint: false, dueDays: 7 } });
  });

  it("settings: due days 1 to 30 (422 naming dueDays); an administrator names the program", async () => {
    const bad = await t.call("PUT", "/api/evaluations/settings", {
      cookie: program.cookie,
      body: { midpoint: false, dueDays: 31 },
    });
    expect(bad.status).toBe(422);
    expect(bad.json.error.issues[0].path).toBe("dueDays");
    expect((await t.call("GET", "/api/evaluations/settings", { cookie: admin.cookie })).status).toBe(422);
    const named = await t.call("GET", `/api/evaluations/settings?programId=${program.organizationId}`, {
      cookie: admin.cookie,
    });
    expect(named.json).toMatchObject({ programId: program.organizationId, dueDays: 7 });
    expect((await t.call("GET", "/api/evaluations/settings", { cookie: facility.cookie })).status).toBe(403);
  });
});

describe("who sees an evaluation of a student", () => {
  let evaluationId: string;
  beforeAll(async () => {
    evaluationId = (await assigned(preceptor.cookie)).items.find((i) => i.rotation.id === rotationId)!.id;
  });

  it("the assigned preceptor, the facility, the program and admins; an unassigned preceptor and others get 404", async () => {
    for (const u of [preceptor, facility, program, admin]) {
      const res = await t.call("GET", `/api/evaluations/${evaluationId}`, { cookie: u.cookie });
      expect(res.status, u.email).toBe(200);
      expect(res.json.questions).toHaveLength(DEFAULT_STUDENT_FORM.questions.length);
    }
    for (const u of [idlePreceptor, otherFacility, otherProgram]) {
      const res = await t.call("GET", `/api/evaluations/${evaluationId}`, { cookie: u.cookie });
      expect(res.status, u.email).toBe(404);
      expect(res.json.error.code).toBe("not_found");
    }
    expect((await t.call("GET", `/api/evaluations/${evaluationId}`, { cookie: student.cookie })).status).toBe(403);
    expect((await t.call("GET", `/api/evaluations/${evaluationId}`)).status).toBe(401);
    expect((await assigned(idlePreceptor.cookie)).items).toEqual([]);
    expect((await assigned(otherFacility.cookie)).items).toEqual([]);
  });

  it("the student never sees it pending", async () => {
    const mine = await t.call("GET", "/api/me/student/evaluations", { cookie: student.cookie });
    expect(mine.status).toBe(200);
    expect(mine.json.items.length).toBeGreaterThan(0);
    expect(mine.json.items.every((i: { kind: string }) => i.kind === "site")).toBe(true);
  });

  it("bad answers: 422 naming each question; an unassigned preceptor: 404", async () => {
    const bad = await t.call("POST", `/api/evaluations/${evaluationId}/submit`, {
      cookie: preceptor.cookie,
      body: { answers: [{ questionId: "safety", rating: 9 }] },
    });
    expect(bad.status).toBe(422);
    const paths = bad.json.error.issues.map((i: { path: string }) => i.path);
    expect(paths).toContain("answers.safety");
    expect(paths).toContain("answers.professionalism");
    const wrong = await t.call("POST", `/api/evaluations/${evaluationId}/submit`, {
      cookie: idlePreceptor.cookie,
      body: { answers: answersFor(DEFAULT_STUDENT_FORM.questions) },
    });
    expect(wrong.status).toBe(404);
    const foreign = await t.call("POST", `/api/evaluations/${evaluationId}/submit`, {
      cookie: otherFacility.cookie,
      body: { answers: answersFor(DEFAULT_STUDENT_FORM.questions) },
    });
    expect(foreign.status).toBe(404);
    const malformed = await t.call("POST", `/api/evaluations/${evaluationId}/submit`, {
      cookie: preceptor.cookie,
      body: { answers: "many" },
    });
    expect(malformed.status).toBe(422);
  });

  it("twenty identical submits at once: one submission, nineteen 409", async () => {
    const body = { answers: answersFor(DEFAULT_STUDENT_FORM.questions) };
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.call("POST", `/api/evaluations/${evaluationId}/submit`, { cookie: preceptor.cookie, body }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    const [row] = await t.deps.db.select().from(ev).where(eq(ev.id, evaluationId));
    expect(row).toMatchObject({ status: "submitted", submittedBy: preceptor.userId });
    expect((await assigned(preceptor.cookie, "?status=submitted")).items.map((i) => i.id)).toContain(evaluationId);
  });

  it("once submitted, the student sees it with its answers and who wrote it", async () => {
    const mine = await t.call("GET", "/api/me/student/evaluations", { cookie: student.cookie });
    const about = mine.json.items.find((i: { kind: string }) => i.kind === "student");
    expect(about).toMatchObject({ id: evaluationId, status: "submitted", submittedBy: preceptor.name });
    expect(about.answers).toHaveLength(DEFAULT_STUDENT_FORM.questions.length);
    const other = await t.call("GET", "/api/me/student/evaluations", { cookie: otherStudent.cookie });
    expect(other.json.items).toEqual([]);
  });
});

describe("the site evaluation", () => {
  it("the student submits theirs once; the facility cannot read it one by one; the program can, with the name", async () => {
    const mine = await t.call("GET", "/api/me/student/evaluations", { cookie: student.cookie });
    const site = mine.json.items.find(
      (i: { kind: string; rotation: { id: string } }) => i.kind === "site" && i.rotation.id === rotationId,
    );
    expect(site.status).toBe("open");
    const other = await t.call("POST", `/api/me/student/evaluations/${site.id}/submit`, {
      cookie: otherStudent.cookie,
      body: { answers: answersFor(DEFAULT_SITE_FORM.questions) },
    });
    expect(other.status).toBe(404);
    const viewAs = await t.call("POST", `/api/me/student/evaluations/${site.id}/submit?student=${student.studentId}`, {
      cookie: admin.cookie,
      body: { answers: answersFor(DEFAULT_SITE_FORM.questions) },
    });
    expect(viewAs.status).toBe(403);
    const done = await t.call("POST", `/api/me/student/evaluations/${site.id}/submit`, {
      cookie: student.cookie,
      body: { answers: answersFor(DEFAULT_SITE_FORM.questions, 5) },
    });
    expect(done.status, done.text).toBe(200);
    expect(done.json.status).toBe("submitted");
    const again = await t.call("POST", `/api/me/student/evaluations/${site.id}/submit`, {
      cookie: student.cookie,
      body: { answers: answersFor(DEFAULT_SITE_FORM.questions, 5) },
    });
    expect(again.status).toBe(409);
    expect((await t.call("GET", `/api/evaluations/${site.id}`, { cookie: facility.cookie })).status).toBe(404);
    expect((await t.call("GET", `/api/evaluations/${site.id}`, { cookie: preceptor.cookie })).status).toBe(404);
    const byProgram = await t.call("GET", `/api/evaluations/${site.id}`, { cookie: program.cookie });
    expect(byProgram.status).toBe(200);
    expect(byProgram.json).toMatchObject({ kind: "site", student: { id: student.studentId } });
    // An administrator viewing as the student reads it.
    const read = await t.call("GET", `/api/me/student/evaluations?student=${student.studentId}`, {
      cookie: admin.cookie,
    });
    expect(read.status).toBe(200);
  });
});

describe("the facility's anonymous summary", () => {
  it("nothing under five; from five, averages and comments without names, ids or dates", async () => {
    const own = await t.createOrganization("facility");
    const coordinator = await t.createUser("facility", { organizationId: own.id });
    const secrets: string[] = [];
    const siteIds: string[] = [];
    for (let i = 0; i < 5; i++) {
      const s = await t.createUser("student", {
        organizationId: program.organizationId!,
        name: `Secret Name ${uniqueTag()}`,
      });
      secrets.push(s.name, s.studentId!, s.userId, s.email);
      const app = await rotation(s, own.id, 2);
      secrets.push(app);
      const list = await t.call("GET", "/api/me/student/evaluations", { cookie: s.cookie });
      const site = list.json.items.find((x: { kind: string }) => x.kind === "site");
      siteIds.push(site.id);
      const before = await t.call("GET", "/api/evaluations/site-summary", { cookie: coordinator.cookie });
      expect(before.json).toMatchObject({ submitted: i, shown: false, questions: [], comments: [] });
      expect(before.json.message).toBe("Shown when at least 5 students have evaluated your site");
      const answers = answersFor(DEFAULT_SITE_FORM.questions, i + 1).map((a) =>
        a.comment !== undefined ? { ...a, comment: `Comment ${i}` } : a,
      );
      const res = await t.call("POST", `/api/me/student/evaluations/${site.id}/submit`, {
        cookie: s.cookie,
        body: { answers },
      });
      expect(res.status).toBe(200);
    }
    const res = await t.call("GET", "/api/evaluations/site-summary", { cookie: coordinator.cookie });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ submitted: 5, shown: true, message: null });
    expect(res.json.questions[0]).toMatchObject({
      label: DEFAULT_SITE_FORM.questions[0].label,
      average: 3,
      responses: 5,
    });
    expect(res.json.comments).toEqual(["Comment 0", "Comment 1", "Comment 2", "Comment 3", "Comment 4"]);
    for (const s of [...secrets, ...siteIds]) expect(res.text).not.toContain(s);
    expect(res.text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    // Another facility sees its own (none); a program may not call it; an administrator names the facility.
    const other = await t.call("GET", "/api/evaluations/site-summary", { cookie: otherFacility.cookie });
    expect(other.json).toMatchObject({ submitted: 0, shown: false });
    expect((await t.call("GET", "/api/evaluations/site-summary", { cookie: program.cookie })).status).toBe(403);
    expect((await t.call("GET", "/api/evaluations/site-summary", { cookie: admin.cookie })).status).toBe(422);
    const byAdmin = await t.call("GET", `/api/evaluations/site-summary?facilityId=${own.id}`, { cookie: admin.cookie });
    expect(byAdmin.json.submitted).toBe(5);
  });
});

describe("the program's completion", () => {
  it("lists its students' evaluations with filters and counts; CSV; another program sees none", async () => {
    const res = await t.call("GET", "/api/evaluations?kind=student", { cookie: program.cookie });
    expect(res.status).toBe(200);
    expect(res.json.items.every((i: { program: { id: string } }) => i.program.id === program.organizationId)).toBe(
      true,
    );
    expect(res.json.byStatus.submitted).toBeGreaterThanOrEqual(1);
    const submitted = await t.call("GET", "/api/evaluations?status=submitted&kind=site", { cookie: program.cookie });
    expect(submitted.json.items.length).toBeGreaterThanOrEqual(1);
    expect(submitted.json.items.every((i: { status: string }) => i.status === "submitted")).toBe(true);
    const title = res.json.items[0].rotation.title;
    const found = await t.call("GET", `/api/evaluations?search=${encodeURIComponent(title)}`, {
      cookie: program.cookie,
    });
    expect(found.json.items.length).toBeGreaterThan(0);
    expect(found.json.items.every((i: { rotation: { title: string } }) => i.rotation.title === title)).toBe(true);
    const csv = await t.call("GET", "/api/evaluations/export.csv", { cookie: program.cookie });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(csv.text.split("\n")[0]).toContain("Student,Rotation,Facility");
    const other = await t.call("GET", "/api/evaluations", { cookie: otherProgram.cookie });
    expect(other.json.total).toBe(0);
    const bad = await t.call("GET", "/api/evaluations?status=late", { cookie: program.cookie });
    expect(bad.status).toBe(422);
    expect(bad.json.error.issues[0].path).toBe("status");
    expect((await t.call("GET", "/api/evaluations", { cookie: facility.cookie })).status).toBe(403);
  });
});

describe("forms", () => {
  const questions = [
    {
      id: "punctual",
      type: "rating",
      label: "Punctual",
      scale: 3,
      scaleLabels: ["No", "Mostly", "Always"],
      required: true,
    },
    { id: "notes", type: "comment", label: "Notes", required: false },
  ];

  it("a program creates, activates and edits its form; a form in use is copied; new evaluations get it", async () => {
    const created = await t.call("POST", "/api/evaluations/forms", {
      cookie: program.cookie,
      body: { name: "Short form", kind: "student", questions, active: true, programId: otherProgram.organizationId },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.json).toMatchObject({ programId: program.organizationId, active: true, inUse: 0 });
    const id = created.json.id;
    const list = await t.call("GET", "/api/evaluations/forms", { cookie: program.cookie });
    expect(list.json.defaults.student.active).toBe(false);
    expect(list.json.defaults.site.active).toBe(true);
    // Not in use: edited in place.
    const edit = await t.call("PUT", `/api/evaluations/forms/${id}`, {
      cookie: program.cookie,
      body: { name: "Short form v2", questions },
    });
    expect(edit.json).toMatchObject({ id, name: "Short form v2", copied: false });
    // A new rotation's evaluation gets it.
    const s = await t.createUser("student", { organizationId: program.organizationId! });
    const app = await rotation(s, facility.organizationId!, 1);
    await assign(app, preceptor);
    const opened = (await assigned(preceptor.cookie)).items.find((i) => i.rotation.id === app)!;
    const detail = await t.call("GET", `/api/evaluations/${opened.id}`, { cookie: preceptor.cookie });
    expect(detail.json.formName).toBe("Short form v2");
    expect(detail.json.questions.map((q: { id: string }) => q.id)).toEqual(["punctual", "notes"]);
    // In use now: an edit is a copy that takes over as active; the evaluation keeps its questions.
    const copy = await t.call("PUT", `/api/evaluations/forms/${id}`, {
      cookie: program.cookie,
      body: { name: "Short form v3", questions: [questions[0]] },
    });
    expect(copy.status).toBe(200);
    expect(copy.json).toMatchObject({ name: "Short form v3", copied: true, active: true });
    expect(copy.json.id).not.toBe(id);
    const old = await t.call("GET", `/api/evaluations/forms/${id}`, { cookie: program.cookie });
    expect(old.json, old.text).toMatchObject({ name: "Short form v2", active: false, inUse: 1 });
    const still = await t.call("GET", `/api/evaluations/${opened.id}`, { cookie: preceptor.cookie });
    expect(still.json.questions).toHaveLength(2);
    // Activate the old one again, then back to the default.
    const act = await t.call("POST", `/api/evaluations/forms/${id}/activate`, { cookie: program.cookie });
    expect(act.json.active).toBe(true);
    const [active] = await t.deps.db.select().from(evaluationTemplates).where(eq(evaluationTemplates.id, copy.json.id));
    expect(active.active).toBe(false);
    const off = await t.call("POST", `/api/evaluations/forms/${id}/deactivate`, { cookie: program.cookie });
    expect(off.json.active).toBe(false);
    // Another program's form: 404.
    expect((await t.call("GET", `/api/evaluations/forms/${id}`, { cookie: otherProgram.cookie })).status).toBe(404);
    expect(
      (await t.call("POST", `/api/evaluations/forms/${id}/activate`, { cookie: otherProgram.cookie })).status,
    ).toBe(404);
  });

  it("refuses a bad form with 422 naming the field", async () => {
    const res = await t.call("POST", "/api/evaluations/forms", {
      cookie: program.cookie,
      body: { name: "Bad", kind: "site", questions: [questions[0], questions[0]] },
    });
    expect(res.status).toBe(422);
    expect(res.json.error.issues[0].path).toBe("questions.1.id");
    const scale = await t.call("POST", "/api/evaluations/forms", {
      cookie: program.cookie,
      body: { name: "Bad", kind: "site", questions: [{ ...questions[0], scale: 12, scaleLabels: undefined }] },
    });
    expect(scale.json.error.issues[0].path).toBe("questions.0.scale");
  });

  it("twenty activations at once leave one active form of the kind", async () => {
    const a = await t.call("POST", "/api/evaluations/forms", {
      cookie: program.cookie,
      body: { name: "Race", kind: "site", questions },
    });
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.call("POST", `/api/evaluations/forms/${a.json.id}/activate`, { cookie: program.cookie }),
      ),
    );
    expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const list = await t.call("GET", "/api/evaluations/forms", { cookie: program.cookie });
    expect(
      list.json.items.filter((f: { kind: string; active: boolean }) => f.kind === "site" && f.active),
    ).toHaveLength(1);
    await t.call("POST", `/api/evaluations/forms/${a.json.id}/deactivate`, { cookie: program.cookie });
  });
});

describe("reminders", () => {
  it("open, due soon and overdue each once to the preceptors and the student; a second scan sends nothing", async () => {
    const own = await t.createOrganization("facility");
    const p = await t.createUser("preceptor", { organizationId: own.id, name: "Pat Preceptor" });
    const s = await t.createUser("student", { organizationId: program.organizationId! });
    const app = await rotation(s, own.id, 5);
    await assign(app, p);
    const today = dayFromToday(0);
    const first = await scanEvaluations(t.deps.db, { today, appUrl: "http://localhost:3000" });
    expect(first.opened).toBeGreaterThanOrEqual(2);
    const again = await scanEvaluations(t.deps.db, { today, appUrl: "http://localhost:3000" });
    expect(again).toEqual({ opened: 0, reminders: 0 });
    await t.drainJobs();
    const toPreceptor = await t.mailTo(p.email);
    const toStudent = await t.mailTo(s.email);
    expect(toPreceptor.map((m) => m.subject)).toEqual([expect.stringMatching(/final evaluation of .* is open$/)]);
    expect(toStudent.map((m) => m.subject)).toEqual([expect.stringMatching(/Your final evaluation of .* is open$/)]);
    // Three days before due (end + 7): the due-soon window, once.
    const dueSoon = dayFromToday(9);
    await scanEvaluations(t.deps.db, { today: dueSoon, appUrl: "http://localhost:3000" });
    await scanEvaluations(t.deps.db, { today: dueSoon, appUrl: "http://localhost:3000" });
    // Overdue, through the job queue as the server runs it.
    await enqueue(t.deps.db, { kind: EVALUATION_SCAN, payload: { today: dayFromToday(13) } });
    await t.drainJobs();
    await enqueue(t.deps.db, { kind: EVALUATION_SCAN, payload: { today: dayFromToday(14) } });
    await t.drainJobs();
    const subjects = (await t.mailTo(p.email)).map((m) => m.subject).reverse();
    expect(subjects).toEqual([
      expect.stringMatching(/is open$/),
      expect.stringMatching(/is due soon$/),
      expect.stringMatching(/is overdue$/),
    ]);
    expect((await t.mailTo(s.email)).length).toBe(3);
  });
});
