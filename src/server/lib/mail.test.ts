import { type AddressInfo, createServer } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/harness";

// D11 over real SMTP: a local SMTP server (smtp-server) receives what the portal sends.
let smtp: SMTPServer;
let port: number;
const received: { to: string[]; raw: string }[] = [];
let t: TestApp;

async function freePort() {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port: p } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return p;
}

beforeAll(async () => {
  port = await freePort();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => {
        raw += chunk.toString("utf8");
      });
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
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

describe("mail over SMTP", () => {
  it("sends the password reset mail to the SMTP server, with its link", async () => {
    const u = await t.createUser("program");
    const res = await t.call("POST", "/api/auth/request-password-reset", {
      body: { email: u.email, redirectTo: "/reset-password" },
      headers: { origin: "http://localhost:3000" },
    });
    expect(res.status).toBe(200);
    await expect.poll(() => received.length).toBeGreaterThan(0);
    const mail = received.at(-1)!;
    expect(mail.to).toEqual([u.email]);
    expect(mail.raw).toContain("Subject: Reset your Clinical Placement Portal password");
    expect(mail.raw.replace(/=\r?\n/g, "")).toContain("/api/auth/reset-password/");
  });

  it("keeps no dev mailbox when SMTP is configured", async () => {
    const admin = await t.createUser("super_admin");
    const res = await t.call("GET", "/api/admin/mailbox", { cookie: admin.cookie });
    expect(res.status).toBe(404);
  });
});
