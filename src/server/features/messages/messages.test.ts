import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGE_SUBJECT_MAX } from "../../../domain/messages";
import { messages } from "../../db/schema/messages";
import { profiles } from "../../db/schema/organizations";
import { createApplication } from "../../factories/applications";
import { createPlacement } from "../../factories/placements";
import type { PortalEvent } from "../../lib/realtime";
import { createFacility, createProgram, createStudent } from "../../testing/factories";
import { createTestApp, type TestApp, type TestUser } from "../../testing/harness";

let t: TestApp;

// Two programs, two facilities. Program A's student Sam applied to facility A; program B's student
// Bea applied nowhere. Facility B has no applications at all.
type World = {
  programA: { id: string; name: string };
  programB: { id: string; name: string };
  facilityA: { id: string; name: string };
  facilityB: { id: string; name: string };
  sam: TestUser; // student of program A, applied to facility A
  bea: TestUser; // student of program B
  pcA: TestUser; // program A coordinator
  pcB: TestUser; // program B coordinator
  fcA: TestUser; // facility A coordinator
  fcB: TestUser; // facility B coordinator
  admin: TestUser;
  superAdmin: TestUser;
  nobody: TestUser; // signed in without a role
};
let w: World;

async function named(user: TestUser, fullName: string, organizationName: string) {
  await t.deps.db.update(profiles).set({ fullName, organizationName }).where(eq(profiles.userId, user.userId));
  return { ...user, name: fullName };
}

beforeAll(async () => {
  t = await createTestApp();
  const programA = await createProgram(t, { name: "Riverside School of Nursing" });
  const programB = await createProgram(t, { name: "Cascade College of Nursing" });
  const facilityA = await createFacility(t, { name: "Mercy General Hospital" });
  const facilityB = await createFacility(t, { name: "Lakeside Clinic" });
  const sam = await named(await t.createUser("student", { organizationId: programA.id }), "Sam Rivera", programA.name);
  const bea = await named(await t.createUser("student", { organizationId: programB.id }), "Bea Stone", programB.name);
  const pcA = await named(
    await t.createUser("program", { organizationId: programA.id }),
    "Dana Whitfield",
    programA.name,
  );
  const pcB = await named(
    await t.createUser("program", { organizationId: programB.id }),
    "Renee Okafor",
    programB.name,
  );
  const fcA = await named(
    await t.createUser("facility", { organizationId: facilityA.id }),
    "Marcus Bell",
    facilityA.name,
  );
  const fcB = await named(
    await t.createUser("facility", { organizationId: facilityB.id }),
    "Nora Vance",
    facilityB.name,
  );
  const admin = await named(await t.createUser("admin"), "Jordan Ellison", "Clinical Placement Portal");
  const superAdmin = await named(await t.createUser("super_admin"), "Morgan Avery", "Clinical Placement Portal");
  const nobody = await named(await t.createUser("none"), "Pat Pending", "State Board");
  // A roster student without an account is nobody's recipient.
  await createStudent(t, programA.id);
  const placement = await createPlacement(t.deps.db, facilityA.id);
  await createApplication(t.deps.db, { id: sam.studentId!, programId: programA.id }, placement.id);
  w = { programA, programB, facilityA, facilityB, sam, bea, pcA, pcB, fcA, fcB, admin, superAdmin, nobody };
});
afterAll(async () => {
  await t.close();
});

const send = (from: TestUser, to: string, subject = "Rotation schedule", content = "Hello there") =>
  t.call("POST", "/api/messages", { cookie: from.cookie, body: { recipientId: to, subject, content } });

async function sent(from: TestUser, to: TestUser, subject?: string, content?: string) {
  const res = await send(from, to.userId, subject, content);
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.item as { id: string; subject: string; content: string; read: boolean };
}

const list = (user: TestUser, query = "") => t.call("GET", `/api/messages${query}`, { cookie: user.cookie });
const recipients = async (user: TestUser, search = "") => {
  const res = await t.call("GET", `/api/messages/recipients${search ? `?search=${encodeURIComponent(search)}` : ""}`, {
    cookie: user.cookie,
  });
  expect(res.status).toBe(200);
  return (res.json.items as { id: string; fullName: string }[]).map((r) => r.fullName).sort();
};

describe("GET /api/messages/recipients (whom each user may write to)", () => {
  it("a student: their program's coordinators and the coordinators of facilities they applied to", async () => {
    expect(await recipients(w.sam)).toEqual(["Dana Whitfield", "Marcus Bell"]);
    expect(await recipients(w.bea)).toEqual(["Renee Okafor"]);
  });

  it("a program coordinator: their students with accounts, facilities applied to, administrators", async () => {
    expect(await recipients(w.pcA)).toEqual(["Jordan Ellison", "Marcus Bell", "Morgan Avery", "Sam Rivera"]);
    expect(await recipients(w.pcB)).toEqual(["Bea Stone", "Jordan Ellison", "Morgan Avery"]);
  });

  it("a facility coordinator: programs and students that applied to them, administrators", async () => {
    expect(await recipients(w.fcA)).toEqual(["Dana Whitfield", "Jordan Ellison", "Morgan Avery", "Sam Rivera"]);
    expect(await recipients(w.fcB)).toEqual(["Jordan Ellison", "Morgan Avery"]);
  });

  it("an administrator: anyone but themselves", async () => {
    const names = await recipients(w.admin);
    expect(names).toEqual(
      expect.arrayContaining(["Bea Stone", "Dana Whitfield", "Morgan Avery", "Nora Vance", "Pat Pending"]),
    );
    expect(names).not.toContain("Jordan Ellison");
  });

  it("a user without a role: nobody, until someone writes to them", async () => {
    expect(await recipients(w.nobody)).toEqual([]);
  });

  it("searches name, organization and email; carries organization and role", async () => {
    expect(await recipients(w.pcA, "marc")).toEqual(["Marcus Bell"]);
    expect(await recipients(w.pcA, "mercy general")).toEqual(["Marcus Bell"]);
    expect(await recipients(w.pcA, w.sam.email)).toEqual(["Sam Rivera"]);
    expect(await recipients(w.pcA, "Bea")).toEqual([]); // exists, but not program A's to write to
    const res = await t.call("GET", "/api/messages/recipients?search=Marcus", { cookie: w.pcA.cookie });
    expect(res.json.items).toEqual([
      { id: w.fcA.userId, fullName: "Marcus Bell", organizationName: "Mercy General Hospital", role: "facility" },
    ]);
  });

  it("limits the answer", async () => {
    const res = await t.call("GET", "/api/messages/recipients?limit=1", { cookie: w.admin.cookie });
    expect(res.json.items).toHaveLength(1);
    const bad = await t.call("GET", "/api/messages/recipients?limit=500", { cookie: w.admin.cookie });
    expect(bad.status).toBe(422);
  });
});

describe("POST /api/messages", () => {
  it("401 when not signed in", async () => {
    const res = await t.call("POST", "/api/messages", {
      body: { recipientId: w.pcA.userId, subject: "a", content: "b" },
    });
    expect(res.status).toBe(401);
  });

  it("422 naming every missing or blank field", async () => {
    const res = await t.call("POST", "/api/messages", { cookie: w.sam.cookie, body: {} });
    expect(res.status).toBe(422);
    expect(res.json.error.code).toBe("invalid");
    expect(res.json.error.issues).toEqual([
      { path: "recipientId", message: "Recipient is required" },
      { path: "subject", message: "Subject is required" },
      { path: "content", message: "Content is required" },
    ]);
    const blank = await send(w.sam, w.pcA.userId, "   ", "\n ");
    expect(blank.status).toBe(422);
    expect(blank.json.error.issues.map((i: { path: string }) => i.path)).toEqual(["subject", "content"]);
  });

  it("422 for a subject over the limit, and for writing to oneself", async () => {
    const long = await send(w.sam, w.pcA.userId, "x".repeat(MESSAGE_SUBJECT_MAX + 1));
    expect(long.status).toBe(422);
    expect(long.json.error.issues).toEqual([
      { path: "subject", message: `Subject must be at most ${MESSAGE_SUBJECT_MAX} characters` },
    ]);
    const self = await send(w.sam, w.sam.userId);
    expect(self.status).toBe(422);
    expect(self.json.error.issues).toEqual([{ path: "recipientId", message: "You cannot send a message to yourself" }]);
  });

  it("400 for a body that is not JSON", async () => {
    const res = await t.call("POST", "/api/messages", { cookie: w.sam.cookie, body: "{not json" });
    expect(res.status).toBe(400);
  });

  it("403 for a recipient outside the sender's circle, and nothing is stored", async () => {
    const before = await t.deps.db.select().from(messages);
    for (const [from, to] of [
      [w.sam, w.bea], // another student
      [w.sam, w.pcB], // another program's coordinator
      [w.sam, w.fcB], // a facility they did not apply to
      [w.sam, w.admin], // students do not write to admins unprompted
      [w.pcA, w.bea], // another program's student (FERPA)
      [w.pcA, w.fcB],
      [w.fcB, w.sam], // a facility the student did not apply to
      [w.fcB, w.pcA],
      [w.nobody, w.admin],
    ] as const) {
      const res = await send(from, to.userId);
      expect(res.status, `${from.name} → ${to.name}`).toBe(403);
      expect(res.json.error.code).toBe("forbidden");
    }
    // An unknown id answers like an outside one: no way to probe who exists.
    expect((await send(w.sam, "no-such-user")).status).toBe(403);
    expect(await t.deps.db.select().from(messages)).toHaveLength(before.length);
  });

  it("an administrator may write to anyone; an unknown recipient is 422", async () => {
    expect((await send(w.admin, w.bea.userId)).status).toBe(201);
    expect((await send(w.superAdmin, w.fcB.userId)).status).toBe(201);
    const unknown = await send(w.admin, "no-such-user");
    expect(unknown.status).toBe(422);
    expect(unknown.json.error.issues).toEqual([{ path: "recipientId", message: "Recipient not found" }]);
  });

  it("whoever was written to may reply", async () => {
    await sent(w.admin, w.nobody, "Your access request");
    expect(await recipients(w.nobody)).toEqual(["Jordan Ellison"]);
    expect((await send(w.nobody, w.admin.userId, "Re: Your access request")).status).toBe(201);
  });

  it("201 'Message sent' with trimmed fields and both parties by name and organization", async () => {
    const res = await send(w.sam, w.pcA.userId, "  Schedule question ", " Can I swap Tuesday? \n");
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      message: "Message sent",
      item: {
        id: expect.any(String),
        subject: "Schedule question",
        content: "Can I swap Tuesday?",
        read: false,
        createdAt: expect.any(String),
        sender: { id: w.sam.userId, fullName: "Sam Rivera", organizationName: "Riverside School of Nursing" },
        recipient: { id: w.pcA.userId, fullName: "Dana Whitfield", organizationName: "Riverside School of Nursing" },
      },
    });
  });

  it("publishes 'message.created' to the recipient only, with the id", async () => {
    const events: PortalEvent[] = [];
    const others: PortalEvent[] = [];
    const off = [
      t.deps.realtime.subscribe(w.fcA.userId, (e) => events.push(e)),
      t.deps.realtime.subscribe(w.sam.userId, (e) => others.push(e)),
    ];
    try {
      const m = await sent(w.sam, w.fcA, "Badge pickup");
      await expect.poll(() => events.length).toBe(1);
      expect(events[0]).toEqual({
        id: expect.any(Number),
        userId: w.fcA.userId,
        type: "message.created",
        data: { id: m.id },
      });
      expect(others).toEqual([]);
    } finally {
      for (const f of off) f();
    }
  });
});

describe("GET /api/messages (inbox and sent)", () => {
  let u: { writer: TestUser; reader: TestUser; ids: string[] };
  beforeAll(async () => {
    // A pair of their own, so other tests' messages do not count here.
    const program = await createProgram(t, { name: "Prairie Nursing Institute" });
    const reader = await named(
      await t.createUser("program", { organizationId: program.id }),
      "Quinn Harper",
      program.name,
    );
    const writer = await named(await t.createUser("admin"), "Alex Admin", "Portal 100% Team");
    const ids: string[] = [];
    for (let i = 1; i <= 5; i++) {
      const m = await sent(writer, reader, `Update ${i}`, i === 3 ? "The BLS renewal is due" : `Body ${i}`);
      ids.push(m.id);
    }
    // Distinct times, oldest first.
    for (const [i, id] of ids.entries())
      await t.deps.db
        .update(messages)
        .set({ createdAt: new Date(Date.UTC(2026, 0, 1 + i, 15, 30)) })
        .where(eq(messages.id, id));
    u = { writer, reader, ids };
  });

  it("the inbox: messages to the user, newest first, with both parties and a preview", async () => {
    const res = await list(u.reader, "?box=inbox");
    expect(res.status).toBe(200);
    expect(res.json.total).toBe(5);
    expect(res.json.items.map((m: { subject: string }) => m.subject)).toEqual([
      "Update 5",
      "Update 4",
      "Update 3",
      "Update 2",
      "Update 1",
    ]);
    expect(res.json.items[2]).toEqual({
      id: u.ids[2],
      subject: "Update 3",
      preview: "The BLS renewal is due",
      read: false,
      createdAt: "2026-01-03T15:30:00.000Z",
      sender: { id: u.writer.userId, fullName: "Alex Admin", organizationName: "Portal 100% Team" },
      recipient: { id: u.reader.userId, fullName: "Quinn Harper", organizationName: "Prairie Nursing Institute" },
    });
  });

  it("inbox is the default box; sent lists the user's own messages", async () => {
    expect((await list(u.reader)).json.total).toBe(5);
    expect((await list(u.reader, "?box=sent")).json.total).toBe(0);
    const sentBox = await list(u.writer, "?box=sent");
    expect(sentBox.json.total).toBe(5);
    expect((await list(u.writer, "?box=inbox")).json.total).toBe(0);
  });

  it("paginates", async () => {
    const p2 = await list(u.reader, "?pageSize=2&page=2");
    expect(p2.json).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(p2.json.items.map((m: { subject: string }) => m.subject)).toEqual(["Update 3", "Update 2"]);
    expect((await list(u.reader, "?pageSize=2&page=9")).json.items).toEqual([]);
  });

  it("searches subject, content and the other party's name and organization", async () => {
    const subjects = async (user: TestUser, q: string) =>
      (await list(user, q)).json.items.map((m: { subject: string }) => m.subject);
    expect(await subjects(u.reader, "?search=update%204")).toEqual(["Update 4"]);
    expect(await subjects(u.reader, "?search=bls%20RENEWAL")).toEqual(["Update 3"]);
    expect(await subjects(u.reader, "?search=alex")).toHaveLength(5); // the sender's name
    expect(await subjects(u.reader, "?search=100%25")).toHaveLength(5); // "%" is literal, in the organization
    expect(await subjects(u.reader, "?search=quinn")).toEqual([]); // not the reader's own name
    expect(await subjects(u.writer, "?box=sent&search=quinn")).toHaveLength(5); // the recipient's name
    expect(await subjects(u.writer, "?box=sent&search=prairie")).toHaveLength(5);
    const res = await list(u.reader, "?search=alex&pageSize=2");
    expect(res.json.total).toBe(5);
  });

  it("422 for an unknown box or page", async () => {
    expect((await list(u.reader, "?box=trash")).status).toBe(422);
    expect((await list(u.reader, "?page=0")).status).toBe(422);
  });

  it("never lists someone else's messages", async () => {
    for (const other of [w.sam, w.pcA, w.admin, w.superAdmin]) {
      for (const box of ["inbox", "sent"]) {
        const res = await list(other, `?box=${box}&pageSize=100`);
        const ids = res.json.items.map((m: { id: string }) => m.id);
        for (const id of u.ids) expect(ids).not.toContain(id);
      }
    }
  });

  it("401 when not signed in", async () => {
    expect((await t.call("GET", "/api/messages")).status).toBe(401);
  });
});

describe("GET /api/messages/{id} and POST /api/messages/{id}/read (privacy)", () => {
  let m: { id: string };
  beforeAll(async () => {
    m = await sent(w.pcA, w.sam, "TB test reminder", "Please upload your TB test result.");
  });

  it("the sender and the recipient read it in full", async () => {
    for (const who of [w.pcA, w.sam]) {
      const res = await t.call("GET", `/api/messages/${m.id}`, { cookie: who.cookie });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({
        id: m.id,
        subject: "TB test reminder",
        content: "Please upload your TB test result.",
        read: false,
        sender: { id: w.pcA.userId, fullName: "Dana Whitfield" },
        recipient: { id: w.sam.userId, fullName: "Sam Rivera" },
      });
    }
  });

  it("anyone else gets 404, administrators too; nothing changes", async () => {
    for (const other of [w.bea, w.pcB, w.fcA, w.fcB, w.admin, w.superAdmin, w.nobody]) {
      const get = await t.call("GET", `/api/messages/${m.id}`, { cookie: other.cookie });
      expect(get.status, other.name).toBe(404);
      expect(get.json.error).toEqual({ code: "not_found", message: "Message not found" });
      const read = await t.call("POST", `/api/messages/${m.id}/read`, { cookie: other.cookie });
      expect(read.status, other.name).toBe(404);
    }
    const [row] = await t.deps.db.select().from(messages).where(eq(messages.id, m.id));
    expect(row.read).toBe(false);
  });

  it("an unknown id is 404, a malformed one too; signed out 401", async () => {
    expect((await t.call("GET", `/api/messages/${randomUUID()}`, { cookie: w.sam.cookie })).status).toBe(404);
    expect((await t.call("POST", `/api/messages/${randomUUID()}/read`, { cookie: w.sam.cookie })).status).toBe(404);
    const malformed = await t.call("GET", "/api/messages/not-an-id", { cookie: w.sam.cookie });
    expect(malformed.status).toBe(404);
    expect(malformed.json).toEqual({ error: { code: "not_found", message: "Message not found" } });
    expect((await t.call("GET", `/api/messages/${m.id}`)).status).toBe(401);
    expect((await t.call("POST", `/api/messages/${m.id}/read`)).status).toBe(401);
  });

  it("the sender may not mark it read (403)", async () => {
    const res = await t.call("POST", `/api/messages/${m.id}/read`, { cookie: w.pcA.cookie });
    expect(res.status).toBe(403);
    const [row] = await t.deps.db.select().from(messages).where(eq(messages.id, m.id));
    expect(row.read).toBe(false);
  });

  it("the recipient marks it read once: the unread count drops and 'message.read' goes to them", async () => {
    const unread = async () =>
      (await t.call("GET", "/api/messages/unread-count", { cookie: w.sam.cookie })).json.unread;
    const before = await unread();
    const events: PortalEvent[] = [];
    const off = t.deps.realtime.subscribe(w.sam.userId, (e) => events.push(e));
    try {
      const res = await t.call("POST", `/api/messages/${m.id}/read`, { cookie: w.sam.cookie });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ id: m.id, read: true, content: "Please upload your TB test result." });
      expect(await unread()).toBe(before - 1);
      await expect.poll(() => events.length).toBe(1);
      expect(events[0]).toEqual({
        id: expect.any(Number),
        userId: w.sam.userId,
        type: "message.read",
        data: { id: m.id },
      });
      // Again: still 200, no second event.
      expect((await t.call("POST", `/api/messages/${m.id}/read`, { cookie: w.sam.cookie })).status).toBe(200);
      expect(await unread()).toBe(before - 1);
      await new Promise((r) => setTimeout(r, 50));
      expect(events).toHaveLength(1);
    } finally {
      off();
    }
    const inbox = await list(w.sam, "?search=TB%20test");
    expect(inbox.json.items[0]).toMatchObject({ id: m.id, read: true });
  });
});

describe("GET /api/messages/unread-count (the header bell's dot)", () => {
  const unread = (cookie?: string) => t.call("GET", "/api/messages/unread-count", { cookie });

  it("401 in the envelope when not signed in", async () => {
    const res = await unread();
    expect(res.status).toBe(401);
    expect(res.json.error).toEqual({ code: "unauthorized", message: "Please sign in to continue" });
  });

  it("is 0 for a user without messages", async () => {
    const u = await t.createUser("student");
    const res = await unread(u.cookie);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ unread: 0 });
  });

  it("counts only the caller's unread messages", async () => {
    const me = await t.createUser("program");
    const other = await t.createUser("facility");
    const third = await t.createUser("student");
    const msg = (senderId: string, recipientId: string, read = false) => ({
      senderId,
      recipientId,
      subject: "Rotation",
      content: "Hello",
      read,
    });
    await t.deps.db.insert(messages).values([
      msg(other.userId, me.userId),
      msg(third.userId, me.userId),
      msg(other.userId, me.userId, true), // read
      msg(me.userId, other.userId), // sent by me, unread by them
      msg(third.userId, other.userId), // someone else's
    ]);
    expect((await unread(me.cookie)).json).toEqual({ unread: 2 });
    expect((await unread(other.cookie)).json).toEqual({ unread: 2 });
    expect((await unread(third.cookie)).json).toEqual({ unread: 0 });
  });
});
