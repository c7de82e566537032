import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPlacement, dayFromToday } from "../../factories/placements";
import { createTestApp, type TestApp, type TestUser } from "../../testing/harness";
import { exeBytes, pdfBytes } from "../compliance/test-files";

// Affiliation agreements through the API (issue 17): each route for each role, another
// organization's user (404), validation naming the field, twenty identical creates, the signed
// document, the lifecycle (each side signs, terminate, delete a draft) and amendments.

let t: TestApp;
let program: TestUser;
let facility: TestUser;
let otherProgram: TestUser;
let otherFacility: TestUser;
let admin: TestUser;
let student: TestUser;
let none: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  program = await t.createUser("program");
  facility = await t.createUser("facility");
  otherProgram = await t.createUser("program");
  otherFacility = await t.createUser("facility");
  admin = await t.createUser("admin");
  student = await t.createUser("student", { organizationId: program.organizationId! });
  none = await t.createUser("none");
});
afterAll(async () => {
  await t?.close();
});

const contacts = [
  {
    side: "program",
    name: "Pat Program",
    email: "pat@program.test",
    phone: "+1 555 0100",
    role: "Clinical coordinator",
  },
  { side: "facility", name: "Fran Facility", email: "fran@facility.test", phone: "", role: "Education manager" },
];
let counter = 0;
const fields = (over: Record<string, unknown> = {}) => ({
  title: `Clinical affiliation ${++counter}`,
  startDate: dayFromToday(-30),
  endDate: dayFromToday(400),
  contacts,
  notes: "Five-year template",
  ...over,
});
const create = (cookie: string, body: unknown) => t.call("POST", "/api/agreements", { cookie, body });
const sign = (cookie: string, id: string, body?: unknown) =>
  t.call("POST", `/api/agreements/${id}/sign`, { cookie, body });
/** Both sides sign (each through its own coordinator): the agreement takes effect. */
async function signBoth(id: string, p: TestUser, f: TestUser) {
  expect((await sign(p.cookie, id)).status).toBe(200);
  const done = await sign(f.cookie, id);
  expect(done.status).toBe(200);
  expect(done.json.stage).toBe("executed");
  return done.json;
}
const auditOf = async (id: string) =>
  (await t.call("GET", `/api/admin/audit?entityId=${id}&pageSize=100`, { cookie: admin.cookie })).json.items as {
    action: string;
    actorEmail: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  }[];

async function uploadFile(cookie: string, id: string, bytes: Uint8Array, name = "signed.pdf") {
  const form = new FormData();
  form.append("file", new File([bytes as Uint8Array<ArrayBuffer>], name, { type: "application/pdf" }));
  const res = await t.app.request(`/api/agreements/${id}/document`, { method: "PUT", body: form, headers: { cookie } });
  const text = await res.text();
  let json: { error?: { code: string; message: string; issues?: { path: string }[] } } & Record<string, unknown>;
  try {
    json = JSON.parse(text);
  } catch {
    json = {};
  }
  return { status: res.status, json };
}

describe("creating and reading", () => {
  it("a program drafts one naming a facility; both sides and admins see it; others get 404, 403 or 401", async () => {
    const res = await create(
      program.cookie,
      fields({ facilityId: facility.organizationId, programId: otherProgram.organizationId }),
    );
    expect(res.status).toBe(201);
    // The program is the caller's own, whatever the body said (D1).
    expect(res.json).toMatchObject({
      stage: "draft",
      status: "draft",
      program: { id: program.organizationId },
      facility: { id: facility.organizationId },
      createdBy: "program",
    });
    const id = res.json.id;
    for (const who of [program, facility, admin]) {
      const got = await t.call("GET", `/api/agreements/${id}`, { cookie: who.cookie });
      expect(got.status).toBe(200);
      expect(got.json.title).toBe(res.json.title);
    }
    for (const who of [otherProgram, otherFacility]) {
      expect((await t.call("GET", `/api/agreements/${id}`, { cookie: who.cookie })).status).toBe(404);
      expect((await t.call("PUT", `/api/agreements/${id}`, { cookie: who.cookie, body: fields() })).status).toBe(404);
      expect((await t.call("POST", `/api/agreements/${id}/sign`, { cookie: who.cookie })).status).toBe(404);
      expect((await t.call("DELETE", `/api/agreements/${id}`, { cookie: who.cookie })).status).toBe(404);
      expect((await t.call("GET", `/api/agreements/${id}/document`, { cookie: who.cookie })).status).toBe(404);
      expect((await uploadFile(who.cookie, id, await pdfBytes())).status).toBe(404);
      const list = await t.call("GET", "/api/agreements", { cookie: who.cookie });
      expect(list.json.items.map((a: { id: string }) => a.id)).not.toContain(id);
    }
    for (const who of [student, none]) {
      expect((await t.call("GET", `/api/agreements/${id}`, { cookie: who.cookie })).status).toBe(403);
      expect((await t.call("GET", "/api/agreements", { cookie: who.cookie })).status).toBe(403);
      expect((await create(who.cookie, fields({ facilityId: facility.organizationId }))).status).toBe(403);
    }
    expect((await t.call("GET", `/api/agreements/${id}`)).status).toBe(401);
  });

  it("a facility names the program; an admin names both", async () => {
    const byFacility = await create(facility.cookie, fields({ programId: program.organizationId }));
    expect(byFacility.status).toBe(201);
    expect(byFacility.json).toMatchObject({ program: { id: program.organizationId }, createdBy: "facility" });
    const byAdmin = await create(
      admin.cookie,
      fields({ programId: otherProgram.organizationId, facilityId: otherFacility.organizationId }),
    );
    expect(byAdmin.status).toBe(201);
    expect(byAdmin.json.createdBy).toBe("admin");
  });

  it("bad input is 422 naming the field; never a 500", async () => {
    const noPartner = await create(program.cookie, fields());
    expect(noPartner.status).toBe(422);
    expect(noPartner.json.error.issues[0].path).toBe("facilityId");
    // A program's id where a facility is expected is unknown, not a 500.
    const wrongKind = await create(program.cookie, fields({ facilityId: otherProgram.organizationId }));
    expect(wrongKind.status).toBe(422);
    expect(wrongKind.json.error.issues[0]).toEqual({ path: "facilityId", message: "Unknown facility" });
    const dates = await create(
      program.cookie,
      fields({ facilityId: facility.organizationId, startDate: "2026-05-01", endDate: "2026-01-01" }),
    );
    expect(dates.status).toBe(422);
    expect(dates.json.error.issues.map((i: { path: string }) => i.path)).toEqual(["endDate"]);
    const extreme = await create(
      program.cookie,
      fields({ facilityId: facility.organizationId, endDate: "99999-01-01" }),
    );
    expect(extreme.status).toBe(422);
    const nul = await create(program.cookie, fields({ facilityId: facility.organizationId, title: "Bad\u0000title" }));
    expect(nul.status).toBe(422);
    const form = await t.call("POST", "/api/agreements", {
      cookie: program.cookie,
      body: "title=x",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(415);
    const huge = await create(program.cookie, fields({ facilityId: facility.organizationId, notes: "x".repeat(6000) }));
    expect(huge.status).toBe(422);
    expect(huge.json.error.issues[0].path).toBe("notes");
    const badQuery = await t.call("GET", "/api/agreements?status=lost&expiringWithin=-1", { cookie: program.cookie });
    expect(badQuery.status).toBe(422);
    expect(badQuery.json.error.issues.map((i: { path: string }) => i.path).sort()).toEqual([
      "expiringWithin",
      "status",
    ]);
  });

  it("twenty identical creates at once make one agreement (19 answers 409 naming the title)", async () => {
    const body = fields({ facilityId: facility.organizationId, title: "Race to agree" });
    const answers = await Promise.all(Array.from({ length: 20 }, () => create(program.cookie, body)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const conflict = answers.find((r) => r.status === 409);
    expect(conflict?.json.error.issues[0].path).toBe("title");
    const list = await t.call("GET", "/api/agreements?search=Race%20to%20agree", { cookie: program.cookie });
    expect(list.json.total).toBe(1);
  });
});

describe("the lifecycle", () => {
  it("sign needs a contact on each side; edit; terminate with a reason; a terminated one is history", async () => {
    const draft = (
      await create(facility.cookie, fields({ programId: program.organizationId, contacts: [contacts[1]] }))
    ).json;
    const unsigned = await t.call("POST", `/api/agreements/${draft.id}/sign`, { cookie: program.cookie });
    expect(unsigned.status).toBe(422);
    expect(unsigned.json.error.issues[0].path).toBe("contacts");
    const edited = await t.call("PUT", `/api/agreements/${draft.id}`, {
      cookie: program.cookie,
      body: { ...fields({ title: draft.title }), contacts },
    });
    expect(edited.status).toBe(200);
    expect(edited.json.contacts).toHaveLength(2);
    const signed = await signBoth(draft.id, program, facility);
    expect(signed).toMatchObject({ stage: "executed", status: "active" });
    expect((await t.call("POST", `/api/agreements/${draft.id}/sign`, { cookie: program.cookie })).status).toBe(409);
    // A signed agreement keeps a contact per side and cannot be deleted.
    const dropContacts = await t.call("PUT", `/api/agreements/${draft.id}`, {
      cookie: facility.cookie,
      body: { ...fields({ title: draft.title }), contacts: [] },
    });
    expect(dropContacts.status).toBe(422);
    expect((await t.call("DELETE", `/api/agreements/${draft.id}`, { cookie: facility.cookie })).status).toBe(409);

    const noReason = await t.call("POST", `/api/agreements/${draft.id}/terminate`, {
      cookie: facility.cookie,
      body: {},
    });
    expect(noReason.status).toBe(422);
    expect(noReason.json.error.issues[0].path).toBe("reason");
    const future = await t.call("POST", `/api/agreements/${draft.id}/terminate`, {
      cookie: facility.cookie,
      body: { reason: "Unit closing", terminatedOn: dayFromToday(5) },
    });
    expect(future.status).toBe(422);
    expect(future.json.error.issues[0].path).toBe("terminatedOn");
    const ended = await t.call("POST", `/api/agreements/${draft.id}/terminate`, {
      cookie: facility.cookie,
      body: { reason: "Unit closing" },
    });
    expect(ended.status).toBe(200);
    expect(ended.json).toMatchObject({
      status: "terminated",
      terminationReason: "Unit closing",
      terminatedOn: dayFromToday(0),
    });
    const edit = await t.call("PUT", `/api/agreements/${draft.id}`, { cookie: program.cookie, body: fields() });
    expect(edit.status).toBe(409);
    expect((await sign(program.cookie, draft.id)).status).toBe(409);
  });

  it("a draft can be deleted by either side", async () => {
    const draft = (await create(program.cookie, fields({ facilityId: facility.organizationId }))).json;
    const res = await t.call("DELETE", `/api/agreements/${draft.id}`, { cookie: facility.cookie });
    expect(res.status).toBe(200);
    expect((await t.call("GET", `/api/agreements/${draft.id}`, { cookie: program.cookie })).status).toBe(404);
  });

  it("the audit trail keeps the edit's before and after", async () => {
    const draft = (await create(program.cookie, fields({ facilityId: facility.organizationId }))).json;
    await t.call("PUT", `/api/agreements/${draft.id}`, {
      cookie: facility.cookie,
      body: { ...fields({ title: draft.title }), notes: "Renewed terms" },
    });
    const log = await t.call("GET", `/api/admin/audit?entityId=${draft.id}`, { cookie: admin.cookie });
    expect(log.status).toBe(200);
    const edit = log.json.items.find((e: { action: string }) => e.action.startsWith("PUT"));
    expect(edit).toBeDefined();
    expect(edit.before.notes).toBe("Five-year template");
    expect(edit.after.notes).toBe("Renewed terms");
  });
});

describe("both sides sign, each for itself", () => {
  it("a side's signature records who and when; the agreement awaits the other side's until both signed", async () => {
    const draft = (await create(program.cookie, fields({ facilityId: facility.organizationId }))).json;
    expect(draft).toMatchObject({ signatures: { program: null, facility: null }, awaiting: null });
    const first = await sign(program.cookie, draft.id);
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({
      stage: "draft",
      status: "draft",
      awaiting: "facility",
      signatures: { program: { signedBy: { id: program.userId } }, facility: null },
    });
    // The facility sees the same: awaiting its own signature. Its coordinators are told by mail.
    const seen = await t.call("GET", `/api/agreements/${draft.id}`, { cookie: facility.cookie });
    expect(seen.json.awaiting).toBe("facility");
    await t.drainJobs();
    const asked = (await t.mailTo(facility.email)).filter((m) => m.text.includes(draft.title));
    expect(asked.map((m) => m.subject)).toEqual([expect.stringContaining("your signature is awaited")]);
    const second = await sign(facility.cookie, draft.id);
    expect(second.json).toMatchObject({
      stage: "executed",
      status: "active",
      awaiting: null,
      signatures: {
        program: { signedBy: { id: program.userId } },
        facility: { signedBy: { id: facility.userId } },
      },
    });
    await t.drainJobs();
    const told = (await t.mailTo(program.email)).filter((m) => m.text.includes(draft.title));
    expect(told.map((m) => m.subject)).toEqual([expect.stringContaining("is in force")]);
  });

  it("a coordinator cannot sign for the other side (403); another organization's cannot sign at all (404)", async () => {
    const draft = (await create(program.cookie, fields({ facilityId: facility.organizationId }))).json;
    const forFacility = await sign(program.cookie, draft.id, { side: "facility" });
    expect(forFacility.status).toBe(403);
    const forProgram = await sign(facility.cookie, draft.id, { side: "program" });
    expect(forProgram.status).toBe(403);
    for (const who of [otherProgram, otherFacility]) {
      expect((await sign(who.cookie, draft.id)).status).toBe(404);
      expect((await sign(who.cookie, draft.id, { side: "facility" })).status).toBe(404);
    }
    for (const who of [student, none]) expect((await sign(who.cookie, draft.id)).status).toBe(403);
    const after = await t.call("GET", `/api/agreements/${draft.id}`, { cookie: program.cookie });
    expect(after.json).toMatchObject({ stage: "draft", signatures: { program: null, facility: null } });
  });

  it("an administrator names the side they sign for (422 naming side otherwise)", async () => {
    const draft = (await create(program.cookie, fields({ facilityId: facility.organizationId }))).json;
    const unnamed = await sign(admin.cookie, draft.id);
    expect(unnamed.status).toBe(422);
    expect(unnamed.json.error.issues[0].path).toBe("side");
    const bad = await sign(admin.cookie, draft.id, { side: "student" });
    expect(bad.status).toBe(422);
    expect(bad.json.error.issues[0].path).toBe("side");
    const forFacility = await sign(admin.cookie, draft.id, { side: "facility" });
    expect(forFacility.json).toMatchObject({ stage: "draft", awaiting: "program" });
    expect((await sign(admin.cookie, draft.id, { side: "facility" })).status).toBe(409);
    expect((await sign(admin.cookie, draft.id, { side: "program" })).json.stage).toBe("executed");
  });

  it("twenty identical signs at once record one signature and one audit entry per side", async () => {
    const draft = (await create(program.cookie, fields({ facilityId: facility.organizationId }))).json;
    const burst = async (who: TestUser) =>
      (await Promise.all(Array.from({ length: 20 }, () => sign(who.cookie, draft.id)))).map((r) => r.status).sort();
    const programs = await burst(program);
    expect(programs.filter((s) => s === 200)).toHaveLength(1);
    expect(programs.filter((s) => s === 409)).toHaveLength(19);
    const facilities = await burst(facility);
    expect(facilities.filter((s) => s === 200)).toHaveLength(1);
    expect(facilities.filter((s) => s === 409)).toHaveLength(19);
    const log = await auditOf(draft.id);
    expect(log.filter((e) => e.action === "agreement.sign")).toHaveLength(2);
    expect(log.filter((e) => e.action === "agreement.execute")).toHaveLength(1);
    const got = await t.call("GET", `/api/agreements/${draft.id}`, { cookie: program.cookie });
    expect(got.json.stage).toBe("executed");
  });

  it("a signature racing a deletion has one winner", async () => {
    for (let i = 0; i < 5; i++) {
      const draft = (await create(program.cookie, fields({ facilityId: facility.organizationId }))).json;
      await sign(program.cookie, draft.id);
      const [signed, deleted] = await Promise.all([
        sign(facility.cookie, draft.id),
        t.call("DELETE", `/api/agreements/${draft.id}`, { cookie: program.cookie }),
      ]);
      const after = await t.call("GET", `/api/agreements/${draft.id}`, { cookie: program.cookie });
      if (signed.status === 200) {
        // Signed first: in force, and a signed agreement is a record (the deletion 409).
        expect(deleted.status).toBe(409);
        expect(after.json.stage).toBe("executed");
      } else {
        expect(signed.status).toBe(404);
        expect(deleted.status).toBe(200);
        expect(after.status).toBe(404);
      }
    }
  });

  it("changing a half-signed draft's terms withdraws the signature; contacts and notes do not", async () => {
    const draft = (await create(program.cookie, fields({ facilityId: facility.organizationId }))).json;
    await sign(program.cookie, draft.id);
    const notes = await t.call("PUT", `/api/agreements/${draft.id}`, {
      cookie: facility.cookie,
      body: { ...fields({ title: draft.title, startDate: draft.startDate, endDate: draft.endDate }), notes: "Seen" },
    });
    expect(notes.json.awaiting).toBe("facility");
    const longer = await t.call("PUT", `/api/agreements/${draft.id}`, {
      cookie: facility.cookie,
      body: fields({ title: draft.title, startDate: draft.startDate, endDate: dayFromToday(3000) }),
    });
    expect(longer.status).toBe(200);
    expect(longer.json).toMatchObject({ awaiting: null, signatures: { program: null, facility: null } });
    // The facility's signature now leaves it awaiting the program's again, not in force.
    expect((await sign(facility.cookie, draft.id)).json).toMatchObject({ stage: "draft", awaiting: "program" });
  });
});

describe("a signed agreement changes only through an amendment both sides agree to", () => {
  it("a PUT changing a signed agreement's end date is refused (409) and leaves it unchanged; contacts stay editable", async () => {
    const draft = (await create(program.cookie, fields({ facilityId: facility.organizationId }))).json;
    const signed = await signBoth(draft.id, program, facility);
    const body = fields({ title: signed.title, startDate: signed.startDate, endDate: "2040-12-31" });
    const refused = await t.call("PUT", `/api/agreements/${draft.id}`, { cookie: program.cookie, body });
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe("amendment_required");
    expect(refused.json.error.issues.map((i: { path: string }) => i.path)).toEqual(["endDate"]);
    const still = await t.call("GET", `/api/agreements/${draft.id}`, { cookie: facility.cookie });
    expect(still.json).toMatchObject({ endDate: signed.endDate, stage: "executed", updatedAt: signed.updatedAt });
    const contactsOnly = await t.call("PUT", `/api/agreements/${draft.id}`, {
      cookie: facility.cookie,
      body: {
        ...fields({ title: signed.title, startDate: signed.startDate, endDate: signed.endDate }),
        notes: "New phone numbers",
        contacts: [contacts[0], { ...contacts[1], phone: "+1 555 0199" }],
      },
    });
    expect(contactsOnly.status).toBe(200);
    expect(contactsOnly.json).toMatchObject({ stage: "executed", notes: "New phone numbers" });
    // Its signed document, once there, is not replaced by one side either.
    const up = await uploadFile(program.cookie, draft.id, await pdfBytes("First copy"));
    expect(up.status).toBe(200);
    const replaced = await uploadFile(facility.cookie, draft.id, await pdfBytes("Another text"));
    expect(replaced.status).toBe(409);
    expect(replaced.json.error?.code).toBe("amendment_required");
  });

  it("one side proposes, the other accepts: only then the agreement changes; decline and withdraw leave it", async () => {
    const draft = (await create(program.cookie, fields({ facilityId: facility.organizationId }))).json;
    const signed = await signBoth(draft.id, program, facility);
    const propose = (cookie: string, body: unknown) =>
      t.call("POST", `/api/agreements/${draft.id}/amendments`, { cookie, body });
    const answer = (cookie: string, what: string, body?: unknown) =>
      t.call("POST", `/api/agreements/${draft.id}/amendment/${what}`, { cookie, body });

    const nothing = await propose(program.cookie, { endDate: signed.endDate });
    expect(nothing.status).toBe(422);
    expect(nothing.json.error.issues[0].path).toBe("endDate");
    const backwards = await propose(program.cookie, { endDate: "2000-01-01" });
    expect(backwards.status).toBe(422);
    expect(backwards.json.error.issues[0].path).toBe("endDate");
    expect((await propose(otherProgram.cookie, { endDate: "2040-12-31" })).status).toBe(404);

    const proposed = await propose(program.cookie, { endDate: "2040-12-31", note: "Extend to 2040" });
    expect(proposed.status).toBe(201);
    expect(proposed.json).toMatchObject({
      endDate: signed.endDate,
      pendingAmendment: {
        proposedBySide: "program",
        proposedBy: { id: program.userId },
        changes: { endDate: "2040-12-31" },
        note: "Extend to 2040",
      },
    });
    await t.drainJobs();
    const asked = (await t.mailTo(facility.email)).filter(
      (m) => m.subject.includes("proposes an amendment") && m.text.includes(draft.title),
    );
    expect(asked).toHaveLength(1);
    expect(asked[0].text).toContain("Extend to 2040");
    // One pending at a time; the proposer cannot accept its own; the other side cannot withdraw it.
    expect((await propose(facility.cookie, { endDate: "2035-12-31" })).status).toBe(409);
    expect((await answer(program.cookie, "accept")).status).toBe(403);
    expect((await answer(facility.cookie, "withdraw")).status).toBe(403);
    expect((await answer(otherFacility.cookie, "accept")).status).toBe(404);
    const declined = await answer(facility.cookie, "decline");
    expect(declined.status).toBe(200);
    expect(declined.json).toMatchObject({ endDate: signed.endDate, pendingAmendment: null });
    expect((await answer(facility.cookie, "accept")).status).toBe(404);

    await propose(facility.cookie, { endDate: "2039-06-30" });
    const withdrawn = await answer(facility.cookie, "withdraw");
    expect(withdrawn.json).toMatchObject({ endDate: signed.endDate, pendingAmendment: null });

    await propose(program.cookie, { endDate: "2040-12-31", autoRenew: true });
    const accepted = await answer(facility.cookie, "accept");
    expect(accepted.status).toBe(200);
    expect(accepted.json).toMatchObject({
      endDate: "2040-12-31",
      autoRenew: true,
      stage: "executed",
      pendingAmendment: null,
    });

    const actions = (await auditOf(draft.id)).map((e) => e.action);
    for (const step of [
      "POST /api/agreements",
      "agreement.sign",
      "agreement.execute",
      "agreement.amendment.propose",
      "agreement.amendment.decline",
      "agreement.amendment.withdraw",
      "agreement.amendment.accept",
    ]) {
      expect(actions, step).toContain(step);
    }
    const acceptEntry = (await auditOf(draft.id)).find((e) => e.action === "agreement.amendment.accept");
    expect(acceptEntry?.actorEmail).toBe(facility.email);
    expect(acceptEntry?.before).toMatchObject({ endDate: signed.endDate });
    expect(acceptEntry?.after).toMatchObject({ endDate: "2040-12-31", status: "accepted" });
  });

  it("a new signed document is proposed as an amendment: both sides read it, the agreement takes it when accepted", async () => {
    const draft = (await create(program.cookie, fields({ facilityId: facility.organizationId }))).json;
    expect((await uploadFile(program.cookie, draft.id, await pdfBytes("Original text"), "original.pdf")).status).toBe(
      200,
    );
    await signBoth(draft.id, program, facility);
    const amend = (cookie: string, name: string, text: string) =>
      pdfBytes(text).then((bytes) => {
        const form = new FormData();
        form.append("file", new File([bytes as Uint8Array<ArrayBuffer>], name, { type: "application/pdf" }));
        return t.app.request(`/api/agreements/${draft.id}/amendment/document`, {
          method: "PUT",
          body: form,
          headers: { cookie },
        });
      });
    expect((await amend(otherFacility.cookie, "x.pdf", "Foreign")).status).toBe(404);
    const proposed = await amend(facility.cookie, "amended.pdf", "Amended text");
    expect(proposed.status).toBe(200);
    const body = await proposed.json();
    expect(body.document.name).toBe("original.pdf");
    expect(body.pendingAmendment).toMatchObject({ proposedBySide: "facility", document: { name: "amended.pdf" } });
    // The other side cannot attach its own file to the facility's proposal.
    expect((await amend(program.cookie, "mine.pdf", "Mine")).status).toBe(409);
    for (const who of [program, admin]) {
      const file = await t.app.request(`/api/agreements/${draft.id}/amendment/document`, {
        headers: { cookie: who.cookie },
      });
      expect(file.status).toBe(200);
      expect(file.headers.get("content-type")).toBe("application/pdf");
    }
    const foreign = await t.app.request(`/api/agreements/${draft.id}/amendment/document`, {
      headers: { cookie: otherProgram.cookie },
    });
    expect(foreign.status).toBe(404);
    const accepted = await t.call("POST", `/api/agreements/${draft.id}/amendment/accept`, { cookie: program.cookie });
    expect(accepted.json).toMatchObject({ document: { name: "amended.pdf" }, pendingAmendment: null });
    const served = await t.app.request(`/api/agreements/${draft.id}/document`, { headers: { cookie: program.cookie } });
    expect(served.status).toBe(200);
    const entry = (await auditOf(draft.id)).find((e) => e.action === "agreement.amendment.accept");
    expect(entry?.before).toMatchObject({ document: "original.pdf" });
    expect(entry?.after).toMatchObject({ document: "amended.pdf" });
  });

  it("twenty proposals at once leave one pending amendment (the others 409)", async () => {
    const draft = (await create(program.cookie, fields({ facilityId: facility.organizationId }))).json;
    await signBoth(draft.id, program, facility);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.call("POST", `/api/agreements/${draft.id}/amendments`, {
          cookie: i % 2 ? program.cookie : facility.cookie,
          body: { endDate: `2040-01-${String(i + 1).padStart(2, "0")}` },
        }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const log = await auditOf(draft.id);
    expect(log.filter((e) => e.action === "agreement.amendment.propose")).toHaveLength(1);
  });

  it("an administrator answers for the side that did not propose; a termination cancels a pending amendment", async () => {
    const draft = (await create(facility.cookie, fields({ programId: program.organizationId }))).json;
    await signBoth(draft.id, program, facility);
    await t.call("POST", `/api/agreements/${draft.id}/amendments`, {
      cookie: facility.cookie,
      body: { title: `${draft.title} (amended)` },
    });
    const byAdmin = await t.call("POST", `/api/agreements/${draft.id}/amendment/accept`, { cookie: admin.cookie });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.json.title).toBe(`${draft.title} (amended)`);
    await t.call("POST", `/api/agreements/${draft.id}/amendments`, {
      cookie: program.cookie,
      body: { endDate: "2041-01-31" },
    });
    const ended = await t.call("POST", `/api/agreements/${draft.id}/terminate`, {
      cookie: facility.cookie,
      body: { reason: "Closing" },
    });
    expect(ended.json).toMatchObject({ stage: "terminated", pendingAmendment: null });
    expect(
      (await t.call("POST", `/api/agreements/${draft.id}/amendment/accept`, { cookie: facility.cookie })).status,
    ).toBe(404);
    const actions = (await auditOf(draft.id)).map((e) => e.action);
    expect(actions).toContain("POST /api/agreements/{id}/terminate");
  });

  it("a draft's deletion is audited", async () => {
    const draft = (await create(program.cookie, fields({ facilityId: facility.organizationId }))).json;
    await sign(program.cookie, draft.id);
    expect((await t.call("DELETE", `/api/agreements/${draft.id}`, { cookie: facility.cookie })).status).toBe(200);
    expect((await auditOf(draft.id)).map((e) => e.action)).toContain("DELETE /api/agreements/{id}");
  });
});

describe("the signed document", () => {
  it("uploads a PDF (either side), serves it to both sides and admins only; wrong type 422, too large 413", async () => {
    const a = (await create(program.cookie, fields({ facilityId: facility.organizationId }))).json;
    const up = await uploadFile(
      facility.cookie,
      a.id,
      await pdfBytes("Signed affiliation agreement"),
      "Signed agreement.pdf",
    );
    expect(up.status).toBe(200);
    expect(up.json.document).toMatchObject({ name: "Signed agreement.pdf", contentType: "application/pdf" });
    for (const who of [program, facility, admin]) {
      const file = await t.app.request(`/api/agreements/${a.id}/document`, { headers: { cookie: who.cookie } });
      expect(file.status).toBe(200);
      expect(file.headers.get("content-type")).toBe("application/pdf");
      expect(new TextDecoder().decode((await file.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
    }
    const exe = await uploadFile(program.cookie, a.id, exeBytes(), "agreement.pdf");
    expect(exe.status).toBe(422);
    expect(exe.json.error?.issues?.[0].path).toBe("file");
    const big = await uploadFile(program.cookie, a.id, new Uint8Array(10 * 1024 * 1024 + 10));
    expect(big.status).toBe(413);
    // The refused uploads left the first document in place.
    const still = await t.call("GET", `/api/agreements/${a.id}`, { cookie: program.cookie });
    expect(still.json.document.name).toBe("Signed agreement.pdf");
    const none = (await create(program.cookie, fields({ facilityId: facility.organizationId }))).json;
    expect((await t.call("GET", `/api/agreements/${none.id}/document`, { cookie: program.cookie })).status).toBe(404);
  });
});

describe("lists, filters and CSV", () => {
  it("filters by status, the other organization, search and expiring within N days; counts by status; CSV", async () => {
    const soon = (
      await create(
        facility.cookie,
        fields({ programId: otherProgram.organizationId, endDate: dayFromToday(20), title: "Ends soon" }),
      )
    ).json;
    await signBoth(soon.id, otherProgram, facility);
    const expiring = await t.call("GET", "/api/agreements?status=expiring", { cookie: facility.cookie });
    expect(expiring.status).toBe(200);
    expect(expiring.json.items.map((a: { id: string }) => a.id)).toEqual([soon.id]);
    expect(expiring.json.byStatus.expiring).toBe(1);
    const within = await t.call("GET", "/api/agreements?expiringWithin=30", { cookie: facility.cookie });
    expect(within.json.items.map((a: { id: string }) => a.id)).toEqual([soon.id]);
    const other = await t.call("GET", `/api/agreements?organizationId=${otherProgram.organizationId}`, {
      cookie: facility.cookie,
    });
    expect(
      other.json.items.every((a: { program: { id: string } }) => a.program.id === otherProgram.organizationId),
    ).toBe(true);
    const paged = await t.call("GET", "/api/agreements?pageSize=2&page=1&sort=title&order=desc", {
      cookie: facility.cookie,
    });
    expect(paged.json.items).toHaveLength(2);
    expect(paged.json.total).toBeGreaterThan(2);
    const csv = await t.call("GET", "/api/agreements/export.csv?status=expiring", { cookie: facility.cookie });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(csv.text).toContain("Ends soon");
    expect(csv.text.split("\n")[0]).toContain("Title,Program,Facility,Status");
    // Another program's coordinator sees none of this facility's agreements with the first program.
    const foreign = await t.call("GET", "/api/agreements/export.csv", { cookie: otherFacility.cookie });
    expect(foreign.text).not.toContain("Ends soon");
    const all = await t.call("GET", "/api/agreements?pageSize=100", { cookie: admin.cookie });
    expect(all.json.items.map((a: { id: string }) => a.id)).toContain(soon.id);
  });

  it("the partner picker: facilities for a program, programs for a facility, searchable", async () => {
    const forProgram = await t.call("GET", "/api/agreements/partners", { cookie: program.cookie });
    expect(forProgram.json.kind).toBe("facility");
    expect(forProgram.json.items.length).toBeGreaterThan(0);
    const forFacility = await t.call("GET", "/api/agreements/partners?kind=facility", { cookie: facility.cookie });
    expect(forFacility.json.kind).toBe("program");
    const forAdmin = await t.call("GET", "/api/agreements/partners?kind=program", { cookie: admin.cookie });
    expect(forAdmin.json.kind).toBe("program");
    expect((await t.call("GET", "/api/agreements/partners", { cookie: student.cookie })).status).toBe(403);
  });
});

describe("the facility's rule: require an active agreement", () => {
  it("is off by default; only the facility side changes it; applications without one are refused with 409", async () => {
    const f = await t.createUser("facility");
    const p = await t.createUser("program");
    const s = await t.createUser("student", { organizationId: p.organizationId! });
    const placement = await createPlacement(t.deps.db, f.organizationId!, { title: "Ruled rotation" });
    const setting = await t.call("GET", "/api/agreements/requirement", { cookie: f.cookie });
    expect(setting.json).toEqual({ facilityId: f.organizationId, requireAgreement: false });
    expect(
      (await t.call("PUT", "/api/agreements/requirement", { cookie: p.cookie, body: { requireAgreement: true } }))
        .status,
    ).toBe(403);
    expect((await t.call("GET", "/api/agreements/requirement", { cookie: admin.cookie })).status).toBe(422);
    const on = await t.call("PUT", "/api/agreements/requirement", {
      cookie: f.cookie,
      body: { requireAgreement: true },
    });
    expect(on.status).toBe(200);
    expect(on.json.requireAgreement).toBe(true);

    // The search says so before anyone tries.
    const search = await t.call("GET", "/api/placements?search=Ruled%20rotation", { cookie: p.cookie });
    expect(search.json.items[0]).toMatchObject({ agreementRequired: true, agreementActive: false });
    const mine = await t.call("GET", "/api/me/student/placements?search=Ruled%20rotation", { cookie: s.cookie });
    expect(mine.json.items[0]).toMatchObject({ agreementRequired: true, agreementActive: false });

    const refused = await t.call("POST", "/api/applications", {
      cookie: p.cookie,
      body: { placementId: placement.id, studentIds: [s.studentId] },
    });
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe("agreement_required");
    expect(refused.json.error.message).toContain("requires an active affiliation agreement");
    const own = await t.call("POST", "/api/me/student/applications", {
      cookie: s.cookie,
      body: { placementId: placement.id },
    });
    expect(own.status).toBe(409);
    expect(own.json.error.code).toBe("agreement_required");
    // An administrator's submission: the student is refused with the reason.
    const byAdmin = await t.call("POST", "/api/applications", {
      cookie: admin.cookie,
      body: { placementId: placement.id, studentIds: [s.studentId] },
    });
    expect(byAdmin.json.refused[0].code).toBe("agreement_required");

    // A draft, or a signed agreement ending before the rotation does, is not enough.
    const short = (
      await create(f.cookie, fields({ programId: p.organizationId, endDate: dayFromToday(60), title: "Too short" }))
    ).json;
    await signBoth(short.id, p, f);
    expect(
      (
        await t.call("POST", "/api/applications", {
          cookie: p.cookie,
          body: { placementId: placement.id, studentIds: [s.studentId] },
        })
      ).status,
    ).toBe(409);

    // The program's signature alone does not put an agreement in force: still refused.
    const covering = (await create(p.cookie, fields({ facilityId: f.organizationId, title: "Covers it" }))).json;
    const half = await sign(p.cookie, covering.id);
    expect(half.status).toBe(200);
    expect(half.json).toMatchObject({ stage: "draft", status: "draft", awaiting: "facility" });
    const stillRefused = await t.call("POST", "/api/applications", {
      cookie: p.cookie,
      body: { placementId: placement.id, studentIds: [s.studentId] },
    });
    expect(stillRefused.status).toBe(409);
    expect(stillRefused.json.error.code).toBe("agreement_required");
    expect(
      (await t.call("GET", "/api/placements?search=Ruled%20rotation", { cookie: p.cookie })).json.items[0],
    ).toMatchObject({ agreementActive: false });
    // The facility's coordinator signs for the facility: now it is in force.
    const both = await sign(f.cookie, covering.id);
    expect(both.json).toMatchObject({ stage: "executed", status: "active", awaiting: null });
    const flagged = await t.call("GET", "/api/placements?search=Ruled%20rotation", { cookie: p.cookie });
    expect(flagged.json.items[0]).toMatchObject({ agreementRequired: true, agreementActive: true });
    const accepted = await t.call("POST", "/api/applications", {
      cookie: p.cookie,
      body: { placementId: placement.id, studentIds: [s.studentId] },
    });
    expect(accepted.status).toBe(201);
    expect(accepted.json.submitted).toHaveLength(1);
  });

  it("a facility without the rule flags nothing", async () => {
    const placement = await createPlacement(t.deps.db, otherFacility.organizationId!, { title: "Open rotation" });
    const search = await t.call("GET", "/api/placements?search=Open%20rotation", { cookie: program.cookie });
    expect(search.json.items.find((p: { id: string }) => p.id === placement.id)).toMatchObject({
      agreementRequired: false,
      agreementActive: true,
    });
  });
});

describe("expiry reminders", () => {
  it("both sides' coordinators are mailed once per window, however often the scan runs", async () => {
    const f = await t.createUser("facility");
    const p = await t.createUser("program");
    const a = (
      await create(p.cookie, fields({ facilityId: f.organizationId, endDate: dayFromToday(30), title: "Reminded" }))
    ).json;
    await signBoth(a.id, p, f);
    for (const key of ["scan-a", "scan-b"]) {
      await t.deps.jobs.enqueue(t.deps.db, {
        kind: "agreements.expiry-scan",
        payload: { today: dayFromToday(0) },
        dedupeKey: key,
      });
      await t.drainJobs();
    }
    for (const who of [p, f]) {
      const mails = (await t.mailTo(who.email)).filter((m) => m.subject.includes("Affiliation agreement"));
      expect(mails).toHaveLength(1);
      expect(mails[0].subject).toContain("ends in 30 days");
    }
    // A week later the 7-day window has not come: nothing new. At 7 days left, one more each.
    await t.deps.jobs.enqueue(t.deps.db, {
      kind: "agreements.expiry-scan",
      payload: { today: dayFromToday(23) },
      dedupeKey: "scan-c",
    });
    await t.drainJobs();
    const mails = (await t.mailTo(f.email)).filter((m) => m.subject.includes("Affiliation agreement"));
    expect(mails.map((m) => m.subject)).toEqual([
      expect.stringContaining("ends in 7 days"),
      expect.stringContaining("ends in 30 days"),
    ]);
  });
});
