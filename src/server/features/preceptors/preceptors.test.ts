import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memberships, userRoles } from "../../db/schema/organizations";
import { preceptorInvitations } from "../../db/schema/preceptors";
import { rotationPreceptors } from "../../db/schema/rotations";
import { createApplication } from "../../factories/applications";
import { createPlacement, dayFromToday } from "../../factories/placements";
import { uniqueTag } from "../../factories/unique";
import { createStudent } from "../../testing/factories";
import { createTestApp, type TestApp, type TestUser } from "../../testing/harness";

// Preceptors through the API (issue 17): the facility's people and invitations (the emailed link,
// a new account, an existing account accepting signed in, races), assigning preceptors to
// rotations (another facility's user: 422, another facility's rotation: 404, five at most, races),
// and the preceptor's scope (only their assigned rotations; removal ends access at once).

let t: TestApp;
let facility: TestUser;
let otherFacility: TestUser;
let program: TestUser;
let admin: TestUser;
let student: TestUser;
let preceptor: TestUser;
let foreignPreceptor: TestUser;
let rotation: { id: string };
let otherRotation: { id: string };
let upcoming: { id: string };
let studentId: string;

beforeAll(async () => {
  t = await createTestApp();
  facility = await t.createUser("facility");
  otherFacility = await t.createUser("facility");
  program = await t.createUser("program");
  admin = await t.createUser("admin");
  student = await t.createUser("student", { organizationId: program.organizationId! });
  preceptor = await t.createUser("preceptor", { organizationId: facility.organizationId! });
  foreignPreceptor = await t.createUser("preceptor", { organizationId: otherFacility.organizationId! });
  const db = t.deps.db;
  studentId = student.studentId!;
  const current = await createPlacement(db, facility.organizationId!, {
    title: `Med-Surg ${uniqueTag()}`,
    startDate: dayFromToday(-10),
    endDate: dayFromToday(20),
  });
  const later = await createPlacement(db, facility.organizationId!, {
    title: `ICU ${uniqueTag()}`,
    startDate: dayFromToday(40),
    endDate: dayFromToday(80),
  });
  const elsewhere = await createPlacement(db, otherFacility.organizationId!, { startDate: dayFromToday(-5) });
  const me = { id: studentId, programId: program.organizationId! };
  rotation = await createApplication(db, me, current.id, { status: "approved", reviewedAt: new Date() });
  const other = await createStudent(t, program.organizationId!);
  upcoming = await createApplication(db, other, later.id, { status: "approved", reviewedAt: new Date() });
  otherRotation = await createApplication(db, await createStudent(t, program.organizationId!), elsewhere.id, {
    status: "approved",
    reviewedAt: new Date(),
  });
  // A pending application is no rotation.
  await createApplication(db, await createStudent(t, program.organizationId!), current.id);
});
afterAll(async () => {
  await t?.close();
});

const assign = (cookie: string, id: string, userIds: string[]) =>
  t.call("PUT", `/api/preceptors/rotations/${id}`, { cookie, body: { userIds } });

describe("the facility's people", () => {
  it("lists its coordinators and preceptors, with search and CSV; another facility sees its own", async () => {
    const res = await t.call("GET", "/api/preceptors", { cookie: facility.cookie });
    expect(res.status).toBe(200);
    const ids = res.json.items.map((p: { userId: string }) => p.userId);
    expect(ids).toEqual(expect.arrayContaining([facility.userId, preceptor.userId]));
    expect(ids).not.toContain(foreignPreceptor.userId);
    const p = res.json.items.find((i: { userId: string }) => i.userId === preceptor.userId);
    expect(p).toMatchObject({ kind: "preceptor", title: "Preceptor", email: preceptor.email });

    const other = await t.call("GET", "/api/preceptors", { cookie: otherFacility.cookie });
    expect(other.json.items.map((i: { userId: string }) => i.userId)).not.toContain(preceptor.userId);

    const search = await t.call("GET", `/api/preceptors?search=${encodeURIComponent(preceptor.email)}`, {
      cookie: facility.cookie,
    });
    expect(search.json.items.map((i: { userId: string }) => i.userId)).toEqual([preceptor.userId]);

    const csv = await t.call("GET", "/api/preceptors/export.csv", { cookie: facility.cookie });
    expect(csv.status).toBe(200);
    expect(csv.text).toContain(preceptor.email);
    expect(csv.text).not.toContain(foreignPreceptor.email);
  });

  it("refuses programs, students and preceptors (403), and an administrator lists a named facility", async () => {
    for (const who of [program, student, preceptor]) {
      expect((await t.call("GET", "/api/preceptors", { cookie: who.cookie })).status).toBe(403);
    }
    const res = await t.call("GET", `/api/preceptors?facilityId=${facility.organizationId}`, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.json.items.every((p: { facility: { id: string } }) => p.facility.id === facility.organizationId)).toBe(
      true,
    );
  });
});

describe("invitations", () => {
  it("a new email: the mail's link sets a password, the account is a preceptor of the facility and lands home", async () => {
    const email = `new-preceptor-${uniqueTag()}@test.dev`;
    const res = await t.call("POST", "/api/preceptors/invitations", {
      cookie: facility.cookie,
      body: { name: "Nia Nurse", email: email.toUpperCase(), title: "RN, BSN", department: "Med-Surg" },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({ email, state: "pending", title: "RN, BSN" });
    const [mail] = await t.mailTo(email);
    expect(mail.subject).toContain("invites you to precept");
    const token = mail.link!.split("/preceptor-invite/")[1];
    // Only the hash is stored.
    const rows = await t.deps.db.select().from(preceptorInvitations).where(eq(preceptorInvitations.email, email));
    expect(JSON.stringify(rows)).not.toContain(token);

    const link = await t.call("GET", `/api/preceptor-invitations/${token}`);
    expect(link.json).toMatchObject({ state: "valid", email, hasAccount: false, name: "Nia Nurse" });

    const weak = await t.call("POST", `/api/preceptor-invitations/${token}/accept`, { body: { password: "short" } });
    expect(weak.status).toBe(422);
    expect(weak.json.error.issues[0].path).toBe("password");

    const ok = await t.call("POST", `/api/preceptor-invitations/${token}/accept`, {
      body: { password: "Preceptor-Pass-2026!" },
    });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.json.redirectTo).toBe("/dashboard/preceptor");
    const me = await t.call("GET", "/api/accounts/me", { cookie: ok.cookie });
    expect(me.json.role).toBe("preceptor");

    const again = await t.call("POST", `/api/preceptor-invitations/${token}/accept`, {
      body: { password: "Preceptor-Pass-2026!" },
    });
    expect(again.status).toBe(410);

    const cookie = await t.signIn(email, "Preceptor-Pass-2026!");
    const mine = await t.call("GET", "/api/preceptors/rotations", { cookie });
    expect(mine.status).toBe(200);
    expect(mine.json.items).toEqual([]);
    const people = await t.call("GET", "/api/preceptors?search=Nia", { cookie: facility.cookie });
    expect(people.json.items[0]).toMatchObject({ name: "Nia Nurse", title: "RN, BSN", department: "Med-Surg" });
  });

  it("an email with an account is never attached silently: the person accepts signed in", async () => {
    // Another facility's coordinator accepts: two memberships; at this facility they act as a preceptor only.
    const res = await t.call("POST", "/api/preceptors/invitations", {
      cookie: facility.cookie,
      body: { name: "Other Coordinator", email: otherFacility.email },
    });
    expect(res.status).toBe(201);
    const [mail] = await t.mailTo(otherFacility.email);
    expect(mail.text).toContain("sign in");
    const token = mail.link!.split("/preceptor-invite/")[1];
    const anonymous = await t.call("POST", `/api/preceptor-invitations/${token}/accept`, {
      body: { password: "Whatever-Pass-2026!" },
    });
    expect(anonymous.status).toBe(409);
    expect(anonymous.json.error.code).toBe("sign_in_required");
    const wrong = await t.call("POST", `/api/preceptor-invitations/${token}/accept`, {
      cookie: program.cookie,
      body: {},
    });
    expect(wrong.status).toBe(409);
    const [before] = await t.deps.db
      .select()
      .from(memberships)
      .where(
        and(eq(memberships.userId, otherFacility.userId), eq(memberships.organizationId, facility.organizationId!)),
      );
    expect(before).toBeUndefined();

    const ok = await t.call("POST", `/api/preceptor-invitations/${token}/accept`, {
      cookie: otherFacility.cookie,
      body: {},
    });
    expect(ok.status, ok.text).toBe(201);
    // The session now acts for the inviting facility, as its preceptor: never its coordinator.
    const me = await t.call("GET", "/api/accounts/me", { cookie: otherFacility.cookie });
    expect(me.json.role).toBe("preceptor");
    expect((await t.call("GET", "/api/preceptors", { cookie: otherFacility.cookie })).status).toBe(403);
    const rotations = await t.call("GET", "/api/preceptors/rotations", { cookie: otherFacility.cookie });
    expect(rotations.status).toBe(200);
    expect(rotations.json.items).toEqual([]);
    // Back to their own facility: its coordinator again.
    const switched = await t.call("POST", "/api/accounts/me/organization", {
      cookie: otherFacility.cookie,
      body: { organizationId: otherFacility.organizationId },
    });
    expect(switched.status).toBe(200);
    expect((await t.call("GET", "/api/preceptors", { cookie: otherFacility.cookie })).status).toBe(200);
  });

  it("a student account accepts signed in: a preceptor here, still a student on the student's routes", async () => {
    const nurse = await t.createUser("student", { organizationId: program.organizationId! });
    expect(
      (
        await t.call("POST", "/api/preceptors/invitations", {
          cookie: facility.cookie,
          body: { name: "Student Nurse", email: nurse.email, title: "LPN" },
        })
      ).status,
    ).toBe(201);
    const [mail] = await t.mailTo(nurse.email);
    const token = mail.link!.split("/preceptor-invite/")[1];
    const link = await t.call("GET", `/api/preceptor-invitations/${token}`, { cookie: nurse.cookie });
    expect(link.json).toMatchObject({ state: "valid", hasAccount: true, signedInAsInvitee: true });
    const ok = await t.call("POST", `/api/preceptor-invitations/${token}/accept`, { cookie: nurse.cookie, body: {} });
    expect(ok.status, ok.text).toBe(201);
    const me = await t.call("GET", "/api/accounts/me", { cookie: nurse.cookie });
    expect(me.json.role).toBe("preceptor");
    expect(me.json.roles).toEqual(expect.arrayContaining(["student", "preceptor"]));
    expect((await t.call("GET", "/api/preceptors/rotations", { cookie: nurse.cookie })).status).toBe(200);
    expect((await t.call("GET", "/api/me/student/profile", { cookie: nurse.cookie })).status).toBe(200);
  });

  it("twenty identical invitations at once leave one invitation and one mail", async () => {
    const email = `race-${uniqueTag()}@test.dev`;
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.call("POST", "/api/preceptors/invitations", { cookie: facility.cookie, body: { name: "Race", email } }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const rows = await t.deps.db.select().from(preceptorInvitations).where(eq(preceptorInvitations.email, email));
    expect(rows).toHaveLength(1);
    expect(await t.mailTo(email)).toHaveLength(1);
  });

  it("resend replaces the link; revoke ends it; bad input names the field; an existing member is 409", async () => {
    const email = `resend-${uniqueTag()}@test.dev`;
    const made = await t.call("POST", "/api/preceptors/invitations", {
      cookie: facility.cookie,
      body: { name: "Re Send", email },
    });
    const [first] = await t.mailTo(email);
    // Sent a moment ago: not again yet.
    const early = await t.call("POST", `/api/preceptors/invitations/${made.json.id}/resend`, {
      cookie: facility.cookie,
    });
    expect(early.status).toBe(409);
    const backdate = () =>
      t.deps.db
        .update(preceptorInvitations)
        .set({ sentAt: new Date(Date.now() - 5 * 60_000) })
        .where(eq(preceptorInvitations.id, made.json.id));
    await backdate();
    const resent = await t.call("POST", `/api/preceptors/invitations/${made.json.id}/resend`, {
      cookie: facility.cookie,
    });
    expect(resent.status).toBe(200);
    const [second] = await t.mailTo(email);
    expect(second.link).not.toBe(first.link);
    // Twenty resends at once: one new link, one mail.
    await backdate();
    const burst = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.call("POST", `/api/preceptors/invitations/${made.json.id}/resend`, { cookie: facility.cookie }),
      ),
    );
    expect(burst.filter((r) => r.status === 200)).toHaveLength(1);
    expect(burst.filter((r) => r.status === 409)).toHaveLength(19);
    expect(await t.mailTo(email)).toHaveLength(3);
    const [third] = await t.mailTo(email);
    const tokenOf = (link: string | null) => link!.split("/preceptor-invite/")[1];
    expect((await t.call("GET", `/api/preceptor-invitations/${tokenOf(second.link)}`)).status).toBe(404);
    const oldToken = first.link!.split("/preceptor-invite/")[1];
    expect((await t.call("GET", `/api/preceptor-invitations/${oldToken}`)).status).toBe(404);
    // Another facility cannot touch it.
    expect(
      (await t.call("DELETE", `/api/preceptors/invitations/${made.json.id}`, { cookie: otherFacility.cookie })).status,
    ).toBe(404);
    const list = await t.call("GET", "/api/preceptors/invitations", { cookie: facility.cookie });
    expect(list.json.items.map((i: { email: string }) => i.email)).toContain(email);

    const revoked = await t.call("DELETE", `/api/preceptors/invitations/${made.json.id}`, { cookie: facility.cookie });
    expect(revoked.status).toBe(200);
    expect(revoked.json.state).toBe("revoked");
    const token = tokenOf(third.link);
    const link = await t.call("GET", `/api/preceptor-invitations/${token}`);
    expect(link.json.state).toBe("revoked");
    expect(
      (await t.call("POST", `/api/preceptor-invitations/${token}/accept`, { body: { password: "Good-Pass-2026!" } }))
        .status,
    ).toBe(410);

    const bad = await t.call("POST", "/api/preceptors/invitations", {
      cookie: facility.cookie,
      body: { name: "", email: "not-an-email" },
    });
    expect(bad.status).toBe(422);
    expect(bad.json.error.issues.map((i: { path: string }) => i.path).sort()).toEqual(["email", "name"]);
    const member = await t.call("POST", "/api/preceptors/invitations", {
      cookie: facility.cookie,
      body: { name: "Already", email: preceptor.email },
    });
    expect(member.status).toBe(409);
    const adminNoFacility = await t.call("POST", "/api/preceptors/invitations", {
      cookie: admin.cookie,
      body: { name: "Admin Invite", email: `a-${uniqueTag()}@test.dev` },
    });
    expect(adminNoFacility.status).toBe(422);
    expect(adminNoFacility.json.error.issues[0].path).toBe("facilityId");
  });
});

describe("rotations and assignments", () => {
  it("the facility lists its approved rotations with filters; another facility's are not there", async () => {
    const res = await t.call("GET", "/api/preceptors/rotations", { cookie: facility.cookie });
    expect(res.status).toBe(200);
    const ids = res.json.items.map((r: { id: string }) => r.id);
    expect(ids.sort()).toEqual([rotation.id, upcoming.id].sort());
    expect(res.json.byStatus).toEqual({ upcoming: 1, current: 1, ended: 0 });
    expect(res.json.options.placements).toHaveLength(2);
    const current = await t.call("GET", "/api/preceptors/rotations?status=current", { cookie: facility.cookie });
    expect(current.json.items.map((r: { id: string }) => r.id)).toEqual([rotation.id]);
    const bad = await t.call("GET", "/api/preceptors/rotations?status=soon", { cookie: facility.cookie });
    expect(bad.status).toBe(422);
    expect(bad.json.error.issues[0].path).toBe("status");
  });

  it("assigns the facility's people (at most five, only this facility's: 422 naming the field)", async () => {
    const foreign = await assign(facility.cookie, rotation.id, [preceptor.userId, foreignPreceptor.userId]);
    expect(foreign.status).toBe(422);
    expect(foreign.json.error.issues).toEqual([{ path: "userIds.1", message: expect.any(String) }]);
    const six = await assign(facility.cookie, rotation.id, ["a", "b", "c", "d", "e", "f"]);
    expect(six.status).toBe(422);
    expect(six.json.error.issues[0].path).toBe("userIds");
    expect((await assign(otherFacility.cookie, rotation.id, [])).status).toBe(404);
    expect((await assign(preceptor.cookie, rotation.id, [preceptor.userId])).status).toBe(403);

    const ok = await assign(facility.cookie, rotation.id, [preceptor.userId, facility.userId]);
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json.preceptors.map((p: { userId: string }) => p.userId).sort()).toEqual(
      [preceptor.userId, facility.userId].sort(),
    );
    await t.drainJobs();
    const [mail] = await t.mailTo(preceptor.email);
    expect(mail.subject).toContain("You are precepting");
    const unassigned = await t.call("GET", "/api/preceptors/rotations?unassigned=true", { cookie: facility.cookie });
    expect(unassigned.json.items.map((r: { id: string }) => r.id)).toEqual([upcoming.id]);
  });

  it("twenty identical assignments at once: one row per person and one mail", async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () => assign(facility.cookie, upcoming.id, [preceptor.userId])),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    const rows = await t.deps.db
      .select()
      .from(rotationPreceptors)
      .where(eq(rotationPreceptors.applicationId, upcoming.id));
    expect(rows).toHaveLength(1);
    await t.drainJobs();
    const mails = (await t.mailTo(preceptor.email)).filter((m) => m.subject.startsWith("You are precepting"));
    expect(mails).toHaveLength(2); // one for each rotation
  });

  it("a preceptor sees only their assigned rotations and those students; anything else is 404", async () => {
    const mine = await t.call("GET", "/api/preceptors/rotations", { cookie: preceptor.cookie });
    expect(mine.json.items.map((r: { id: string }) => r.id).sort()).toEqual([rotation.id, upcoming.id].sort());
    const detail = await t.call("GET", `/api/preceptors/rotations/${rotation.id}`, { cookie: preceptor.cookie });
    expect(detail.status).toBe(200);
    expect(detail.json.student).toMatchObject({ id: studentId, email: student.email, complianceStatus: "pending" });
    expect(
      (await t.call("GET", `/api/preceptors/rotations/${otherRotation.id}`, { cookie: preceptor.cookie })).status,
    ).toBe(404);
    expect(
      (await t.call("GET", `/api/preceptors/rotations/${rotation.id}`, { cookie: foreignPreceptor.cookie })).status,
    ).toBe(404);
    expect((await t.call("GET", "/api/preceptors/rotations", { cookie: foreignPreceptor.cookie })).json.items).toEqual(
      [],
    );
    // Unassigned from one: gone at once.
    await assign(facility.cookie, upcoming.id, []);
    expect((await t.call("GET", `/api/preceptors/rotations/${upcoming.id}`, { cookie: preceptor.cookie })).status).toBe(
      404,
    );
    // Program, student: not their routes.
    expect((await t.call("GET", "/api/preceptors/rotations", { cookie: program.cookie })).status).toBe(403);
    expect((await t.call("GET", "/api/preceptors/rotations", { cookie: student.cookie })).status).toBe(403);
  });

  it("a preceptor may message their students and their facility's coordinators, no one else", async () => {
    const res = await t.call("GET", "/api/messages/recipients", { cookie: preceptor.cookie });
    expect(res.status, res.text).toBe(200);
    const ids = (res.json.items ?? res.json).map((r: { id: string }) => r.id);
    expect(ids).toEqual(expect.arrayContaining([student.userId, facility.userId]));
    expect(ids).not.toContain(program.userId);
    expect(ids).not.toContain(otherFacility.userId);
    expect(ids).not.toContain(foreignPreceptor.userId);
  });

  it("a preceptor is not mailed as a coordinator (a new application goes to the coordinators only)", async () => {
    const placement = await createPlacement(t.deps.db, facility.organizationId!, { title: `Peds ${uniqueTag()}` });
    const applicant = await createStudent(t, program.organizationId!);
    const res = await t.call("POST", "/api/applications", {
      cookie: program.cookie,
      body: { placementId: placement.id, studentIds: [applicant.id] },
    });
    expect(res.status, res.text).toBe(201);
    await t.drainJobs();
    const about = (m: { subject: string }) => m.subject.includes(placement.title);
    expect((await t.mailTo(facility.email)).filter(about)).toHaveLength(1);
    expect((await t.mailTo(preceptor.email)).filter(about)).toHaveLength(0);
  });

  it("a removed preceptor loses the role, the assignments and access at once", async () => {
    const victim = await t.createUser("preceptor", { organizationId: facility.organizationId! });
    expect((await assign(facility.cookie, rotation.id, [preceptor.userId, victim.userId])).status).toBe(200);
    expect((await t.call("GET", `/api/preceptors/rotations/${rotation.id}`, { cookie: victim.cookie })).status).toBe(
      200,
    );
    expect((await t.call("DELETE", `/api/preceptors/${victim.userId}`, { cookie: otherFacility.cookie })).status).toBe(
      404,
    );
    expect((await t.call("DELETE", `/api/preceptors/${facility.userId}`, { cookie: facility.cookie })).status).toBe(
      409,
    );
    const removed = await t.call("DELETE", `/api/preceptors/${victim.userId}`, { cookie: facility.cookie });
    expect(removed.status, removed.text).toBe(200);
    expect(removed.json.endedAssignments).toBe(1);
    expect((await t.call("GET", `/api/preceptors/rotations/${rotation.id}`, { cookie: victim.cookie })).status).toBe(
      403,
    );
    const roles = await t.deps.db.select().from(userRoles).where(eq(userRoles.userId, victim.userId));
    expect(roles.map((r) => r.role)).not.toContain("preceptor");
  });
});
