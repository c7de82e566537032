import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestUser } from "../../testing/harness";

// Issue 9, "live updates that never drop": every event reaches every open stream of its recipient,
// in order and once, on one instance and across two on PostgreSQL, while the server is busy; and a
// stream that reconnects with Last-Event-ID gets exactly what it missed.

const SENT = 200;
const STREAMS = 5;
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

type SseEvent = { event: string; id: string | null; data: unknown };

/** Reads an event stream over HTTP in the background, keeping every event (pings included). */
async function openStream(url: string, user: TestUser, opts: { lastEventId?: string; query?: string } = {}) {
  const controller = new AbortController();
  const headers: Record<string, string> = { cookie: user.cookie };
  if (opts.lastEventId) headers["last-event-id"] = opts.lastEventId;
  const res = await fetch(`${url}/api/events${opts.query ?? ""}`, { headers, signal: controller.signal });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const events: SseEvent[] = [];
  const waiters = new Set<() => void>();
  let ended = false;
  let buffer = "";
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let cut = buffer.indexOf("\n\n");
        while (cut >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          let event = "message";
          let id: string | null = null;
          let data = "";
          for (const line of block.split("\n")) {
            if (line.startsWith("event:")) event = line.slice(6).trim();
            else if (line.startsWith("id:")) id = line.slice(3).trim();
            else if (line.startsWith("data:")) data += line.slice(5).trim();
          }
          events.push({ event, id, data: data ? JSON.parse(data) : null });
          cut = buffer.indexOf("\n\n");
        }
        for (const w of waiters) w();
      }
    } catch {
      // aborted by close()
    } finally {
      ended = true;
      for (const w of waiters) w();
    }
  })();

  /** Waits (generous deadline) until `enough(events)` holds; returns whether it did. */
  async function waitFor(enough: (events: SseEvent[]) => boolean, ms = 60_000) {
    const deadline = Date.now() + ms;
    while (!enough(events) && !ended && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, Math.max(0, deadline - Date.now()));
        function done() {
          clearTimeout(timer);
          waiters.delete(done);
          resolve();
        }
        waiters.add(done);
      });
    }
    return enough(events);
  }
  const of = (type: string) => events.filter((e) => e.event === type);
  if (!(await waitFor((e) => e.some((x) => x.event === "ready"), 10_000))) throw new Error("no 'ready' event");
  return {
    events,
    of,
    waitFor,
    /** The id of the last event received that carries one. */
    lastId: () => [...events].reverse().find((e) => e.id)?.id ?? null,
    close: async () => {
      controller.abort();
      await reader.cancel().catch(() => undefined);
    },
  };
}

type Stream = Awaited<ReturnType<typeof openStream>>;

function listen(t: TestApp, servers: ReturnType<typeof serve>[]) {
  return new Promise<string>((resolve) => {
    const server = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) =>
      resolve(`http://127.0.0.1:${info.port}`),
    );
    servers.push(server);
  });
}

async function stopServers(servers: ReturnType<typeof serve>[]) {
  for (const server of servers) {
    (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
    await new Promise((r) => server.close(() => r(undefined)));
  }
}

async function send(url: string, from: TestUser, to: TestUser, subject: string) {
  const res = await fetch(`${url}/api/messages`, {
    method: "POST",
    headers: { cookie: from.cookie, "content-type": "application/json" },
    body: JSON.stringify({ recipientId: to.userId, subject, content: `${subject}: details inside` }),
  });
  if (res.status !== 201) throw new Error(`send failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { item: { id: string } }).item.id;
}

/** Runs `count` sends with `concurrency` in flight; returns the message ids. */
async function sendMany(urls: string[], from: TestUser, to: TestUser, count: number, concurrency = 8) {
  const ids: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        ids.push(await send(urls[i % urls.length], from, to, `Load ${i}`));
      }
    }),
  );
  return ids;
}

/** Keeps the server busy with concurrent API requests until the returned stop() is called. */
function loadOn(urls: string[], users: TestUser[], workers = 12) {
  let running = true;
  let requests = 0;
  const paths = ["/api/messages?box=inbox", "/api/messages?box=sent", "/api/health", "/api/placements"];
  const done = Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      let i = w;
      while (running) {
        const user = users[i % users.length];
        const res = await fetch(`${urls[i % urls.length]}${paths[i % paths.length]}`, {
          headers: { cookie: user.cookie },
        }).catch(() => null);
        await res?.arrayBuffer().catch(() => undefined);
        requests += 1;
        i += 1;
      }
    }),
  );
  return async () => {
    running = false;
    await done;
    return requests;
  };
}

/** What a stream heard of the sent messages: counts, order, duplicates. */
function tally(stream: Stream, sent: string[]) {
  const created = stream.of("message.created");
  const heard = created.map((e) => (e.data as { id: string }).id);
  const wanted = new Set(sent);
  const ids = created.map((e) => Number(e.id));
  return {
    received: heard.filter((id) => wanted.has(id)).length,
    distinct: new Set(heard).size,
    missing: sent.filter((id) => !heard.includes(id)).length,
    inOrder: ids.every((id, i) => Number.isSafeInteger(id) && (i === 0 || id > ids[i - 1])),
  };
}

describe(`${SENT} events to ${STREAMS} open streams of one recipient, under load (${onPostgres ? "two instances on PostgreSQL" : "one instance on PGlite"})`, () => {
  let a: TestApp;
  let b: TestApp | null = null;
  const servers: ReturnType<typeof serve>[] = [];
  let urls: string[];
  beforeAll(async () => {
    a = await createTestApp();
    if (onPostgres) b = await createTestApp({ sameDatabaseAs: a });
    urls = [await listen(a, servers)];
    if (b) urls.push(await listen(b, servers));
  });
  afterAll(async () => {
    await stopServers(servers);
    await b?.close();
    await a.close();
  });

  it("every stream hears every event, in order, once", async () => {
    const coordinator = await a.createUser("program");
    const student = await a.createUser("student", { organizationId: coordinator.organizationId! });
    const others = [await a.createUser("facility"), await a.createUser("program")];
    const streams: Stream[] = [];
    try {
      for (let i = 0; i < STREAMS; i++) streams.push(await openStream(urls[i % urls.length], student));
      const stopLoad = loadOn(urls, [student, coordinator, ...others]);
      let sent: string[] = [];
      let requests = 0;
      try {
        sent = await sendMany(urls, coordinator, student, SENT);
      } finally {
        requests = await stopLoad();
      }
      expect(sent).toHaveLength(SENT);
      await Promise.all(
        streams.map((s) => s.waitFor((e) => e.filter((x) => x.event === "message.created").length >= SENT)),
      );
      const figures = streams.map((s) => tally(s, sent));
      console.info(
        `delivery under load (${requests} concurrent requests): ${figures.map((f) => `${f.received}/${SENT}`).join(", ")}`,
      );
      for (const f of figures) expect(f).toEqual({ received: SENT, distinct: SENT, missing: 0, inOrder: true });
    } finally {
      for (const s of streams) await s.close();
    }
  }, 120_000);

  it("a stream that reconnects with Last-Event-ID gets exactly what it missed, then goes on live", async () => {
    const coordinator = await a.createUser("program");
    const student = await a.createUser("student", { organizationId: coordinator.organizationId! });
    const first = await openStream(urls[0], student);
    let second: Stream | null = null;
    let third: Stream | null = null;
    try {
      const before = await sendMany(urls, coordinator, student, 5, 1);
      expect(await first.waitFor((e) => e.filter((x) => x.event === "message.created").length >= 5, 10_000)).toBe(true);
      const last = first.lastId();
      expect(last).toMatch(/^\d+$/);
      await first.close();

      // Missed while disconnected, sent through every instance.
      const missed = await sendMany(urls, coordinator, student, 7, 1);
      second = await openStream(urls[urls.length - 1], student, { lastEventId: last! });
      expect(
        await second.waitFor((e) => e.filter((x) => x.event === "message.created").length >= missed.length, 10_000),
      ).toBe(true);
      // Then live: one more after the replay.
      const live = await send(urls[0], coordinator, student, "Live after replay");
      expect(await second.waitFor((e) => e.filter((x) => x.event === "message.created").length >= 8, 10_000)).toBe(
        true,
      );
      await new Promise((r) => setTimeout(r, 200));
      const heard = second.of("message.created").map((e) => (e.data as { id: string }).id);
      expect(heard).toEqual([...missed, live]);
      expect(heard.some((id) => before.includes(id))).toBe(false);
      const ids = second.of("message.created").map((e) => Number(e.id));
      expect(ids.every((id, i) => i === 0 || id > ids[i - 1])).toBe(true);
      expect(ids[0]).toBeGreaterThan(Number(last));

      // The first connection of a page (EventSource cannot set the header then) passes ?lastEventId=.
      third = await openStream(urls[0], student, { query: `?lastEventId=${last}` });
      expect(await third.waitFor((e) => e.filter((x) => x.event === "message.created").length >= 8, 10_000)).toBe(true);
      expect(third.of("message.created").map((e) => (e.data as { id: string }).id)).toEqual([...missed, live]);
    } finally {
      await first.close();
      await second?.close();
      await third?.close();
    }
  }, 60_000);

  it("a stream that keeps dropping and reconnecting with Last-Event-ID (across instances) misses nothing", async () => {
    const coordinator = await a.createUser("program");
    const student = await a.createUser("student", { organizationId: coordinator.organizationId! });
    const heard: SseEvent[] = [];
    let last: string | null = null;
    let connections = 0;
    let sending = true;
    let sentAt = 0;
    // The page's side: like EventSource, reconnect at once with the last id seen, each time elsewhere.
    const page = (async () => {
      // After the last send, at most 10 s more of reconnects to hear the rest.
      while (sending || (heard.length < SENT / 2 && Date.now() - sentAt < 10_000)) {
        const stream = await openStream(urls[connections % urls.length], student, last ? { lastEventId: last } : {});
        connections += 1;
        // Drop after a few events (or a short while): sends keep landing in between connections.
        await stream.waitFor((e) => e.filter((x) => x.event === "message.created").length >= 7, 150);
        await stream.close();
        heard.push(...stream.of("message.created"));
        last = stream.lastId() ?? last;
      }
    })();
    let sent: string[] = [];
    try {
      sent = await sendMany(urls, coordinator, student, SENT / 2, 4);
    } finally {
      sentAt = Date.now();
      sending = false;
      await page;
    }
    const ids = heard.map((e) => (e.data as { id: string }).id);
    console.info(`reconnect storm: ${connections} connections, ${new Set(ids).size}/${sent.length} events heard`);
    expect(ids.filter((id) => sent.includes(id))).toHaveLength(sent.length);
    expect(new Set(ids).size).toBe(ids.length);
    const order = heard.map((e) => Number(e.id));
    expect(order.every((id, i) => i === 0 || id > order[i - 1])).toBe(true);
  }, 120_000);

  it("an event too large for a NOTIFY payload still arrives (from the table); a rolled-back one never does", async () => {
    const student = await a.createUser("student");
    const stream = await openStream(urls[urls.length - 1], student);
    try {
      await a.deps.db
        .transaction(async (tx) => {
          await a.deps.realtime.publish(tx, { userId: student.userId, type: "message.created", data: { id: "never" } });
          throw new Error("rolled back");
        })
        .catch(() => undefined);
      const note = "x".repeat(9000);
      await a.deps.realtime.publish(a.deps.db, {
        userId: student.userId,
        type: "message.created",
        data: { id: "big", note },
      });
      expect(await stream.waitFor((e) => e.some((x) => x.event === "message.created"), 10_000)).toBe(true);
      await new Promise((r) => setTimeout(r, 200));
      expect(stream.of("message.created").map((e) => (e.data as { id: string; note: string }).note)).toEqual([note]);
    } finally {
      await stream.close();
    }
  }, 30_000);

  it("several events published in one statement arrive in order, each to its own user, one large among them", async () => {
    const student = await a.createUser("student");
    const other = await a.createUser("student");
    const mine = await openStream(urls[0], student);
    const theirs = await openStream(urls[urls.length - 1], other);
    try {
      const note = "y".repeat(9000);
      await a.deps.db.transaction(async (tx) => {
        await a.deps.realtime.publish(tx, [
          { userId: student.userId, type: "message.created", data: { id: "one" } },
          { userId: other.userId, type: "message.created", data: { id: "theirs" } },
          { userId: student.userId, type: "message.created", data: { id: "two", note } },
          { userId: student.userId, type: "message.created", data: { id: "three" } },
        ]);
      });
      expect(await mine.waitFor((e) => e.filter((x) => x.event === "message.created").length >= 3, 10_000)).toBe(true);
      expect(await theirs.waitFor((e) => e.some((x) => x.event === "message.created"), 10_000)).toBe(true);
      const heard = mine.of("message.created");
      expect(heard.map((e) => (e.data as { id: string }).id)).toEqual(["one", "two", "three"]);
      expect((heard[1].data as { note: string }).note).toBe(note);
      const ids = heard.map((e) => Number(e.id));
      expect(ids[0] < ids[1] && ids[1] < ids[2]).toBe(true);
      expect(theirs.of("message.created").map((e) => (e.data as { id: string }).id)).toEqual(["theirs"]);
    } finally {
      await mine.close();
      await theirs.close();
    }
  }, 30_000);

  it("a new stream without Last-Event-ID replays nothing, and events of other users never show", async () => {
    const coordinator = await a.createUser("program");
    const student = await a.createUser("student", { organizationId: coordinator.organizationId! });
    const other = await a.createUser("student", { organizationId: coordinator.organizationId! });
    await send(urls[0], coordinator, student, "Before the stream");
    const stream = await openStream(urls[0], student);
    try {
      // An id far behind (another user's events lie in between): only this user's are replayed.
      const otherStream = await openStream(urls[0], other, { lastEventId: "0" });
      await send(urls[0], coordinator, other, "For the other one");
      expect(await otherStream.waitFor((e) => e.filter((x) => x.event === "message.created").length >= 1, 10_000)).toBe(
        true,
      );
      await otherStream.close();
      const mine = await send(urls[0], coordinator, student, "After the stream");
      expect(await stream.waitFor((e) => e.some((x) => x.event === "message.created"), 10_000)).toBe(true);
      await new Promise((r) => setTimeout(r, 200));
      expect(stream.of("message.created").map((e) => (e.data as { id: string }).id)).toEqual([mine]);
      expect(otherStream.of("message.created").map((e) => (e.data as { id: string }).id)).toHaveLength(1);
    } finally {
      await stream.close();
    }
  }, 30_000);
});
