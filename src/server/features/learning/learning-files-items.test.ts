import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema/audit";
import { placementChecklistTicks } from "../../db/schema/learning";
import { createApplication } from "../../factories/applications";
import { createPlacement, dayFromToday } from "../../factories/placements";
import { createTestApp, type TestApp, type TestUser } from "../../testing/harness";
import { exeBytes, pdfBytes, pngBytes } from "../compliance/test-files";
import { insertSharedLibrary } from "./learning-test-kit";

// Issue 16's last two parts through the API: a resource's uploaded file (type sniffed, size
// limited, served only to whoever may read the resource) and a placement's own checklist items
// (its facility adds and removes them; its approved students tick them on their checklist).

let t: TestApp;
let program: TestUser;
let otherProgram: TestUser;
let student: TestUser;
let stranger: TestUser;
let facility: TestUser;
let otherFacility: TestUser;
let admin: TestUser;
let none: TestUser;
let shared: { id: string }[];

const RESOURCE = {
  title: "Unit 4 West badge and parking map",
  summary: "Where to park and pick up your badge.",
  body: "Garage C, level 4; badge office by the Elm Street entrance.",
  category: "compliance_safety",
  kind: "guide",
  durationMinutes: 5,
  specialties: [],
};

async function upload(cookie: string, path: string, bytes: Uint8Array, name: string, type = "application/pdf") {
  const form = new FormData();
  form.append("file", new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  const res = await t.app.request(path, { method: "PUT", body: form, headers: { cookie } });
  const text = await res.text();
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the API answers
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: res.status, json };
}
const download = (cookie: string, path: string) => t.app.request(path, { headers: { cookie } });

/** The request pipeline's audit entry for a route and record (lib/audit.ts). */
async function audited(action: string, entityId: string) {
  const [row] = await t.deps.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

beforeAll(async () => {
  t = await createTestApp();
  program = await t.createUser("program");
  otherProgram = await t.createUser("program");
  student = await t.createUser("student", { organizationId: program.organizationId! });
  stranger = await t.createUser("student", { organizationId: otherProgram.organizationId! });
  facility = await t.createUser("facility");
  otherFacility = await t.createUser("facility");
  admin = await t.createUser("admin");
  none = await t.createUser("none");
  shared = await insertSharedLibrary(t.deps.db);
});
afterAll(async () => {
  await t?.close();
});

describe("a resource's uploaded file", () => {
  it("a coordinator uploads a PDF to their resource; their students and admins download it, another program 404", async () => {
    const made = await t.call("POST", "/api/learning/resources", { cookie: program.cookie, body: RESOURCE });
    expect(made.status).toBe(201);
    expect(made.json.file).toBeNull();
    const id = made.json.id;
    const up = await upload(
      program.cookie,
      `/api/learning/resources/${id}/file`,
      await pdfBytes("Parking map"),
      "Parking map.pdf",
    );
    expect(up.status).toBe(200);
    expect(up.json.file).toMatchObject({ name: "Parking map.pdf", contentType: "application/pdf" });
    expect(await audited("PUT /api/learning/resources/{id}/file", id)).toMatchObject({
      actorId: program.userId,
      summary: "Uploaded a learning resource's file (PDF, JPEG or PNG; replaces the previous file)",
    });

    for (const [who, path] of [
      [student, `/api/me/student/learning/resources/${id}/file`],
      [program, `/api/learning/resources/${id}/file`],
      [admin, `/api/learning/resources/${id}/file`],
    ] as const) {
      const res = await download(who.cookie, path);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/pdf");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(new TextDecoder().decode((await res.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
    }
    // The student's reader names the file too.
    const read = await t.call("GET", `/api/me/student/learning/resources/${id}`, { cookie: student.cookie });
    expect(read.json.file.name).toBe("Parking map.pdf");
    // Another program's student and coordinator: 404, as for an unknown resource.
    expect((await download(stranger.cookie, `/api/me/student/learning/resources/${id}/file`)).status).toBe(404);
    expect((await download(otherProgram.cookie, `/api/learning/resources/${id}/file`)).status).toBe(404);
    const theirs = await upload(
      otherProgram.cookie,
      `/api/learning/resources/${id}/file`,
      pngBytes(),
      "x.png",
      "image/png",
    );
    expect(theirs.status).toBe(404);
    expect((await t.call("DELETE", `/api/learning/resources/${id}/file`, { cookie: otherProgram.cookie })).status).toBe(
      404,
    );
    // Facilities, role-less users and signed-out callers never reach a resource's file.
    expect((await download(facility.cookie, `/api/learning/resources/${id}/file`)).status).toBe(403);
    expect((await download(none.cookie, `/api/learning/resources/${id}/file`)).status).toBe(403);
    expect((await t.app.request(`/api/learning/resources/${id}/file`)).status).toBe(401);
    expect((await download(facility.cookie, `/api/me/student/learning/resources/${id}/file`)).status).toBe(403);
    // An admin viewing as the student downloads what the student would.
    const viewAs = await download(
      admin.cookie,
      `/api/me/student/learning/resources/${id}/file?student=${student.studentId}`,
    );
    expect(viewAs.status).toBe(200);

    // An image replaces the PDF; removing the file leaves the text.
    const png = await upload(program.cookie, `/api/learning/resources/${id}/file`, pngBytes(), "map.png", "image/png");
    expect(png.status).toBe(200);
    expect(png.json.file.contentType).toBe("image/png");
    const removed = await t.call("DELETE", `/api/learning/resources/${id}/file`, { cookie: program.cookie });
    expect(removed.status).toBe(200);
    expect(removed.json.file).toBeNull();
    expect(removed.json.body).toContain("Garage C");
    expect((await download(student.cookie, `/api/me/student/learning/resources/${id}/file`)).status).toBe(404);
  });

  it("refuses a file that is not a PDF or image (422 naming the field), too large (413), a non-file (422)", async () => {
    const id = (await t.call("POST", "/api/learning/resources", { cookie: program.cookie, body: RESOURCE })).json.id;
    const path = `/api/learning/resources/${id}/file`;
    const exe = await upload(program.cookie, path, exeBytes(), "map.pdf");
    expect(exe.status).toBe(422);
    expect(exe.json.error.issues[0].path).toBe("file");
    const big = await upload(program.cookie, path, new Uint8Array(10 * 1024 * 1024 + 10), "big.pdf");
    expect(big.status).toBe(413);
    const form = new FormData();
    form.append("file", "not a file");
    const text = await t.app.request(path, { method: "PUT", body: form, headers: { cookie: program.cookie } });
    expect(text.status).toBe(422);
    const json = await t.call("PUT", path, { cookie: program.cookie, body: { file: "x" } });
    expect([415, 422]).toContain(json.status);
    // Nothing was stored.
    expect((await t.call("GET", `/api/learning/resources/${id}`, { cookie: program.cookie })).json.file).toBeNull();
  });

  it("a coordinator cannot attach a file to a shared resource (403); an admin can, and every student downloads it", async () => {
    const path = `/api/learning/resources/${shared[0].id}/file`;
    expect((await upload(program.cookie, path, await pdfBytes("x"), "x.pdf")).status).toBe(403);
    const up = await upload(admin.cookie, path, await pdfBytes("Shared handout"), "Shared handout.pdf");
    expect(up.status).toBe(200);
    for (const who of [student, stranger]) {
      expect((await download(who.cookie, `/api/me/student/learning/resources/${shared[0].id}/file`)).status).toBe(200);
    }
    // Deleting the resource deletes its file with it.
    const made = (await t.call("POST", "/api/learning/resources", { cookie: program.cookie, body: RESOURCE })).json;
    await upload(program.cookie, `/api/learning/resources/${made.id}/file`, pngBytes(), "a.png", "image/png");
    expect((await t.call("DELETE", `/api/learning/resources/${made.id}`, { cookie: program.cookie })).status).toBe(200);
    expect((await download(program.cookie, `/api/learning/resources/${made.id}/file`)).status).toBe(404);
  });
});

describe("a placement's own checklist items", () => {
  let placement: { id: string };
  let ended: { id: string };
  let itemId: string;

  beforeAll(async () => {
    placement = await createPlacement(t.deps.db, facility.organizationId!, {
      title: "ICU rotation",
      status: "active",
      startDate: dayFromToday(10),
      endDate: dayFromToday(60),
    });
    ended = await createPlacement(t.deps.db, facility.organizationId!, {
      title: "Past rotation",
      status: "active",
      startDate: dayFromToday(-60),
      endDate: dayFromToday(-10),
    });
    const me = { id: student.studentId!, programId: program.organizationId! };
    await createApplication(t.deps.db, me, placement.id, { status: "approved", reviewedAt: new Date() });
    await createApplication(t.deps.db, me, ended.id, { status: "approved", reviewedAt: new Date() });
    const them = { id: stranger.studentId!, programId: otherProgram.organizationId! };
    await createApplication(t.deps.db, them, placement.id, { status: "pending" });
  });

  it("the facility adds, lists and removes items (422 naming the field); another facility 404; other roles 403/401", async () => {
    const path = `/api/learning/placements/${placement.id}/items`;
    const blank = await t.call("POST", path, { cookie: facility.cookie, body: { title: "  " } });
    expect(blank.status).toBe(422);
    expect(blank.json.error.issues[0].path).toBe("title");
    const long = await t.call("POST", path, {
      cookie: facility.cookie,
      body: { title: "x", description: "d".repeat(501) },
    });
    expect(long.status).toBe(422);
    expect(long.json.error.issues[0].path).toBe("description");
    const added = await t.call("POST", path, {
      cookie: facility.cookie,
      body: { title: "Badge photo submitted", description: "Email a passport-style photo to security." },
    });
    expect(added.status).toBe(201);
    itemId = added.json.id;
    expect(await audited("POST /api/learning/placements/{id}/items", itemId)).toMatchObject({
      actorId: facility.userId,
      organizationId: facility.organizationId,
    });
    const byAdmin = await t.call("POST", path, { cookie: admin.cookie, body: { title: "EHR training completed" } });
    expect(byAdmin.status).toBe(201);
    const list = await t.call("GET", path, { cookie: facility.cookie });
    expect(list.json.items.map((i: { title: string }) => i.title)).toEqual([
      "Badge photo submitted",
      "EHR training completed",
    ]);
    expect((await t.call("GET", path, { cookie: admin.cookie })).json.items).toHaveLength(2);
    // Another facility: 404 for every route, nothing changed.
    expect((await t.call("GET", path, { cookie: otherFacility.cookie })).status).toBe(404);
    expect((await t.call("POST", path, { cookie: otherFacility.cookie, body: { title: "Mine" } })).status).toBe(404);
    expect((await t.call("DELETE", `${path}/${itemId}`, { cookie: otherFacility.cookie })).status).toBe(404);
    for (const who of [program, student, none]) {
      expect((await t.call("GET", path, { cookie: who.cookie })).status).toBe(403);
      expect((await t.call("POST", path, { cookie: who.cookie, body: { title: "x" } })).status).toBe(403);
    }
    expect((await t.call("GET", path)).status).toBe(401);
    // An item of one placement is not removed through another placement's path.
    expect(
      (await t.call("DELETE", `/api/learning/placements/${ended.id}/items/${itemId}`, { cookie: facility.cookie }))
        .status,
    ).toBe(404);
    const removed = await t.call("DELETE", `${path}/${byAdmin.json.id}`, { cookie: facility.cookie });
    expect(removed.status).toBe(200);
    expect((await t.call("GET", path, { cookie: facility.cookie })).json.items).toHaveLength(1);
  });

  it("the approved student finds the item under their current rotation, ticks it, and progress counts it", async () => {
    await t.call("POST", `/api/learning/placements/${ended.id}/items`, {
      cookie: facility.cookie,
      body: { title: "Old item" },
    });
    const before = await t.call("GET", "/api/me/student/learning/checklist", { cookie: student.cookie });
    expect(before.status).toBe(200);
    // The ended rotation is not shown; the current one is, with its item.
    expect(before.json.placements).toHaveLength(1);
    expect(before.json.placements[0]).toMatchObject({ placementId: placement.id, title: "ICU rotation" });
    expect(before.json.placements[0].items).toEqual([
      expect.objectContaining({ id: itemId, title: "Badge photo submitted", checked: false }),
    ]);
    expect(before.json.total).toBe(6);
    const path = `/api/me/student/learning/checklist/placement-items/${itemId}`;
    const ticked = await t.call("PUT", path, { cookie: student.cookie, body: { checked: true } });
    expect(ticked.status).toBe(200);
    expect(ticked.json.placements[0].items[0].checked).toBe(true);
    expect(ticked.json.done).toBe(before.json.done + 1);
    expect(await audited("PUT /api/me/student/learning/checklist/placement-items/{id}", itemId)).toMatchObject({
      actorId: student.userId,
    });
    // Bad input: 422 naming the field.
    const bad = await t.call("PUT", path, { cookie: student.cookie, body: { checked: "yes" } });
    expect(bad.status).toBe(422);
    expect(bad.json.error.issues[0].path).toBe("checked");
    // The pending applicant and anyone else: 404 (not their rotation's item).
    expect((await t.call("PUT", path, { cookie: stranger.cookie, body: { checked: true } })).status).toBe(404);
    expect(
      (await t.call("GET", "/api/me/student/learning/checklist", { cookie: stranger.cookie })).json.placements,
    ).toEqual([]);
    for (const who of [program, facility, none]) {
      expect((await t.call("PUT", path, { cookie: who.cookie, body: { checked: true } })).status).toBe(403);
    }
    expect((await t.call("PUT", path, { body: { checked: true } })).status).toBe(401);
    // An admin viewing as the student reads the tick but cannot tick.
    const seen = await t.call("GET", `/api/me/student/learning/checklist?student=${student.studentId}`, {
      cookie: admin.cookie,
    });
    expect(seen.json.placements[0].items[0].checked).toBe(true);
    const write = await t.call("PUT", `${path}?student=${student.studentId}`, {
      cookie: admin.cookie,
      body: { checked: false },
    });
    expect(write.status).toBe(403);
    // Unticking.
    const off = await t.call("PUT", path, { cookie: student.cookie, body: { checked: false } });
    expect(off.json.placements[0].items[0].checked).toBe(false);
  });

  it("20 identical ticks at once leave one tick", async () => {
    const path = `/api/me/student/learning/checklist/placement-items/${itemId}`;
    const all = await Promise.all(
      Array.from({ length: 20 }, () => t.call("PUT", path, { cookie: student.cookie, body: { checked: true } })),
    );
    expect(all.map((r) => r.status)).toEqual(Array(20).fill(200));
    const rows = await t.deps.db
      .select()
      .from(placementChecklistTicks)
      .where(
        and(eq(placementChecklistTicks.studentId, student.studentId!), eq(placementChecklistTicks.itemId, itemId)),
      );
    expect(rows).toHaveLength(1);
  });
});
