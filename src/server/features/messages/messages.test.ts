import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../db/schema/messages";
import { createTestApp, type TestApp } from "../../testing/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const unread = (cookie?: string) => t.call("GET", "/api/messages/unread-count", { cookie });

describe("GET /api/messages/unread-count (the header bell's dot)", () => {
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
