import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestUser } from "../../testing/harness";

// Live messages: a message sent reaches the recipient's open event stream (GET /api/events, Server-
// Sent Events fed by PostgreSQL LISTEN/NOTIFY), on the instance that stored it and on any other
// instance sharing the database.

type SseEvent = { event: string; data: unknown };

/** Reads an event stream's body and hands out its events in order. */
function eventReader(res: Response) {
  if (!res.body) throw new Error("no event stream body");
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  const events: SseEvent[] = [];

  async function readMore() {
    const { value, done } = await reader.read();
    if (done) throw new Error("event stream ended");
    buffer += decoder.decode(value, { stream: true });
    let cut = buffer.indexOf("\n\n");
    while (cut >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      let event = "message";
      let data = "";
      for (const line of block.split("\n")) {
        if (line.startsWith("event:")) event = line.slice(6).trim();
        else if (line.startsWith("data:")) data += line.slice(5).trim();
      }
      events.push({ event, data: data ? JSON.parse(data) : null });
      cut = buffer.indexOf("\n\n");
    }
  }

  return {
    /** The next event of type `type` (others, such as pings, are skipped); fails after `ms`. */
    async next(type: string, ms = 5000): Promise<SseEvent> {
      const deadline = Date.now() + ms;
      for (;;) {
        const i = events.findIndex((e) => e.event === type);
        if (i >= 0) return events.splice(i, 1)[0];
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no '${type}' event within ${ms} ms`);
        let timer: ReturnType<typeof setTimeout> | undefined;
        await Promise.race([
          readMore(),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error(`no '${type}' event within ${ms} ms`)), left);
          }),
        ]).finally(() => clearTimeout(timer));
      }
    },
    /** Events received so far and not yet taken. */
    pending: () => events.filter((e) => e.event !== "ping"),
    cancel: () => reader.cancel().catch(() => undefined),
  };
}

/** One signed-in user's event stream through an app (in process) or a URL (over HTTP). */
async function openEvents(target: TestApp | string, user: TestUser) {
  const controller = new AbortController();
  const init = { headers: { cookie: user.cookie }, signal: controller.signal };
  const res =
    typeof target === "string"
      ? await fetch(`${target}/api/events`, init)
      : await target.app.request("/api/events", init);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
  const events = eventReader(res);
  await events.next("ready");
  return {
    ...events,
    close: async () => {
      await events.cancel();
      controller.abort();
    },
  };
}

const body = (recipient: TestUser, subject: string) => ({
  recipientId: recipient.userId,
  subject,
  content: `${subject}: details inside`,
});

describe("one instance (PGlite by default): GET /api/events carries message events", () => {
  let t: TestApp;
  let student: TestUser;
  let coordinator: TestUser;
  let outsider: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    coordinator = await t.createUser("program");
    student = await t.createUser("student", { organizationId: coordinator.organizationId! });
    outsider = await t.createUser("student");
  });
  afterAll(async () => {
    await t.close();
  });

  it("the recipient's stream hears 'message.created' and then 'message.read'; nobody else's does", async () => {
    const theirs = await openEvents(t, student);
    const others = await openEvents(t, outsider);
    const senders = await openEvents(t, coordinator);
    try {
      const res = await t.call("POST", "/api/messages", {
        cookie: coordinator.cookie,
        body: body(student, "Orientation"),
      });
      expect(res.status).toBe(201);
      const created = await theirs.next("message.created");
      expect(created.data).toEqual({ id: res.json.item.id });

      const read = await t.call("POST", `/api/messages/${res.json.item.id}/read`, { cookie: student.cookie });
      expect(read.status).toBe(200);
      expect((await theirs.next("message.read")).data).toEqual({ id: res.json.item.id });

      // The outsider and the sender heard nothing (their streams are still open and quiet).
      await new Promise((r) => setTimeout(r, 100));
      expect(others.pending()).toEqual([]);
      expect(senders.pending()).toEqual([]);
    } finally {
      await Promise.all([theirs.close(), others.close(), senders.close()]);
    }
  });

  it("401 without a session", async () => {
    const res = await t.app.request("/api/events");
    expect(res.status).toBe(401);
  });
});

describe("two server instances on one PostgreSQL database", () => {
  it("a message sent through instance A reaches an event stream on instance B within a second, and back", async (ctx) => {
    if (!process.env.TEST_DATABASE_URL)
      ctx.skip(
        "needs PostgreSQL: LISTEN/NOTIFY across server processes. Run with TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres",
      );
    const a = await createTestApp();
    const b = await createTestApp({ sameDatabaseAs: a });
    const servers: ReturnType<typeof serve>[] = [];
    const listen = (t: TestApp) =>
      new Promise<string>((resolve) => {
        const server = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) =>
          resolve(`http://127.0.0.1:${info.port}`),
        );
        servers.push(server);
      });
    const streams: Awaited<ReturnType<typeof openEvents>>[] = [];
    try {
      const [urlA, urlB] = await Promise.all([listen(a), listen(b)]);
      expect(a.deps.database.kind).toBe("postgres");
      expect(b.deps.database).not.toBe(a.deps.database); // its own pool and LISTEN connection

      const coordinator = await a.createUser("program");
      const student = await a.createUser("student", { organizationId: coordinator.organizationId! });

      const post = (url: string, from: TestUser, to: TestUser, subject: string) =>
        fetch(`${url}/api/messages`, {
          method: "POST",
          headers: { cookie: from.cookie, "content-type": "application/json" },
          body: JSON.stringify(body(to, subject)),
        });

      // A → B: the student listens on B; the coordinator sends through A.
      const onB = await openEvents(urlB, student);
      streams.push(onB);
      let started = performance.now();
      const res = await post(urlA, coordinator, student, "Clinical schedule");
      expect(res.status).toBe(201);
      const sent = (await res.json()) as { item: { id: string } };
      const created = await onB.next("message.created", 1000);
      const aToB = performance.now() - started;
      expect(created.data).toEqual({ id: sent.item.id });

      // The student, still on B, reads it there; B → A for the reply: the coordinator listens on A.
      const list = await fetch(`${urlB}/api/messages?box=inbox`, { headers: { cookie: student.cookie } });
      const inbox = (await list.json()) as { items: { id: string; subject: string }[] };
      expect(inbox.items.map((m) => m.subject)).toEqual(["Clinical schedule"]);

      const onA = await openEvents(urlA, coordinator);
      streams.push(onA);
      started = performance.now();
      const reply = await post(urlB, student, coordinator, "Re: Clinical schedule");
      expect(reply.status).toBe(201);
      const replied = (await reply.json()) as { item: { id: string } };
      expect((await onA.next("message.created", 1000)).data).toEqual({ id: replied.item.id });
      const bToA = performance.now() - started;

      // Figures, not assertions beyond the one-second limit above.
      console.info(`live message across instances: A→B ${aToB.toFixed(0)} ms, B→A ${bToA.toFixed(0)} ms`);
    } finally {
      for (const s of streams) await s.close();
      for (const server of servers) {
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
        await new Promise((r) => server.close(() => r(undefined)));
      }
      await b.close();
      await a.close();
    }
  });
});

describe("a stream lives only as long as its session (issue 8, item 11)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("signing out ends that session's open stream with 'signed-out'; the user's other sessions keep theirs", async () => {
    const sender = await t.createUser("program");
    const user = await t.createUser("student", { organizationId: sender.organizationId! });
    const otherDevice = { ...user, cookie: await t.signIn(user.email, user.password) };
    const stream = await openEvents(t, user);
    const other = await openEvents(t, otherDevice);
    try {
      const out = await t.call("POST", "/api/auth/sign-out", { cookie: user.cookie, body: {} });
      expect(out.status).toBe(200);
      await stream.next("signed-out", 3000);
      // Nothing more is delivered on the ended stream, while the other device's still hears events.
      const sent = await t.call("POST", "/api/messages", {
        cookie: sender.cookie,
        body: body(user, "After sign-out"),
      });
      expect(sent.status).toBe(201);
      await other.next("message.created");
      await new Promise((r) => setTimeout(r, 100));
      expect(stream.pending()).toEqual([]);
    } finally {
      await Promise.all([stream.close(), other.close()]);
    }
  });

  it("signing out of all devices ends every stream of the user", async () => {
    const user = await t.createUser("facility");
    const second = { ...user, cookie: await t.signIn(user.email, user.password) };
    const a = await openEvents(t, user);
    const b = await openEvents(t, second);
    try {
      expect((await t.call("POST", "/api/auth/revoke-sessions", { cookie: user.cookie, body: {} })).status).toBe(200);
      await a.next("signed-out", 3000);
      await b.next("signed-out", 3000);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it("rejecting an organization ends its members' streams", async () => {
    const member = await t.createUser("facility");
    const admin = await t.createUser("admin");
    const stream = await openEvents(t, member);
    try {
      const res = await t.call("POST", `/api/admin/organizations/${member.organizationId}/reject`, {
        cookie: admin.cookie,
      });
      expect(res.status).toBe(200);
      await stream.next("signed-out", 3000);
    } finally {
      await stream.close();
    }
  });
});
