import { sql } from "drizzle-orm";
import { getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/harness";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "./data";
import { DEMO_EVALUATION_COMMENT } from "./rotation-records";
import { seedDemoWorld } from "./seed";

// The demo world's rotation records (issue 17): the demo student's rotation has hours in each state
// and the preceptor's evaluation, another rotation of the demo program is complete, and the demo
// program reads both on Rotation Records and in the record PDF. Deterministic: seeding twice on
// two databases gives the same figures.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoWorld(t.deps);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.deps.db.execute(q)) as unknown as { rows: T[] }).rows;

describe("the demo world's rotation records", () => {
  it("gives the demo student's rotation hours in every state and a submitted evaluation", async () => {
    const hours = await rows<{ status: string; n: number }>(sql`
      select h.status, count(*)::int as n from hour_logs h
      join student_users su on su.student_id = h.student_id join users u on u.id = su.user_id
      where u.email = ${DEMO_ACCOUNTS.student.email} group by 1 order by 1`);
    expect(hours.map((h) => h.status).sort()).toEqual(["approved", "returned", "submitted"]);
    const evaluations = await rows<{ status: string }>(sql`
      select e.status from evaluations e
      join student_users su on su.student_id = e.student_id join users u on u.id = su.user_id
      where u.email = ${DEMO_ACCOUNTS.student.email}`);
    expect(evaluations.map((e) => e.status)).toContain("submitted");
  });

  it("the demo program sees complete and incomplete rotations and downloads the demo student's record", async () => {
    const cookie = await t.signIn(DEMO_ACCOUNTS.program.email, DEMO_PASSWORD);
    const list = await t.call("GET", "/api/rotations/records?search=Emily%20Carter", { cookie });
    expect(list.status).toBe(200);
    expect(list.json.counts.endedComplete).toBeGreaterThanOrEqual(1);
    expect(list.json.counts.endedIncomplete).toBeGreaterThanOrEqual(1);
    const mine = list.json.items.find((r: { approvedMinutes: number }) => r.approvedMinutes > 0);
    // Her program requires 90 h, or 120 h of an ICU rotation (the hours seed's requirements).
    expect(mine).toMatchObject({ studentName: "Emily Carter", evaluationsSubmitted: 1 });
    expect([90, 120]).toContain(mine.requiredHours);
    const res = await t.app.request(`/api/rotations/${mine.id}/record.pdf`, { headers: { cookie } });
    expect(res.status).toBe(200);
    const doc = await getDocumentProxy(new Uint8Array(await res.arrayBuffer()), { verbosity: 0 });
    let text = "";
    for (let n = 1; n <= doc.numPages; n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      text += content.items.map((i) => ("str" in i ? i.str : "")).join(" ");
    }
    text = text.replace(/\s+/g, " ");
    expect(text).toContain("Emily Carter");
    expect(text).toContain(`${mine.approvedMinutes / 60} h of ${mine.requiredHours} required`);
    expect(text).toContain(DEMO_EVALUATION_COMMENT);
  });
});
