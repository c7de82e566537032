import { type AddressInfo, createServer } from "node:net";
import { sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "../db/schema/mail";
import { createTestApp, TEST_APP_URL, type TestApp } from "../testing/harness";
import { loggablePath } from "./logger";

// Issue 8, item 7: no live secret at rest. Reset and invitation tokens and sign-up codes reach
// the recipient but neither the outbox table, nor the admin mailbox, nor the request log; Better
// Auth keeps reset tokens hashed.

/** Every text of every row of every table of ours: where a leaked secret would be. */
async function everyStoredText(t: TestApp): Promise<string> {
  const tables = (await t.deps.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  )) as unknown as { rows: { table_name: string }[] };
  const dumps: string[] = [];
  for (const { table_name } of tables.rows) {
    const rows = (await t.deps.db.execute(sql`select * from ${sql.identifier(table_name)}`)) as unknown as {
      rows: unknown[];
    };
    dumps.push(`${table_name}: ${JSON.stringify(rows.rows)}`);
  }
  return dumps.join("\n");
}

async function freePort() {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const resetTokenOf = (link: string) => new URL(link).pathname.split("/").pop()!;

describe("over SMTP: secrets leave, and are not kept", () => {
  let smtp: SMTPServer;
  let t: TestApp;
  const received: string[] = [];

  beforeAll(async () => {
    const port = await freePort();
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, _session, callback) {
        let raw = "";
        stream.on("data", (chunk: Buffer) => {
          raw += chunk.toString("utf8");
        });
        stream.on("end", () => {
          received.push(raw.replace(/=\r?\n/g, ""));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(port, "127.0.0.1", resolve));
    t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it("a reset mail: the SMTP server gets the token, no row holds it, and the link still works", async () => {
    const u = await t.createUser("program");
    const res = await t.call("POST", "/api/auth/request-password-reset", {
      body: { email: u.email, redirectTo: "/reset-password" },
      ip: t.nextIp(),
    });
    expect(res.status).toBe(200);
    const [mail] = await t.mailTo(u.email);
    const token = resetTokenOf(mail.link!);
    expect(token.length).toBeGreaterThan(10);
    await expect.poll(() => received.some((raw) => raw.includes(token))).toBe(true);

    const stored = await everyStoredText(t);
    expect(stored).toMatch(/^verifications: \[\{/m);
    expect(stored).not.toContain(token);
    const [row] = await t.deps.db.select().from(mailOutbox).where(sql`lower(${mailOutbox.to}) = ${u.email}`);
    expect(row.link).toMatch(/\/reset-password\/\[redacted\]/);
    expect(row.text).toContain("[redacted]");
    expect(row.html).toContain("[redacted]");

    // Hashed at rest, the token still resets the password.
    const follow = await t.call("GET", mail.link!.slice(TEST_APP_URL.length));
    expect(follow.headers.get("location")).toContain(`token=${token}`);
    const reset = await t.call("POST", "/api/auth/reset-password", {
      body: { newPassword: "Fresh-start-2026", token },
    });
    expect(reset.status).toBe(200);
    expect((await t.attemptSignIn(u.email, "Fresh-start-2026")).status).toBe(200);
  });

  it("an invitation mail: no row holds its token", async () => {
    const coordinator = await t.createUser("program");
    const add = await t.call("POST", "/api/students", {
      cookie: coordinator.cookie,
      body: { firstName: "Ivy", lastName: "Invite", email: "ivy.smtp@lakeside.edu" },
    });
    expect(add.status).toBe(201);
    const invite = await t.call("POST", `/api/students/${add.json.id}/invite`, { cookie: coordinator.cookie });
    expect(invite.status).toBe(200);
    const [mail] = await t.mailTo("ivy.smtp@lakeside.edu");
    const token = mail.link!.split("/").pop()!;
    await expect.poll(() => received.some((raw) => raw.includes(token))).toBe(true);
    expect(await everyStoredText(t)).not.toContain(token);
  });
});

describe("dev mailbox: the admin sees no live secret; the log keeps no token", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ captureLogs: true });
  });
  afterAll(async () => {
    await t.close();
  });

  it("GET /api/admin/mailbox shows reset mail with its token redacted, also for rows stored before", async () => {
    const superAdmin = await t.createUser("super_admin");
    const u = await t.createUser("facility");
    await t.call("POST", "/api/auth/request-password-reset", {
      body: { email: u.email, redirectTo: "/reset-password" },
      ip: t.nextIp(),
    });
    const [sent] = await t.mailTo(u.email);
    const token = resetTokenOf(sent.link!);
    // A row written before secrets were redacted (as older databases hold).
    const legacyToken = "LegacyToken1234567890abcd";
    await t.deps.db.insert(mailOutbox).values({
      to: u.email,
      subject: "Reset your Clinical Placement Portal password",
      text: `Choose a new password here: ${TEST_APP_URL}/api/auth/reset-password/${legacyToken}?callbackURL=%2Freset-password`,
      link: `${TEST_APP_URL}/api/auth/reset-password/${legacyToken}?callbackURL=%2Freset-password`,
      transport: "dev",
    });
    const res = await t.call("GET", `/api/admin/mailbox?to=${encodeURIComponent(u.email)}`, {
      cookie: superAdmin.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.json.items).toHaveLength(2);
    const body = JSON.stringify(res.json);
    expect(body).not.toContain(token);
    expect(body).not.toContain(legacyToken);
    for (const item of res.json.items) expect(item.link).toContain("/reset-password/[redacted]");
    expect(await everyStoredText(t)).not.toContain(token);
    // D11: the developer still finds the live link in the server log.
    expect(t.logs.some((l) => String(l.msg).startsWith("dev mailbox:") && String(l.msg).includes(token))).toBe(true);
  });

  it("a sign-up code is in the mail the student gets, not in the outbox", async () => {
    const coordinator = await t.createUser("program");
    const add = await t.call("POST", "/api/students", {
      cookie: coordinator.cookie,
      body: { firstName: "Cody", lastName: "Code", email: "cody.code@lakeside.edu" },
    });
    expect(add.status).toBe(201);
    const res = await t.call("POST", "/api/accounts/student-sign-up", {
      body: { email: "cody.code@lakeside.edu", fullName: "Cody Code" },
      ip: t.nextIp(),
    });
    expect(res.status).toBe(202);
    const [sent] = await t.mailTo("cody.code@lakeside.edu");
    const code = /code: (\d{6})/.exec(sent.subject)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await t.deps.db
      .select()
      .from(mailOutbox)
      .where(sql`lower(${mailOutbox.to}) = 'cody.code@lakeside.edu'`);
    expect(row.subject).toBe("Your Clinical Placement Portal code: [redacted]");
    expect(`${row.subject}${row.text}${row.html}`).not.toContain(code);
  });

  it("the request log of GET /api/invitations/<token> (and its accept) has no token", async () => {
    const coordinator = await t.createUser("program");
    const add = await t.call("POST", "/api/students", {
      cookie: coordinator.cookie,
      body: { firstName: "Lia", lastName: "Log", email: "lia.log@lakeside.edu" },
    });
    await t.call("POST", `/api/students/${add.json.id}/invite`, { cookie: coordinator.cookie });
    const [mail] = await t.mailTo("lia.log@lakeside.edu");
    const token = mail.link!.split("/").pop()!;
    expect((await t.call("GET", `/api/invitations/${token}`)).status).toBe(200);
    await t.call("POST", `/api/invitations/${token}/accept`, { body: { password: "x" } });
    const requests = t.logs.filter((l) => l.msg === "request" && String(l.path).startsWith("/api/invitations/"));
    expect(requests.map((l) => l.path)).toEqual(["/api/invitations/[token]", "/api/invitations/[token]/accept"]);
    const requestLines = JSON.stringify(t.logs.filter((l) => l.msg === "request"));
    expect(requestLines).not.toContain(token);
  });
});

describe("loggablePath", () => {
  it("cuts tokens in paths and secret query parameters", () => {
    expect(loggablePath("/api/invitations/abcDEF123_-")).toBe("/api/invitations/[token]");
    expect(loggablePath("/api/invitations/abc/accept")).toBe("/api/invitations/[token]/accept");
    expect(loggablePath("/api/auth/reset-password/tok123")).toBe("/api/auth/reset-password/[token]");
    expect(loggablePath("/api/auth/verify-email?token=eyJhbGc&callbackURL=%2F")).toBe(
      "/api/auth/verify-email?token=[redacted]&callbackURL=%2F",
    );
    expect(loggablePath("/reset-password?token=abc")).toBe("/reset-password?token=[redacted]");
    expect(loggablePath("/api/students/3f1c")).toBe("/api/students/3f1c");
  });
});
