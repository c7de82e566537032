import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestUser } from "../testing/harness";
import { UPLOAD_MESSAGES } from "./file-inspection";
import { pdfWithScript, type ScriptKind, type ScriptPlace } from "./test-pdfs";

// A PDF's script is refused by every route that keeps an uploaded file (compliance documents,
// signed agreements, learning resources) and by the scan, however the PDF writes its objects;
// the same PDF without the script is accepted.

let t: TestApp;
let program: TestUser;
let student: TestUser;
let facility: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  program = await t.createUser("program");
  student = await t.createUser("student", { organizationId: program.organizationId! });
  facility = await t.createUser("facility");
}, 60_000);
afterAll(async () => {
  await t?.close();
});

async function send(method: "POST" | "PUT", url: string, cookie: string, bytes: Uint8Array, extra = {}) {
  const form = new FormData();
  form.append("file", new File([bytes as Uint8Array<ArrayBuffer>], "card.pdf", { type: "application/pdf" }));
  for (const [k, v] of Object.entries(extra)) form.append(k, String(v));
  const res = await t.app.request(url, { method, body: form, headers: { cookie } });
  return { status: res.status, json: await res.json() };
}

/** Each upload route, as its own user, on a record made for the occasion. */
const routes: { name: string; upload: (bytes: Uint8Array) => ReturnType<typeof send> }[] = [
  {
    name: "a compliance document",
    upload: (bytes) =>
      send("POST", "/api/me/student/compliance/documents", student.cookie, bytes, {
        requirementTypeId: "bls",
        issuedOn: "2026-01-05",
      }),
  },
  {
    name: "the compliance scan",
    upload: (bytes) => send("POST", "/api/compliance/scan", student.cookie, bytes),
  },
  {
    name: "a signed agreement",
    upload: async (bytes) => {
      const made = await t.call("POST", "/api/agreements", {
        cookie: program.cookie,
        body: {
          title: `Affiliation ${Math.random()}`,
          facilityId: facility.organizationId,
          startDate: "2026-01-01",
          endDate: "2030-12-31",
          contacts: [],
        },
      });
      expect(made.status).toBe(201);
      return send("PUT", `/api/agreements/${made.json.id}/document`, program.cookie, bytes);
    },
  },
  {
    name: "a learning resource",
    upload: async (bytes) => {
      const made = await t.call("POST", "/api/learning/resources", {
        cookie: program.cookie,
        body: {
          title: "Badge and parking map",
          summary: "Where to park.",
          body: "Garage C.",
          category: "compliance_safety",
          kind: "guide",
          durationMinutes: 5,
          specialties: [],
        },
      });
      expect(made.status).toBe(201);
      return send("PUT", `/api/learning/resources/${made.json.id}/file`, program.cookie, bytes);
    },
  },
];

const hostile: [ScriptPlace, ScriptKind][] = [
  ["object stream", "OpenAction"],
  ["ASCIIHex object stream", "OpenAction"],
  ["Flate object stream", "OpenAction"],
  ["plain objects", "OpenAction"],
  ["object stream", "Names"],
  ["untyped object stream", "OpenAction"],
];

describe.each(routes)("$name", ({ upload }) => {
  it.each(hostile)("refuses the script in %s (%s) with 422 naming the file", async (place, script) => {
    const res = await upload(pdfWithScript(place, script));
    expect(res.status).toBe(422);
    expect(res.json.error).toMatchObject({
      code: "invalid",
      message: UPLOAD_MESSAGES.pdfActive,
      issues: [{ path: "file", message: UPLOAD_MESSAGES.pdfActive }],
    });
  });

  it("accepts the same PDF without a script", async () => {
    const res = await upload(pdfWithScript("object stream", "none"));
    expect([200, 201]).toContain(res.status);
  });
});
