import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/harness";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "./data";
import { seedDemoWorld } from "./seed";

// The demo world's evaluations (issue 17), as the demo accounts see them through the API.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoWorld(t.deps);
}, 120_000);
afterAll(async () => {
  await t.close();
});

const signIn = (who: keyof typeof DEMO_ACCOUNTS) => t.signIn(DEMO_ACCOUNTS[who].email, DEMO_PASSWORD);

describe("the demo world's evaluations", () => {
  it("the program sees both kinds in every state, a form of its own, midpoint evaluations on", async () => {
    const cookie = await signIn("program");
    for (const kind of ["student", "site"]) {
      const res = await t.call("GET", `/api/evaluations?kind=${kind}`, { cookie });
      expect(res.status).toBe(200);
      for (const status of ["open", "due_soon", "overdue", "submitted"]) {
        expect(res.json.byStatus[status], `${kind} ${status}`).toBeGreaterThan(0);
      }
    }
    const forms = await t.call("GET", "/api/evaluations/forms", { cookie });
    expect(forms.json.items).toHaveLength(1);
    expect(forms.json.items[0]).toMatchObject({ kind: "student", active: true });
    const settings = await t.call("GET", "/api/evaluations/settings", { cookie });
    expect(settings.json).toMatchObject({ midpoint: true, dueDays: 7 });
  });

  it("the facility's anonymous summary shows (five or more submitted)", async () => {
    const cookie = await signIn("facility");
    const res = await t.call("GET", "/api/evaluations/site-summary", { cookie });
    expect(res.json.shown).toBe(true);
    expect(res.json.submitted).toBeGreaterThanOrEqual(5);
    const assigned = await t.call("GET", "/api/evaluations/assigned?status=open", { cookie });
    expect(assigned.json.total).toBeGreaterThan(0);
  });

  it("the demo student has a submitted evaluation of her and an open site evaluation", async () => {
    const cookie = await signIn("student");
    const res = await t.call("GET", "/api/me/student/evaluations", { cookie });
    const items = res.json.items as { kind: string; status: string }[];
    expect(items.some((i) => i.kind === "student" && i.status === "submitted")).toBe(true);
    expect(items.some((i) => i.kind === "site" && i.status === "open")).toBe(true);
    expect(items.every((i) => i.kind === "site" || i.status === "submitted")).toBe(true);
  });
});
