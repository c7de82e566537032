import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ASSISTANT_QUESTIONS_PER_WINDOW,
  NOTHING_FOUND,
  RATE_LIMIT_MESSAGE,
  SUGGESTED_QUESTIONS,
} from "../../../domain/learning";
import { assistantMessages, assistantUsage } from "../../db/schema/learning";
import { createTestApp, type TestApp, type TestUser } from "../../testing/harness";
import { documentFor, insertSharedLibrary, streamedText } from "./learning-test-kit";

// Issue 16 through the API: the library as each role sees it (another program's resource: 404),
// done marks, the saved checklist (compliance items from approved documents), the assistant's
// stream, conversations (another student's: 404) and the per-student rate limit.

let t: TestApp;
let student: TestUser;
let classmate: TestUser;
let stranger: TestUser;
let program: TestUser;
let otherProgram: TestUser;
let admin: TestUser;
let shared: { id: string; title: string }[];

const RESOURCE = {
  title: "Unit 4 West orientation packet",
  summary: "Parking, badge pickup and the unit's huddle times.",
  body: "## Parking\nStudents park in garage C, level 4, and enter through the staff entrance on Elm Street.",
  category: "compliance_safety",
  kind: "required",
  durationMinutes: 10,
  specialties: ["Medical-Surgical"],
};

const ask = (user: TestUser, content: string, extra: Record<string, unknown> = {}) =>
  t.call("POST", "/api/me/student/learning/assistant/chat/completions", {
    cookie: user.cookie,
    body: { messages: [{ role: "user", content }], ...extra },
  });

beforeAll(async () => {
  t = await createTestApp();
  program = await t.createUser("program");
  otherProgram = await t.createUser("program");
  student = await t.createUser("student", { organizationId: program.organizationId! });
  classmate = await t.createUser("student", { organizationId: program.organizationId! });
  stranger = await t.createUser("student", { organizationId: otherProgram.organizationId! });
  admin = await t.createUser("admin");
  shared = await insertSharedLibrary(t.deps.db);
});
afterAll(async () => {
  await t?.close();
});

describe("resources", () => {
  let own: { id: string };

  it("a coordinator adds a resource for their program's students (422 naming the field first)", async () => {
    const bad = await t.call("POST", "/api/learning/resources", {
      cookie: program.cookie,
      body: { ...RESOURCE, title: "  ", durationMinutes: 0 },
    });
    expect(bad.status).toBe(422);
    expect(bad.json.error.issues.map((i: { path: string }) => i.path).sort()).toEqual(["durationMinutes", "title"]);
    const neither = await t.call("POST", "/api/learning/resources", {
      cookie: program.cookie,
      body: { ...RESOURCE, body: "" },
    });
    expect(neither.status).toBe(422);
    expect(neither.json.error.issues[0]).toEqual({ path: "body", message: "Write the text or give a link" });
    const form = await t.call("POST", "/api/learning/resources", {
      cookie: program.cookie,
      body: "title=x&kind=guide",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBeGreaterThanOrEqual(400);
    expect(form.status).toBeLessThan(500);

    const res = await t.call("POST", "/api/learning/resources", {
      cookie: program.cookie,
      body: { ...RESOURCE, programId: otherProgram.organizationId },
    });
    expect(res.status, res.text).toBe(201);
    // A coordinator's resource goes to their own program, whatever the body names (D1).
    expect(res.json.programId).toBe(program.organizationId);
    own = res.json;
  });

  it("the program's students see it with the shared library; another program's see only the shared", async () => {
    const mine = await t.call("GET", "/api/me/student/learning/resources?pageSize=100", { cookie: student.cookie });
    expect(mine.status).toBe(200);
    expect(mine.json.total).toBe(shared.length + 1);
    expect(mine.json.items[0].kind).toBe("required");
    expect(mine.json.items.map((r: { id: string }) => r.id)).toContain(own.id);
    const theirs = await t.call("GET", "/api/me/student/learning/resources?pageSize=100", { cookie: stranger.cookie });
    expect(theirs.json.total).toBe(shared.length);
    expect(theirs.text).not.toContain(own.id);
    expect(
      (await t.call("GET", `/api/me/student/learning/resources/${own.id}`, { cookie: stranger.cookie })).status,
    ).toBe(404);
    for (const method of ["GET", "PUT", "DELETE"]) {
      const res = await t.call(method, `/api/learning/resources/${own.id}`, {
        cookie: otherProgram.cookie,
        body: method === "PUT" ? RESOURCE : undefined,
      });
      expect(res.status, method).toBe(404);
    }
  });

  it("filters by category, specialty and search, paginated", async () => {
    const peds = await t.call("GET", "/api/me/student/learning/resources?specialty=Pediatrics", {
      cookie: student.cookie,
    });
    expect(peds.json.items.map((r: { title: string }) => r.title)).toEqual(["Preparing for a Pediatrics Rotation"]);
    const safety = await t.call("GET", "/api/me/student/learning/resources?category=compliance_safety&pageSize=100", {
      cookie: student.cookie,
    });
    expect(safety.json.items.every((r: { category: string }) => r.category === "compliance_safety")).toBe(true);
    const search = await t.call("GET", "/api/me/student/learning/resources?search=garage", { cookie: student.cookie });
    expect(search.json.items.map((r: { id: string }) => r.id)).toEqual([own.id]);
    const page2 = await t.call("GET", "/api/me/student/learning/resources?page=2&pageSize=5", {
      cookie: student.cookie,
    });
    expect(page2.json.items).toHaveLength(5);
    const bad = await t.call("GET", "/api/me/student/learning/resources?category=cooking", { cookie: student.cookie });
    expect(bad.status).toBe(422);
    expect(bad.json.error.issues[0].path).toBe("category");
  });

  it("'mark as done' is saved per student", async () => {
    const id = shared[0].id;
    const done = await t.call("PUT", `/api/me/student/learning/resources/${id}/progress`, {
      cookie: student.cookie,
      body: { done: true },
    });
    expect(done.status).toBe(200);
    expect(done.json.completedAt).toEqual(expect.any(String));
    const again = await t.call("PUT", `/api/me/student/learning/resources/${id}/progress`, {
      cookie: student.cookie,
      body: { done: true },
    });
    expect(again.status).toBe(200);
    const list = await t.call("GET", "/api/me/student/learning/resources?pageSize=1", { cookie: student.cookie });
    expect(list.json.progress).toEqual({ done: 1, total: shared.length + 1 });
    const theirs = await t.call("GET", `/api/me/student/learning/resources/${id}`, { cookie: classmate.cookie });
    expect(theirs.json.completedAt).toBeNull();
    const undone = await t.call("PUT", `/api/me/student/learning/resources/${id}/progress`, {
      cookie: student.cookie,
      body: { done: false },
    });
    expect(undone.json.completedAt).toBeNull();
    const foreign = await t.call("PUT", `/api/me/student/learning/resources/${own.id}/progress`, {
      cookie: stranger.cookie,
      body: { done: true },
    });
    expect(foreign.status).toBe(404);
  });

  it("shared resources are the administrators': a coordinator may read but not change them (403)", async () => {
    const id = shared[1].id;
    expect((await t.call("GET", `/api/learning/resources/${id}`, { cookie: program.cookie })).status).toBe(200);
    const edit = await t.call("PUT", `/api/learning/resources/${id}`, { cookie: program.cookie, body: RESOURCE });
    expect(edit.status).toBe(403);
    const created = await t.call("POST", "/api/learning/resources", { cookie: admin.cookie, body: RESOURCE });
    expect(created.status).toBe(201);
    expect(created.json.programId).toBeNull();
    const edited = await t.call("PUT", `/api/learning/resources/${created.json.id}`, {
      cookie: admin.cookie,
      body: { ...RESOURCE, title: "Edited by an admin" },
    });
    expect(edited.json.title).toBe("Edited by an admin");
    const gone = await t.call("DELETE", `/api/learning/resources/${created.json.id}`, { cookie: admin.cookie });
    expect(gone.json).toEqual({ id: created.json.id, deleted: true });
    const unknownProgram = await t.call("POST", "/api/learning/resources", {
      cookie: admin.cookie,
      body: { ...RESOURCE, programId: student.studentId },
    });
    expect(unknownProgram.status).toBe(422);
    expect(unknownProgram.json.error.issues[0].path).toBe("programId");
  });
});

describe("preparation checklist", () => {
  it("ticks compliance items from approved documents and links to them; the student ticks the rest", async () => {
    const db = t.deps.db;
    const programId = program.organizationId!;
    await documentFor(db, programId, student.studentId!, "mmr", "approved");
    await documentFor(db, programId, student.studentId!, "varicella", "submitted");
    const bls = await documentFor(db, programId, student.studentId!, "bls", "approved");
    await documentFor(db, programId, classmate.studentId!, "background_check", "approved");

    const first = await t.call("GET", "/api/me/student/learning/checklist", { cookie: student.cookie });
    expect(first.status).toBe(200);
    const byItem = Object.fromEntries(first.json.items.map((i: { item: string }) => [i.item, i]));
    expect(Object.keys(byItem)).toEqual([
      "immunizations",
      "background_check",
      "cpr_certification",
      "orientation",
      "uniform",
    ]);
    expect(byItem.immunizations.checked).toBe(false);
    expect(byItem.cpr_certification).toMatchObject({
      checked: true,
      source: "compliance",
      href: "/student/compliance",
    });
    expect(byItem.cpr_certification.requirements[0]).toMatchObject({
      typeId: "bls",
      documentId: bls.id,
      fileHref: `/api/compliance/documents/${bls.id}/file`,
    });
    // The program requires a background check, but this student has uploaded none.
    expect(byItem.background_check.checked).toBe(false);
    expect(first.json).toMatchObject({ done: 1, total: 5, share: 20 });

    const ticked = await t.call("PUT", "/api/me/student/learning/checklist/uniform", {
      cookie: student.cookie,
      body: { checked: true },
    });
    expect(ticked.status).toBe(200);
    expect(ticked.json).toMatchObject({ done: 2, share: 40 });
    // Saved on the server: a new session reads it back; a classmate's stays their own.
    const again = await t.call("GET", "/api/me/student/learning/checklist", {
      cookie: await t.signIn(student.email, student.password),
    });
    expect(again.json.items.find((i: { item: string }) => i.item === "uniform").checked).toBe(true);
    const theirs = await t.call("GET", "/api/me/student/learning/checklist", { cookie: classmate.cookie });
    expect(theirs.json.items.find((i: { item: string }) => i.item === "uniform").checked).toBe(false);
    expect(theirs.json.items.find((i: { item: string }) => i.item === "background_check").checked).toBe(true);

    const tracked = await t.call("PUT", "/api/me/student/learning/checklist/immunizations", {
      cookie: student.cookie,
      body: { checked: true },
    });
    expect(tracked.status).toBe(422);
    expect(tracked.json.error.issues[0].path).toBe("item");
    const unknown = await t.call("PUT", "/api/me/student/learning/checklist/snacks", {
      cookie: student.cookie,
      body: { checked: true },
    });
    expect(unknown.status).toBe(422);
    const badBody = await t.call("PUT", "/api/me/student/learning/checklist/uniform", {
      cookie: student.cookie,
      body: { checked: "yes" },
    });
    expect(badBody.status).toBe(422);
    expect(badBody.json.error.issues[0].path).toBe("checked");
  });
});

describe("study assistant", () => {
  it("says which mode is on, with the four suggested questions", async () => {
    const res = await t.call("GET", "/api/me/student/learning/assistant", { cookie: student.cookie });
    expect(res.json).toMatchObject({
      mode: "offline",
      model: null,
      suggestedQuestions: [...SUGGESTED_QUESTIONS],
      questionsPerWindow: ASSISTANT_QUESTIONS_PER_WINDOW,
    });
  });

  it("streams an answer composed from the library with a citation per source, and keeps the conversation", async () => {
    const res = await ask(classmate, "How do I give a good SBAR handoff report?");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(res.text.trimEnd().endsWith("data: [DONE]")).toBe(true);
    const text = streamedText(res.text);
    const sbar = shared.find((s) => s.title === "SBAR Handoff Communication")!;
    expect(text).toContain(`[SBAR Handoff Communication](/student/learning?resource=${sbar.id})`);
    expect(text).toContain("Situation, Background, Assessment and Recommendation");
    const conversationId = res.headers.get("x-conversation-id")!;
    const stored = await t.call("GET", `/api/me/student/learning/conversations/${conversationId}`, {
      cookie: classmate.cookie,
    });
    expect(stored.json.messages.map((m: { role: string }) => m.role)).toEqual(["user", "assistant"]);
    expect(stored.json.messages[1].content).toBe(text);
    expect(stored.json.messages[1].citations[0]).toEqual({
      n: 1,
      title: "SBAR Handoff Communication",
      href: `/student/learning?resource=${sbar.id}`,
    });
    // Another student's conversation: 404, to read, to continue and to delete.
    expect(
      (await t.call("GET", `/api/me/student/learning/conversations/${conversationId}`, { cookie: student.cookie }))
        .status,
    ).toBe(404);
    expect((await ask(student, "And the background?", { conversationId })).status).toBe(404);
    expect(
      (await t.call("DELETE", `/api/me/student/learning/conversations/${conversationId}`, { cookie: student.cookie }))
        .status,
    ).toBe(404);
    const list = await t.call("GET", "/api/me/student/learning/conversations", { cookie: classmate.cookie });
    expect(list.json.items[0]).toMatchObject({ id: conversationId, messages: 2 });
    // Continued: the same conversation grows.
    const next = await ask(classmate, "What shoes and uniform should I wear?", { conversationId });
    expect(next.headers.get("x-conversation-id")).toBe(conversationId);
    const rows = await t.deps.db
      .select()
      .from(assistantMessages)
      .where(eq(assistantMessages.conversationId, conversationId));
    expect(rows).toHaveLength(4);
  });

  it("answers from the student's own records: their missing compliance items", async () => {
    const res = await ask(student, "Which compliance items are missing?");
    const text = streamedText(res.text);
    expect(text).toContain("[My Compliance](/student/compliance)");
    expect(text).toContain("Varicella (chickenpox) (submitted)");
  });

  it("says so when nothing relevant is found, and cites nothing", async () => {
    const res = await ask(student, "What is the capital of France?");
    expect(streamedText(res.text)).toBe(NOTHING_FOUND);
  });

  it("refuses a blank question, a last message that is not the student's, and a form-encoded body (422, never 500)", async () => {
    const blank = await ask(student, "   ");
    expect(blank.status).toBe(422);
    expect(blank.json.error.issues[0].path).toBe("messages.0.content");
    const notUser = await t.call("POST", "/api/me/student/learning/assistant/chat/completions", {
      cookie: student.cookie,
      body: { messages: [{ role: "assistant", content: "hi" }] },
    });
    expect(notUser.status).toBe(422);
    const form = await t.call("POST", "/api/me/student/learning/assistant/chat/completions", {
      cookie: student.cookie,
      body: "messages=hi",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBeGreaterThanOrEqual(400);
    expect(form.status).toBeLessThan(500);
    // A coordinator has no student record here; an admin without ?student neither.
    expect((await ask(program, "SBAR")).status).toBe(403);
    expect((await ask(admin, "SBAR")).status).toBe(404);
  });

  it(`is rate limited per student in PostgreSQL: ${ASSISTANT_QUESTIONS_PER_WINDOW} questions per window, 20+5 at once`, async () => {
    const limited = await t.createUser("student", { organizationId: program.organizationId! });
    const results = await Promise.all(
      Array.from({ length: ASSISTANT_QUESTIONS_PER_WINDOW + 5 }, () =>
        ask(limited, "What are neutropenic precautions?"),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(ASSISTANT_QUESTIONS_PER_WINDOW);
    const refused = results.filter((r) => r.status === 429);
    expect(refused).toHaveLength(5);
    expect(refused[0].json.error).toEqual({ code: "rate_limited", message: RATE_LIMIT_MESSAGE });
    // Another student is not held up by it.
    expect((await ask(classmate, "What are neutropenic precautions?")).status).toBe(200);
    const info = await t.call("GET", "/api/me/student/learning/assistant", { cookie: limited.cookie });
    expect(info.json.questionsLeft).toBe(0);
    // A window that has passed starts again.
    await t.deps.db
      .update(assistantUsage)
      .set({ windowStart: new Date(Date.now() - 11 * 60_000) })
      .where(eq(assistantUsage.studentId, limited.studentId!));
    expect((await ask(limited, "What are neutropenic precautions?")).status).toBe(200);
  });
});
