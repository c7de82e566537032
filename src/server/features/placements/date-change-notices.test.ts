import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { portalEvents } from "../../db/schema/events";
import { placements } from "../../db/schema/placements";
import { students } from "../../db/schema/students";
import { createApplication } from "../../factories/applications";
import { createDepartment, createPlacement } from "../../factories/placements";
import { uniqueTag } from "../../factories/unique";
import { createStudent } from "../../testing/factories";
import { createTestApp, type TestApp, type TestUser } from "../../testing/harness";

// Issue 15: new dates for a placement with approved students tell each of those students (with an
// account) and their programs' coordinators, old and new dates side by side, by mail (queued with
// the edit, sent by the job runner) and by the live event their lists refresh on. Nobody else hears,
// and an edit that is refused or keeps the dates sends nothing.

let t: TestApp;
let facility: TestUser;
let programA: TestUser;
let programA2: TestUser;
let programB: TestUser;
let unrelated: TestUser;
let ada: TestUser;
let deptId: string;

beforeAll(async () => {
  t = await createTestApp();
  facility = await t.createUser("facility");
  programA = await t.createUser("program");
  programA2 = await t.createUser("program", { organizationId: programA.organizationId! });
  programB = await t.createUser("program");
  unrelated = await t.createUser("program");
  ada = await t.createUser("student", { organizationId: programA.organizationId! });
  deptId = (await createDepartment(t.deps.db, facility.organizationId!, { name: "Notice Unit", capacity: 100 })).id;
});
afterAll(async () => {
  await t.close();
});

const db = () => t.deps.db;
const body = (p: { title: string }, startDate: string, endDate: string) => ({
  title: p.title,
  specialty: "Medical-Surgical",
  departmentId: deptId,
  startDate,
  endDate,
  capacity: 10,
  status: "active",
});
const update = (id: string, b: unknown) =>
  t.call("PUT", `/api/facility/placements/${id}`, { cookie: facility.cookie, body: b });

/** A placement Mar 6–Apr 28, 2034 with Ada ("Test Student", an account) and Bo (roster only) of program A, Cy of program B approved, Di pending. */
async function world(year = 2034) {
  const p = await createPlacement(db(), facility.organizationId!, {
    departmentId: deptId,
    title: `Rotation ${uniqueTag()}`,
    startDate: `${year}-03-06`,
    endDate: `${year}-04-28`,
    capacity: 10,
    slotsFilled: 3,
  });
  const [adaRow] = await db().select().from(students).where(eq(students.id, ada.studentId!));
  const bo = await createStudent(t, programA.organizationId!, { firstName: "Bo", lastName: "Diddley" });
  const cy = await createStudent(t, programB.organizationId!, { firstName: "Cy", lastName: "Young" });
  const di = await createStudent(t, programA.organizationId!, { firstName: "Di", lastName: "Pending" });
  const apps = [
    await createApplication(db(), adaRow, p.id, { status: "approved" }),
    await createApplication(db(), bo, p.id, { status: "approved" }),
    await createApplication(db(), cy, p.id, { status: "approved" }),
  ];
  await createApplication(db(), di, p.id, { status: "pending" });
  return { p, apps, cy };
}

async function mailsAbout(title: string, email: string) {
  return (await t.mailTo(email)).filter((m) => m.subject.includes(title));
}

describe("new dates after approvals", () => {
  it("mails the approved students and their programs' coordinators the old and new dates", async () => {
    const { p, apps } = await world();
    const res = await update(p.id, body(p, "2034-03-13", "2034-05-05"));
    expect(res.status).toBe(200);
    await t.drainJobs(); // mail is queued with the edit (ADR 015)

    const subject = `New dates for ${p.title}: Mar 13–May 5, 2034`;
    const changed = "now runs Mar 13–May 5, 2034 (it was Mar 6–Apr 28, 2034)";
    for (const coordinator of [programA, programA2]) {
      const mails = await mailsAbout(p.title, coordinator.email);
      expect(mails).toHaveLength(1);
      expect(mails[0].subject).toBe(subject);
      expect(mails[0].text).toContain(changed);
      expect(mails[0].text).toContain("- Test Student");
      expect(mails[0].text).toContain("- Bo Diddley");
      expect(mails[0].text).not.toContain("Cy Young");
      expect(mails[0].text).not.toContain("Di Pending");
      expect(mails[0].link).toBe("http://localhost:3000/applications");
    }
    const b = await mailsAbout(p.title, programB.email);
    expect(b).toHaveLength(1);
    expect(b[0].text).toContain("- Cy Young");
    expect(b[0].text).not.toContain("Test Student");
    const own = await mailsAbout(p.title, ada.email);
    expect(own).toHaveLength(1);
    expect(own[0].text).toContain(`Your approved rotation ${p.title} at`);
    expect(own[0].text).toContain(changed);
    expect(own[0].link).toBe("http://localhost:3000/student/applications");
    // Nobody else: not the facility that made the change, not another program.
    expect(await mailsAbout(p.title, facility.email)).toHaveLength(0);
    expect(await mailsAbout(p.title, unrelated.email)).toHaveLength(0);

    // Their open pages refresh: the decision's live event, for each approved application.
    const events = await db()
      .select({ userId: portalEvents.userId, data: portalEvents.data })
      .from(portalEvents)
      .where(
        and(
          eq(portalEvents.type, "application.updated"),
          inArray(
            portalEvents.userId,
            [ada, programA, programB, unrelated, facility].map((u) => u.userId),
          ),
        ),
      );
    const ids = (u: TestUser) => events.filter((e) => e.userId === u.userId).map((e) => (e.data as { id: string }).id);
    expect(ids(ada)).toEqual([apps[0].id]);
    expect(ids(programA).sort()).toEqual([apps[0].id, apps[1].id].sort());
    expect(ids(programB)).toEqual([apps[2].id]);
    expect(ids(unrelated)).toEqual([]);
    expect(ids(facility)).toEqual([]);
  });

  it("sends nothing when the dates stay, or when the change is refused", async () => {
    const { p, cy } = await world();
    const renamed = await update(p.id, { ...body(p, "2034-03-06", "2034-04-28"), title: `${p.title} renamed` });
    expect(renamed.status).toBe(200);
    // Cy holds another approved rotation in May: moving into it is refused (409), nothing sent.
    const other = await createPlacement(db(), facility.organizationId!, {
      departmentId: deptId,
      startDate: "2034-05-08",
      endDate: "2034-06-30",
      capacity: 2,
      slotsFilled: 1,
    });
    await createApplication(db(), cy, other.id, { status: "approved" });
    const refused = await update(p.id, { ...body(p, "2034-04-03", "2034-05-26"), title: `${p.title} renamed` });
    expect(refused.status).toBe(409);
    const [row] = await db().select().from(placements).where(eq(placements.id, p.id));
    expect(row.startDate).toBe("2034-03-06");
    await t.drainJobs();
    for (const u of [programA, programB, ada]) expect(await mailsAbout(p.title, u.email)).toHaveLength(0);
  });

  it("20 identical date changes at once notify once (the placement's row lock orders them)", async () => {
    // Another year: Ada's rotations of the other tests stay clear of these dates.
    const { p } = await world(2036);
    const all = await Promise.all(Array.from({ length: 20 }, () => update(p.id, body(p, "2036-03-20", "2036-05-12"))));
    expect(new Set(all.map((r) => r.status)), JSON.stringify(all[0].json)).toEqual(new Set([200]));
    await t.drainJobs();
    expect(await mailsAbout(p.title, programA.email)).toHaveLength(1);
    expect(await mailsAbout(p.title, programB.email)).toHaveLength(1);
    expect(await mailsAbout(p.title, ada.email)).toHaveLength(1);
  });

  it("a placement without approved students changes dates quietly", async () => {
    const p = await createPlacement(db(), facility.organizationId!, {
      departmentId: deptId,
      startDate: "2034-09-04",
      endDate: "2034-10-27",
    });
    const res = await update(p.id, { ...body(p, "2034-09-11", "2034-11-03"), capacity: 5 });
    expect(res.status).toBe(200);
    await t.drainJobs();
    for (const u of [programA, programB, ada]) expect(await mailsAbout(p.title, u.email)).toHaveLength(0);
  });
});
