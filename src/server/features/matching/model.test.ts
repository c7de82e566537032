import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { students } from "../../db/schema/students";
import { readEnv } from "../../env";
import { createDepartment, createPlacement } from "../../factories/placements";
import { createFacility } from "../../testing/factories";
import { createTestApp, type TestApp, type TestUser } from "../../testing/harness";
import { ModelUnusableError, readReasons } from "./model";
import { matchingState } from "./recommendations";

// Issue 13, model mode: the real `openai` client against a small OpenAI-compatible server this test
// starts (POST /v1/chat/completions). The model rewords the reasons only; 429 and 402 are the
// prototype's paths; anything else that goes wrong keeps the engine's words.

type Behaviour = "ok" | "fenced" | "429" | "402" | "500" | "garbage" | "wrong-count" | "slow";
let behaviour: Behaviour = "ok";
const requests: { path: string; authorization: string | undefined; body: Record<string, unknown> }[] = [];
const hanging = new Set<ServerResponse>();

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = "";
    req.on("data", (chunk) => {
      data += chunk;
    });
    req.on("end", () => resolve(data));
  });
}

function completion(content: string) {
  return {
    id: "chatcmpl-test",
    object: "chat.completion",
    created: 1_790_000_000,
    model: "tiny-test-model",
    choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  };
}

async function handle(req: IncomingMessage, res: ServerResponse) {
  const raw = await readBody(req);
  const body = JSON.parse(raw || "{}") as Record<string, unknown>;
  requests.push({ path: req.url ?? "", authorization: req.headers.authorization, body });
  const send = (status: number, payload: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(payload));
  };
  if (req.url !== "/v1/chat/completions") return send(404, { error: { message: "not found" } });
  const user = (body.messages as { role: string; content: string }[]).find((m) => m.role === "user");
  const items = (JSON.parse(user?.content ?? "{}") as { placements: { reason: string }[] }).placements;
  const reworded = JSON.stringify({ reasons: items.map((i) => `Reworded: ${i.reason}`) });
  switch (behaviour) {
    case "ok":
      return send(200, completion(reworded));
    case "fenced":
      return send(200, completion(`Here you are:\n\`\`\`json\n${reworded}\n\`\`\``));
    case "429":
      return send(429, { error: { message: "Rate limit reached", type: "rate_limit_exceeded" } });
    case "402":
      return send(402, { error: { message: "Insufficient credits", type: "payment_required" } });
    case "500":
      return send(500, { error: { message: "boom" } });
    case "garbage":
      return send(200, completion("I would be glad to help with placements!"));
    case "wrong-count":
      return send(200, completion(JSON.stringify({ reasons: ["Only one"] })));
    case "slow":
      // Never answers in time: the client's timeout (LLM_TIMEOUT_MS) ends the wait.
      hanging.add(res);
      return;
  }
}

let server: Server;
let t: TestApp;
let student: TestUser;
let coordinator: TestUser;

beforeAll(async () => {
  server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  t = await createTestApp({
    env: {
      LLM_BASE_URL: `http://127.0.0.1:${port}/v1`,
      LLM_API_KEY: "test-key",
      LLM_MODEL: "tiny-test-model",
      LLM_TIMEOUT_MS: "300",
    },
  });
  await t.deps.realtime.ready;
  student = await t.createUser("student", { name: "Zelda Quill" });
  coordinator = await t.createUser("program", { organizationId: student.organizationId! });
  await t.deps.db.update(students).set({ gpa: "3.87" }).where(eq(students.id, student.studentId!));
  await t.call("PUT", "/api/me/student/preferences", {
    cookie: student.cookie,
    body: { specialtyInterests: ["Pediatrics"], geographicPreferences: ["Austin, TX"] },
  });
  const facility = await createFacility(t, { city: "Austin", state: "TX" });
  const department = await createDepartment(t.deps.db, facility.id, { capacity: 100 });
  for (const [i, specialty] of ["Pediatrics", "Emergency", "Oncology"].entries()) {
    await createPlacement(t.deps.db, facility.id, { title: `Rotation ${i}`, specialty, departmentId: department.id });
  }
});
afterAll(async () => {
  for (const res of hanging) res.destroy();
  await t?.close();
  await new Promise((resolve) => server?.close(resolve));
});
beforeEach(() => {
  // Each case starts from nothing kept, as after a change.
  matchingState(t.deps).cache.drop("*");
  behaviour = "ok";
  requests.length = 0;
});

const mine = () => t.call("GET", "/api/me/student/recommendations", { cookie: student.cookie });
type Item = { placement: { id: string }; match_score: number; reason: string; engineReason: string };

describe("model mode", () => {
  it("rewords the reasons only: scores, order and factors stay the engine's", async () => {
    behaviour = "garbage";
    const engine = await mine();
    expect(engine.json).toMatchObject({ mode: "engine", fallback: true, model: null });
    matchingState(t.deps).cache.drop("*");
    behaviour = "ok";
    const res = await mine();
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ mode: "model", model: "tiny-test-model", fallback: false });
    const items = res.json.items as Item[];
    expect(items.length).toBe(3);
    for (const item of items) expect(item.reason).toBe(`Reworded: ${item.engineReason}`);
    const strip = (list: Item[]) =>
      list.map(({ placement, match_score, engineReason }) => [placement.id, match_score, engineReason]);
    expect(strip(items)).toEqual(strip(engine.json.items));
  });

  it("sends the model the placements and the engine's sentences, never who the student is", async () => {
    await mine();
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request.authorization).toBe("Bearer test-key");
    expect(request.body.model).toBe("tiny-test-model");
    const sent = JSON.stringify(request.body);
    expect(sent).toContain("Rotation 0");
    expect(sent).toContain("Matches your Pediatrics interest");
    for (const secret of ["Zelda", "Quill", student.email, "3.87", student.studentId!])
      expect(sent).not.toContain(secret);
  });

  it("keeps the reworded reasons with the recommendations: no second call to the model", async () => {
    const first = await mine();
    const second = await mine();
    expect(second.json).toEqual(first.json);
    expect(requests).toHaveLength(1);
  });

  it("reads a JSON answer wrapped in prose or a code fence", async () => {
    behaviour = "fenced";
    expect((await mine()).json.mode).toBe("model");
  });

  it("429 from the model: the prototype's rate-limit answer", async () => {
    behaviour = "429";
    const res = await mine();
    expect(res.status).toBe(429);
    expect(res.json).toEqual({
      error: { code: "rate_limited", message: "Too many requests. Please try again in a moment." },
    });
  });

  it("402 from the model: the prototype's credits answer", async () => {
    behaviour = "402";
    const res = await t.call("GET", `/api/students/${student.studentId}/recommendations`, {
      cookie: coordinator.cookie,
    });
    expect(res.status).toBe(402);
    expect(res.json).toEqual({
      error: { code: "credits_exhausted", message: "Please contact support to add more credits." },
    });
  });

  for (const failing of ["500", "garbage", "wrong-count", "slow"] as const) {
    it(`${failing}: the engine's words, said so (fallback), and no new try for a minute`, async () => {
      behaviour = failing;
      const res = await mine();
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ mode: "engine", model: null, fallback: true });
      for (const item of res.json.items as Item[]) expect(item.reason).toBe(item.engineReason);
      behaviour = "ok";
      expect((await mine()).json).toMatchObject({ mode: "engine", fallback: true });
      expect(requests).toHaveLength(1);
    });
  }

  it("speaks to the coordinator about the student", async () => {
    const res = await t.call("GET", `/api/students/${student.studentId}/recommendations`, {
      cookie: coordinator.cookie,
    });
    expect(res.json.mode).toBe("model");
    expect(JSON.stringify(requests[0].body)).toContain("coordinator");
  });
});

describe("readReasons", () => {
  it("takes exactly one plain sentence per placement", () => {
    expect(readReasons('{"reasons": ["  A  fine\\nsentence ", "Another"]}', 2)).toEqual(["A fine sentence", "Another"]);
    for (const bad of [
      null,
      "no json",
      "{not json}",
      '{"reasons": "one"}',
      '{"reasons": ["one"]}',
      '{"reasons": ["one", 2]}',
      '{"reasons": ["one", ""]}',
      `{"reasons": ["one", "${"x".repeat(300)}"]}`,
      '{"reasons": ["one", "see https://example.com"]}',
      '{"reasons": ["one", "<b>bold</b>"]}',
    ]) {
      expect(() => readReasons(bad, 2), String(bad)).toThrow(ModelUnusableError);
    }
  });
});

describe("configuration", () => {
  it("takes the three LLM settings together or none, and keeps recommendations 5 minutes by default", () => {
    expect(readEnv({}).RECOMMENDATIONS_CACHE_MS).toBe(300_000);
    expect(readEnv({}).LLM_TIMEOUT_MS).toBe(8_000);
    expect(() => readEnv({ LLM_BASE_URL: "https://llm.example/v1" })).toThrow(/set together/);
    expect(() => readEnv({ LLM_API_KEY: "k", LLM_MODEL: "m" })).toThrow(/set together/);
    const env = readEnv({ LLM_BASE_URL: "https://llm.example/v1", LLM_API_KEY: "k", LLM_MODEL: "m" });
    expect(env).toMatchObject({ LLM_BASE_URL: "https://llm.example/v1", LLM_API_KEY: "k", LLM_MODEL: "m" });
  });
});
