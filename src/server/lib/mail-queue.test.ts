import { type AddressInfo, createServer } from "node:net";
import { eq, sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs } from "../db/schema/jobs";
import { adminAccessRequests } from "../db/schema/organizations";
import { createApplication } from "../factories/applications";
import { createPlacement } from "../factories/placements";
import { createTestApp, type TestApp } from "../testing/harness";
import { enqueueMail, enqueueMails, MAIL_SEND } from "./mail-queue";

// Issue 12: mail about a committed decision goes through the job queue (ADR 015). While the SMTP
// server refuses, the decision still answers 200 and the mail waits for a retry; once the server
// accepts again, the retry delivers it, once.

let smtp: SMTPServer;
let refusing = true;
const received: { to: string[]; raw: string }[] = [];
let t: TestApp;

async function freePort() {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

beforeAll(async () => {
  const port = await freePort();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onMailFrom(_address, _session, callback) {
      if (!refusing) return callback();
      const err = Object.assign(new Error("Service not available, try again later"), { responseCode: 421 });
      callback(err);
    },
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

const receivedBy = (email: string) => received.filter((m) => m.to.includes(email));
/** The backoff has passed: make every waiting job due now. */
const fastForward = () =>
  t.deps.db.update(jobs).set({ runAt: sql`now()` }).where(sql`completed_at is null and failed_at is null`);

describe("decision mail while the SMTP server refuses", () => {
  it("the decision answers 200; the mail is retried and delivered once when the server accepts again", async () => {
    refusing = true;
    const facility = await t.createUser("facility");
    const program = await t.createUser("program");
    const student = await t.createUser("student", { organizationId: program.organizationId! });
    const placement = await createPlacement(t.deps.db, facility.organizationId!, { title: "Refused Mail Ward" });
    const application = await createApplication(
      t.deps.db,
      { id: student.studentId!, programId: program.organizationId! },
      placement.id,
    );

    const res = await t.call("POST", `/api/facility/applications/${application.id}/approve`, {
      cookie: facility.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.json.status).toBe("approved");

    // The runner tries: the server refuses; the jobs wait for a retry with the error noted.
    expect(await t.drainJobs()).toBe(2);
    const waiting = await t.deps.db.select().from(jobs).where(eq(jobs.kind, MAIL_SEND));
    expect(waiting).toHaveLength(2);
    for (const job of waiting) {
      expect(job).toMatchObject({ attempts: 1, completedAt: null, failedAt: null });
      expect(job.lastError).toMatch(/421|not available/);
      expect(job.runAt.getTime()).toBeGreaterThan(Date.now());
    }
    expect(receivedBy(program.email)).toHaveLength(0);
    expect(receivedBy(student.email)).toHaveLength(0);

    // Still refusing at the first retry.
    await fastForward();
    expect(await t.drainJobs()).toBe(2);
    expect(received).toHaveLength(0);

    refusing = false;
    await fastForward();
    expect(await t.drainJobs()).toBe(2);
    expect(receivedBy(program.email)).toHaveLength(1);
    expect(receivedBy(program.email)[0].raw).toContain("Subject: Application approved");
    expect(receivedBy(student.email)).toHaveLength(1);
    expect(receivedBy(student.email)[0].raw).toContain("Subject: Your application to Refused Mail Ward: Approved");
    // Done: draining again sends nothing more.
    await fastForward();
    expect(await t.drainJobs()).toBe(0);
    expect(received).toHaveLength(2);
  });

  it("an access-request decision answers 200 too (it answered 500 when mail was sent in the request)", async () => {
    refusing = true;
    received.length = 0;
    const superAdmin = await t.createUser("super_admin");
    const requester = await t.createUser("none");
    const [request] = await t.deps.db
      .insert(adminAccessRequests)
      .values({ userId: requester.userId, organizationName: "State Board" })
      .returning();
    const res = await t.call("POST", `/api/admin/access-requests/${request.id}/approve`, { cookie: superAdmin.cookie });
    expect(res.status).toBe(200);
    await t.drainJobs();
    expect(received).toHaveLength(0);
    refusing = false;
    await fastForward();
    await t.drainJobs();
    expect(receivedBy(requester.email)).toHaveLength(1);
    expect(receivedBy(requester.email)[0].raw).toContain("Subject: Your administrator access was approved");
  });
});

describe("enqueueMail", () => {
  it("refuses a mail that carries a secret: its payload would be stored", async () => {
    expect(() =>
      enqueueMail(t.deps.db, { to: "x@test.dev", subject: "Reset", text: "token abc", secrets: ["abc"] } as never),
    ).toThrow(/never queued/);
  });
});

describe("enqueueMails (several notices in one statement)", () => {
  it("queues each mail as its own job, delivered once each; refuses a batch holding a secret", async () => {
    refusing = false;
    received.length = 0;
    const to = ["first.batch@test.dev", "second.batch@test.dev", "third.batch@test.dev"];
    await enqueueMails(
      t.deps.db,
      to.map((address, i) => ({ to: address, subject: `Batch notice ${i}`, text: `Notice ${i}` })),
    );
    await t.drainJobs();
    for (const [i, address] of to.entries()) {
      expect(receivedBy(address)).toHaveLength(1);
      expect(receivedBy(address)[0].raw).toContain(`Subject: Batch notice ${i}`);
    }
    await expect(
      enqueueMails(t.deps.db, [
        { to: "fine@test.dev", subject: "Fine", text: "fine" },
        { to: "x@test.dev", subject: "Reset", text: "token abc", secrets: ["abc"] } as never,
      ]),
    ).rejects.toThrow(/never queued/);
    const queuedFine = await t.deps.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(sql`${jobs.payload} ->> 'to' = 'fine@test.dev'`);
    expect(queuedFine).toHaveLength(0);
  });
});
