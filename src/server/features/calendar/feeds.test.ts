import { createHash, randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import ical, { type VEvent } from "node-ical";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema/audit";
import { calendarFeeds } from "../../db/schema/calendar";
import { memberships, userRoles } from "../../db/schema/organizations";
import { placements } from "../../db/schema/placements";
import { createApplication } from "../../factories/applications";
import { createDepartment, createPlacement, dayFromToday } from "../../factories/placements";
import { createStudent } from "../../testing/factories";
import { createTestApp, TEST_APP_URL, type TestApp, type TestUser } from "../../testing/harness";
import { FEED_LIMIT, FEED_MISS_LIMIT, FEED_READ_LIMIT } from "./feeds";

// Private calendar feeds (issue 15): created, listed and revoked while signed in; read by calendar
// apps without a cookie. Every feed is parsed with node-ical, and carries only what its owner may
// see at the moment it is read.

let t: TestApp;
let programA: TestUser;
let programB: TestUser;
let facility: TestUser;
let studentA: TestUser;
let admin: TestUser;
let nobody: TestUser;
const names = { s1: "Ada Lovelace", s2: "Grace Hopper", s3: "Florence Nightingale" };
const rotations: Record<"s1" | "s2" | "s3", string> = { s1: "", s2: "", s3: "" };
let placementId: string;

beforeAll(async () => {
  t = await createTestApp();
  programA = await t.createUser("program");
  programB = await t.createUser("program");
  facility = await t.createUser("facility");
  studentA = await t.createUser("student", { organizationId: programA.organizationId! });
  admin = await t.createUser("admin");
  nobody = await t.createUser("none");
  const db = t.deps.db;
  await db.execute(
    sql`update students set first_name = 'Ada', last_name = 'Lovelace' where id = ${studentA.studentId}`,
  );
  const s2 = await createStudent(t, programA.organizationId!, { firstName: "Grace", lastName: "Hopper" });
  const s3 = await createStudent(t, programB.organizationId!, { firstName: "Florence", lastName: "Nightingale" });
  const department = await createDepartment(db, facility.organizationId!, { name: "Ward 4" });
  const placement = await createPlacement(db, facility.organizationId!, {
    departmentId: department.id,
    title: "Med-Surg, spring; days",
    startDate: dayFromToday(10),
    endDate: dayFromToday(60),
  });
  placementId = placement.id;
  const s1 = { id: studentA.studentId!, programId: programA.organizationId! };
  for (const [key, student] of [
    ["s1", s1],
    ["s2", s2],
    ["s3", s3],
  ] as const) {
    const app = await createApplication(db, student, placement.id, { status: "approved", reviewedAt: new Date() });
    rotations[key] = app.id;
  }
});
afterAll(async () => {
  await t.close();
});

const createFeed = (user: TestUser, body: unknown = {}) =>
  t.call("POST", "/api/calendar/feeds", { cookie: user.cookie, body });

/** The feed's path from its URL (what a calendar app is given). */
const pathOf = (url: string) => new URL(url).pathname;

async function newFeed(user: TestUser, label = "Phone") {
  const res = await createFeed(user, { label });
  expect(res.status, res.text).toBe(201);
  return res.json as { id: string; url: string; label: string };
}

function vevents(body: string): VEvent[] {
  return Object.values(ical.sync.parseICS(body)).filter((c): c is VEvent => c?.type === "VEVENT");
}

const text = (v: unknown) => (typeof v === "object" && v && "val" in v ? String(v.val) : String(v));

async function readFeed(url: string, opts: { ip?: string; headers?: Record<string, string> } = {}) {
  return t.call("GET", pathOf(url), { ip: opts.ip ?? t.nextIp(), headers: opts.headers });
}

describe("creating, listing and revoking feeds", () => {
  it("shows the URL once: the answer has it, the list never does, and only the token's hash is kept", async () => {
    const feed = await newFeed(programA, "  Work phone ");
    expect(feed.url).toMatch(new RegExp(`^${TEST_APP_URL}/api/calendar/feeds/[A-Za-z0-9_-]{43}\\.ics$`));
    expect(feed.label).toBe("Work phone");
    const token = pathOf(feed.url)
      .split("/")
      .pop()!
      .replace(/\.ics$/, "");
    const list = await t.call("GET", "/api/calendar/feeds", { cookie: programA.cookie });
    expect(list.status).toBe(200);
    expect(list.json.items[0]).toEqual({
      id: feed.id,
      label: "Work phone",
      createdAt: expect.any(String),
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(list.text).not.toContain(token);
    const [row] = await t.deps.db.select().from(calendarFeeds).where(eq(calendarFeeds.id, feed.id));
    expect(row.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(token);
    // Another user's list does not show it.
    const other = await t.call("GET", "/api/calendar/feeds", { cookie: programB.cookie });
    expect(other.json.items.map((f: { id: string }) => f.id)).not.toContain(feed.id);
  });

  it("leaves an audit entry for a creation and a revocation that names the feed, never its URL", async () => {
    const feed = await newFeed(programA, "Audited");
    await t.call("DELETE", `/api/calendar/feeds/${feed.id}`, { cookie: programA.cookie });
    const entries = await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, feed.id)).orderBy(auditLog.id);
    expect(entries.map((e) => [e.action, e.entityType, e.actorId])).toEqual([
      ["POST /api/calendar/feeds", "calendar_feeds", programA.userId],
      ["DELETE /api/calendar/feeds/{id}", "calendar_feeds", programA.userId],
    ]);
    const token = pathOf(feed.url)
      .split("/")
      .pop()!
      .replace(/\.ics$/, "");
    expect(JSON.stringify(entries)).not.toContain(token);
  });

  it("refuses bad input with 422 naming the field", async () => {
    const long = await createFeed(programA, { label: "x".repeat(101) });
    expect(long.status).toBe(422);
    expect(long.json.error.issues[0].path).toBe("label");
    const wrongType = await createFeed(programA, { label: 42 });
    expect(wrongType.status).toBe(422);
    expect(wrongType.json.error.issues[0].path).toBe("label");
    const nul = await createFeed(programA, { label: "a\u0000b" });
    expect(nul.status).toBe(422);
    const form = await t.call("POST", "/api/calendar/feeds", {
      cookie: programA.cookie,
      body: "label=x",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(415);
    expect(form.json.error.code).toBe("unsupported_media_type");
  });

  it(`allows ${FEED_LIMIT} active feeds per user, also when 20 identical requests arrive at once`, async () => {
    const user = await t.createUser("facility");
    const results = await Promise.all(Array.from({ length: 20 }, () => createFeed(user, { label: "same" })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(FEED_LIMIT);
    expect(statuses.filter((s) => s === 409)).toHaveLength(20 - FEED_LIMIT);
    expect(results.find((r) => r.status === 409)?.json.error.message).toMatch(/revoke one/);
    // Revoking one makes room for one more.
    const one = results.find((r) => r.status === 201)!.json;
    expect((await t.call("DELETE", `/api/calendar/feeds/${one.id}`, { cookie: user.cookie })).status).toBe(200);
    expect((await createFeed(user)).status).toBe(201);
    expect((await createFeed(user)).status).toBe(409);
  });

  it("revokes only the caller's own feed (another's or an unknown id: 404); the URL then answers 404", async () => {
    const feed = await newFeed(programA);
    expect((await readFeed(feed.url)).status).toBe(200);
    const foreign = await t.call("DELETE", `/api/calendar/feeds/${feed.id}`, { cookie: programB.cookie });
    expect(foreign.status).toBe(404);
    expect(foreign.json.error).toEqual({ code: "not_found", message: "Feed not found" });
    expect((await t.call("DELETE", "/api/calendar/feeds/not-a-uuid", { cookie: programA.cookie })).status).toBe(404);
    expect((await readFeed(feed.url)).status).toBe(200);
    const revoked = await t.call("DELETE", `/api/calendar/feeds/${feed.id}`, { cookie: programA.cookie });
    expect(revoked.status).toBe(200);
    expect(revoked.json.revokedAt).toEqual(expect.any(String));
    // Again: nothing changes.
    const again = await t.call("DELETE", `/api/calendar/feeds/${feed.id}`, { cookie: programA.cookie });
    expect(again.json.revokedAt).toBe(revoked.json.revokedAt);
    const gone = await readFeed(feed.url);
    expect(gone.status).toBe(404);
    expect(gone.json.error).toEqual({ code: "not_found", message: "Calendar feed not found" });
  });
});

describe("reading a feed", () => {
  it("answers unknown and malformed tokens 404 in the error envelope", async () => {
    for (const path of [
      `/api/calendar/feeds/${"A".repeat(43)}.ics`,
      "/api/calendar/feeds/short.ics",
      `/api/calendar/feeds/${"A".repeat(43)}`,
      `/api/calendar/feeds/${"x".repeat(5000)}.ics`,
    ]) {
      const res = await t.call("GET", path, { ip: t.nextIp() });
      expect(res.status, path).toBe(404);
      expect(res.json.error.code, path).toBe("not_found");
    }
    // NUL characters are refused before any route, as everywhere under /api (issue 8).
    const nul = await t.call("GET", `/api/calendar/feeds/${"%00".repeat(5)}.ics`, { ip: t.nextIp() });
    expect(nul.status).toBe(422);
    expect(nul.json.error.code).toBe("invalid");
  });

  it("needs no cookie and reads no session; answers text/calendar, inline, private, with an ETag (304 when unchanged)", async () => {
    const feed = await newFeed(programA);
    let sessionReads = 0;
    const readSession = t.deps.readSession;
    t.deps.readSession = (...args) => {
      sessionReads += 1;
      return readSession(...args);
    };
    try {
      const res = await t.call("GET", pathOf(feed.url), { cookie: programA.cookie, ip: t.nextIp() });
      expect(res.status).toBe(200);
      expect(sessionReads).toBe(0);
      expect(res.headers.getSetCookie()).toEqual([]);
      expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
      expect(res.headers.get("content-disposition")).toMatch(/^inline/);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      const etag = res.headers.get("etag")!;
      expect(etag).toMatch(/^W\/".+"$/);
      const again = await readFeed(feed.url, { headers: { "if-none-match": etag } });
      expect(again.status).toBe(304);
      expect(again.text).toBe("");
    } finally {
      t.deps.readSession = readSession;
    }
  });

  it("notes when it was last used, at most once a minute", async () => {
    const feed = await newFeed(programA);
    await readFeed(feed.url);
    const [first] = await t.deps.db.select().from(calendarFeeds).where(eq(calendarFeeds.id, feed.id));
    expect(first.lastUsedAt).toBeInstanceOf(Date);
    await readFeed(feed.url);
    const [second] = await t.deps.db.select().from(calendarFeeds).where(eq(calendarFeeds.id, feed.id));
    expect(second.lastUsedAt?.toISOString()).toBe(first.lastUsedAt?.toISOString());
    const list = await t.call("GET", "/api/calendar/feeds", { cookie: programA.cookie });
    expect(list.json.items.find((f: { id: string }) => f.id === feed.id).lastUsedAt).toBe(
      first.lastUsedAt?.toISOString(),
    );
  });

  it("a program's feed has its own students' rotations, parsed back field by field, and never another program's", async () => {
    const feed = await newFeed(programA);
    const res = await readFeed(feed.url);
    expect(res.text).toContain("X-WR-CALNAME:Clinical Placement Portal — ");
    const events = vevents(res.text);
    const rotation = events.find((e) => e.uid === `rotation-${rotations.s1}@localhost`)!;
    expect(rotation).toBeDefined();
    expect(rotation.datetype).toBe("date");
    expect(text(rotation.summary)).toContain("Med-Surg, spring; days");
    expect(text(rotation.description)).toContain(`Student: ${names.s1}`);
    expect(text(rotation.description)).toContain(`Open in the portal: ${TEST_APP_URL}/students/${studentA.studentId}`);
    expect(rotation.categories).toEqual(["rotation"]);
    expect(Number(rotation.sequence)).toBeGreaterThan(0);
    // All-day: from the first day to the day after the last.
    const [p] = await t.deps.db.select().from(placements).where(eq(placements.id, placementId));
    expect(rotation.start.toISOString().slice(0, 10)).toBe(p.startDate);
    expect(rotation.end?.toISOString().slice(0, 10)).toBe(
      new Date(Date.parse(`${p.endDate}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10),
    );
    expect(events.some((e) => e.uid === `rotation-${rotations.s2}@localhost`)).toBe(true);
    expect(events.some((e) => e.uid === `rotation-${rotations.s3}@localhost`)).toBe(false);
    expect(res.text).not.toContain(names.s3);

    const b = vevents((await readFeed((await newFeed(programB)).url)).text);
    expect(b.map((e) => e.uid)).toContain(`rotation-${rotations.s3}@localhost`);
    expect(b.map((e) => e.uid)).not.toContain(`rotation-${rotations.s1}@localhost`);
  });

  it("a student's feed has only their own rotation; a facility's every rotation at it; an administrator's all", async () => {
    const mine = await readFeed((await newFeed(studentA)).url);
    const uids = vevents(mine.text).map((e) => e.uid);
    expect(uids).toContain(`rotation-${rotations.s1}@localhost`);
    expect(uids).not.toContain(`rotation-${rotations.s2}@localhost`);
    expect(mine.text).not.toContain(names.s2);
    expect(mine.text).not.toContain(names.s3);

    const atFacility = vevents((await readFeed((await newFeed(facility)).url)).text).map((e) => e.uid);
    for (const id of Object.values(rotations)) expect(atFacility).toContain(`rotation-${id}@localhost`);
    const all = vevents((await readFeed((await newFeed(admin)).url)).text).map((e) => e.uid);
    for (const id of Object.values(rotations)) expect(all).toContain(`rotation-${id}@localhost`);
  });

  it("a signed-in user without a role may not create a feed", async () => {
    const res = await createFeed(nobody);
    expect(res.status).toBe(403);
    expect(res.json.error.code).toBe("forbidden");
  });

  it("shows what the owner may see now: a coordinator who loses the membership or the role gets an empty calendar", async () => {
    const coordinator = await t.createUser("program", { organizationId: programA.organizationId! });
    const feed = await newFeed(coordinator);
    expect(vevents((await readFeed(feed.url)).text).length).toBeGreaterThan(0);
    await t.deps.db.delete(memberships).where(eq(memberships.userId, coordinator.userId));
    const noOrg = await readFeed(feed.url);
    expect(noOrg.status).toBe(200);
    expect(vevents(noOrg.text)).toEqual([]);
    expect(noOrg.text).toMatch(/^BEGIN:VCALENDAR/);

    const other = await t.createUser("program", { organizationId: programA.organizationId! });
    const otherFeed = await newFeed(other);
    await t.deps.db.delete(userRoles).where(and(eq(userRoles.userId, other.userId), eq(userRoles.role, "program")));
    expect(vevents((await readFeed(otherFeed.url)).text)).toEqual([]);
  });

  it("raises SEQUENCE when the event's record changes, under the same UID", async () => {
    const feed = await newFeed(programA);
    const uid = `rotation-${rotations.s1}@localhost`;
    const before = vevents((await readFeed(feed.url)).text).find((e) => e.uid === uid)!;
    await t.deps.db
      .update(placements)
      .set({ title: "Med-Surg, spring; evenings", updatedAt: sql`now() + interval '5 seconds'` })
      .where(eq(placements.id, placementId));
    const after = vevents((await readFeed(feed.url)).text).find((e) => e.uid === uid)!;
    expect(Number(after.sequence)).toBeGreaterThan(Number(before.sequence));
    expect(text(after.summary)).toContain("evenings");
  });

  it("limits reads per feed (429 with Retry-After, in the envelope)", async () => {
    const feed = await newFeed(programA);
    await t.deps.db.execute(sql`insert into rate_limits (id, key, count, last_request)
      values (${`calendar-feed:${feed.id}`}, ${`calendar-feed:${feed.id}`}, ${FEED_READ_LIMIT.max}, ${Date.now()})`);
    const busy = await readFeed(feed.url);
    expect(busy.status).toBe(429);
    expect(busy.json.error.code).toBe("rate_limited");
    expect(Number(busy.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("refuses unknown tokens from an address past the limit, but its valid feeds still answer (one school, one NAT)", async () => {
    const ip = t.nextIp();
    const unknown = () =>
      readFeed(`${TEST_APP_URL}/api/calendar/feeds/${randomBytes(32).toString("base64url")}.ics`, { ip });
    for (let i = 0; i < FEED_MISS_LIMIT.max; i++) expect((await unknown()).status).toBe(404);
    const refused = await unknown();
    expect(refused.status).toBe(429);
    expect(refused.json.error.code).toBe("rate_limited");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);

    const feed = await newFeed(programA);
    const valid = await readFeed(feed.url, { ip });
    expect(valid.status).toBe(200);
    expect(valid.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(vevents(valid.text).map((e) => e.uid)).toContain(`rotation-${rotations.s1}@localhost`);
    expect((await unknown()).status).toBe(429);
  });
});

describe("a coordinator's own weekly events in the feed", () => {
  /** The Monday at least `days` from today, 15:00 UTC (9:00 or 10:00 in Chicago). */
  function mondayFrom(days: number) {
    const d = new Date(Date.now() + days * 86_400_000);
    d.setUTCDate(d.getUTCDate() + ((8 - d.getUTCDay()) % 7));
    d.setUTCHours(15, 0, 0, 0);
    return d;
  }
  const input = (startsAt: Date, title: string, count: number) => ({
    title,
    category: "orientation",
    startsAt: startsAt.toISOString(),
    endsAt: new Date(startsAt.getTime() + 2.5 * 3_600_000).toISOString(),
    timeZone: "America/Chicago",
    location: "Room 101, Building B; 2nd floor",
    description: "Bring your badge.",
    recurrence: { days: ["MO"], count },
    audience: "students",
  });

  it("is one VEVENT with its RRULE, in its zone, whose occurrences are the page's; its students see it, another program does not", async () => {
    const title = "Orientation, day 1; bring ID\nand badge 🏥";
    const created = await t.call("POST", "/api/calendar/events", {
      cookie: programA.cookie,
      body: input(mondayFrom(7), title, 6),
    });
    expect(created.status, created.text).toBe(201);
    // The answer is the event's first occurrence, in the contract the feed reads too.
    const uid = `${created.json.id}@localhost`;
    const body = (await readFeed((await newFeed(programA)).url)).text;
    const mine = vevents(body).filter((e) => e.uid === uid);
    expect(mine).toHaveLength(1);
    const [event] = mine;
    expect(text(event.summary)).toBe(title);
    expect(text(event.location)).toBe("Room 101, Building B; 2nd floor");
    expect(text(event.description)).toContain("Bring your badge.");
    expect(event.start.tz).toBe("America/Chicago");
    expect(body).toMatch(/BEGIN:VTIMEZONE\r\nTZID:America\/Chicago/);
    expect(event.rrule?.toString()).toContain("FREQ=WEEKLY");
    // The subscribed calendar repeats exactly what the page lists.
    const from = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const to = new Date(Date.now() + 120 * 86_400_000).toISOString().slice(0, 10);
    const page = await t.call("GET", `/api/calendar/events?from=${from}&to=${to}&kinds=custom`, {
      cookie: programA.cookie,
    });
    const listed = page.json.items.filter((e: { id: string }) => `${e.id}@localhost` === uid);
    expect(listed).toHaveLength(6);
    expect(event.rrule!.all().map((d) => d.toISOString())).toEqual(listed.map((e: { start: string }) => e.start));
    const duration = (event.end!.getTime() - event.start.getTime()) / 3_600_000;
    expect(duration).toBe(2.5);

    expect(vevents((await readFeed((await newFeed(studentA)).url)).text).map((e) => e.uid)).toContain(uid);
    expect(vevents((await readFeed((await newFeed(programB)).url)).text).map((e) => e.uid)).not.toContain(uid);

    // An edit raises SEQUENCE under the same UID.
    const id = listed[0].eventId as string;
    const edited = await t.call("PUT", `/api/calendar/events/${id}`, {
      cookie: programA.cookie,
      body: input(new Date(listed[0].start), "Orientation (moved room)", 6),
    });
    expect(edited.status, edited.text).toBe(200);
    const after = vevents((await readFeed((await newFeed(programA)).url)).text).find((e) => e.uid === uid)!;
    expect(Number(after.sequence)).toBeGreaterThan(Number(event.sequence));
    expect(text(after.summary)).toBe("Orientation (moved room)");

    // The single download is the same series.
    const one = await t.call("GET", `/api/calendar/events/event-${id}/ics`, { cookie: studentA.cookie });
    expect(one.status).toBe(200);
    const [download] = vevents(one.text);
    expect(download.uid).toBe(uid);
    expect(download.rrule!.all()).toHaveLength(6);
  });

  it("starts a series that began before the feed's window at its first occurrence, so COUNT still counts from there", async () => {
    const first = mondayFrom(-100);
    const created = await t.call("POST", "/api/calendar/events", {
      cookie: programA.cookie,
      body: input(first, "Weekly skills lab", 20),
    });
    expect(created.status, created.text).toBe(201);
    const body = (await readFeed((await newFeed(programA)).url)).text;
    const [lab] = vevents(body).filter((e) => text(e.summary) === "Weekly skills lab");
    expect(lab.start.toISOString()).toBe(first.toISOString());
    const all = lab.rrule!.all();
    expect(all).toHaveLength(20);
    expect(all[0].toISOString()).toBe(first.toISOString());
  });
});

describe("one event as .ics", () => {
  const path = (id: string) => `/api/calendar/events/${id}/ics`;

  it("downloads an event the caller may see as an attachment that parses back", async () => {
    const res = await t.call("GET", path(`rotation-${rotations.s1}`), { cookie: programA.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="[\w-]*Med-Surg-spring-[\w-]+\.ics"$/,
    );
    const [event] = vevents(res.text);
    expect(event.uid).toBe(`rotation-${rotations.s1}@localhost`);
    expect(vevents(res.text)).toHaveLength(1);
  });

  it("answers 404 for another program's event, another student's, an unknown or malformed id", async () => {
    for (const [user, id] of [
      [programB, `rotation-${rotations.s1}`],
      [studentA, `rotation-${rotations.s2}`],
      [programA, "rotation-00000000-0000-4000-8000-000000000000"],
      [programA, "nonsense"],
      [programA, "x".repeat(3000)],
    ] as const) {
      const res = await t.call("GET", path(id), { cookie: user.cookie });
      expect(res.status, id.slice(0, 50)).toBe(404);
      expect(res.json.error.code).toBe("not_found");
    }
  });
});
