import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOTHING_FOUND } from "../../../domain/learning";
import { createTestApp, type TestApp, type TestUser } from "../../testing/harness";
import { dataLines, insertSharedLibrary, streamedText } from "./learning-test-kit";
import { pieces, sse } from "./sse";

// Issue 16: the assistant's stream is OpenAI's chat completion stream, so the real `openai` client
// reads it; with a model configured (LLM_*), the retrieved passages reach the model as context
// (checked by a small OpenAI-compatible server this test starts) and the answer keeps its citations.

describe("the SSE encoder", () => {
  const meta = { id: "chatcmpl-1", model: "m", created: 1700000000, conversationId: "c1" };

  it("writes data lines carrying choices[0].delta.content, a stop chunk and [DONE]", () => {
    expect(sse.start(meta)).toBe(
      'data: {"id":"chatcmpl-1","object":"chat.completion.chunk","created":1700000000,"model":"m","conversation_id":"c1","choices":[{"index":0,"delta":{"role":"assistant","content":""},"finish_reason":null}]}\n\n',
    );
    expect(JSON.parse(sse.delta(meta, 'say "hi"\n').slice(6)).choices[0].delta).toEqual({ content: 'say "hi"\n' });
    expect(JSON.parse(sse.stop(meta).slice(6)).choices[0]).toEqual({ index: 0, delta: {}, finish_reason: "stop" });
    expect(sse.error("Failed to get response")).toBe(
      'data: {"error":{"code":"assistant_failed","message":"Failed to get response"}}\n\n',
    );
    expect(sse.done()).toBe("data: [DONE]\n\n");
  });

  it("cuts text into pieces that join back to it exactly", () => {
    const text = "One two  three\n\nfour five six seven.";
    expect(pieces(text).join("")).toBe(text);
    expect(pieces(text).length).toBeGreaterThan(1);
  });
});

/** An OpenAI client on the test app: the app's own fetch, signed in with the student's cookie. */
function clientOf(t: TestApp, user: TestUser) {
  return new OpenAI({
    apiKey: "unused",
    baseURL: "http://localhost:3000/api/me/student/learning/assistant",
    defaultHeaders: { cookie: user.cookie },
    maxRetries: 0,
    fetch: async (url, init) => t.app.request(String(url), init as RequestInit),
  });
}

describe("offline mode read by the openai client", () => {
  let t: TestApp;
  let student: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    student = await t.createUser("student");
    await insertSharedLibrary(t.deps.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("streams the answer chunk by chunk, ending with the sources", async () => {
    const stream = await clientOf(t, student).chat.completions.create({
      model: "anything",
      stream: true,
      messages: [{ role: "user", content: "What should I expect on a pediatrics rotation?" }],
    });
    const parts: string[] = [];
    let finish: string | null = null;
    for await (const chunk of stream) {
      parts.push(chunk.choices[0]?.delta?.content ?? "");
      finish = chunk.choices[0]?.finish_reason ?? finish;
    }
    const text = parts.join("");
    expect(parts.length).toBeGreaterThan(10);
    expect(finish).toBe("stop");
    expect(text).toMatch(/Pediatric units care for infants/);
    expect(text).toMatch(/\n\nSources:\n\[1\] \[Preparing for a Pediatrics Rotation\]\(\/student\/learning\?resource=/);
  });

  it("reports a refusal as an API error with the envelope's body field error", async () => {
    const err = await clientOf(t, student)
      .chat.completions.create({ model: "x", stream: true, messages: [{ role: "user", content: "  " }] })
      .catch((e) => e);
    expect(err).toBeInstanceOf(OpenAI.APIError);
    expect(err.status).toBe(422);
    expect(err.error).toMatchObject({ code: "invalid" });
  });
});

describe("model mode (LLM_BASE_URL, LLM_API_KEY, LLM_MODEL)", () => {
  let t: TestApp;
  let student: TestUser;
  let server: Server;
  const seen: { body: Record<string, unknown>; auth: string | undefined }[] = [];
  let failNext = false;

  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = "";
      req.on("data", (c) => {
        body += c;
      });
      req.on("end", () => resolve(body));
    });

  beforeAll(async () => {
    // A small OpenAI-compatible endpoint: records each request and streams a fixed answer.
    server = createServer(async (req, res) => {
      const body = JSON.parse(await read(req));
      seen.push({ body, auth: req.headers.authorization });
      if (failNext) {
        failNext = false;
        res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { message: "model down" } }));
        return;
      }
      res.writeHead(200, { "content-type": "text/event-stream" });
      for (const piece of ["Use SBAR: ", "situation, background, ", "assessment, recommendation [1]."]) {
        res.write(
          `data: ${JSON.stringify({ id: "x", object: "chat.completion.chunk", created: 1, model: "tiny", choices: [{ index: 0, delta: { content: piece }, finish_reason: null }] })}\n\n`,
        );
      }
      res.end("data: [DONE]\n\n");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    t = await createTestApp({
      env: { LLM_BASE_URL: `http://127.0.0.1:${port}/v1`, LLM_API_KEY: "test-key", LLM_MODEL: "tiny" },
    });
    student = await t.createUser("student");
    await insertSharedLibrary(t.deps.db);
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it("says the model mode is on", async () => {
    const res = await t.call("GET", "/api/me/student/learning/assistant", { cookie: student.cookie });
    expect(res.json).toMatchObject({ mode: "model", model: "tiny" });
  });

  it("sends the retrieved passages to the model as context and keeps the citations", async () => {
    const res = await t.call("POST", "/api/me/student/learning/assistant/chat/completions", {
      cookie: student.cookie,
      body: { messages: [{ role: "user", content: "How do I give a good SBAR handoff report?" }] },
    });
    expect(res.status).toBe(200);
    const request = seen.at(-1)!;
    expect(request.auth).toBe("Bearer test-key");
    expect(request.body).toMatchObject({ model: "tiny", stream: true });
    const messages = request.body.messages as { role: string; content: string }[];
    expect(messages[0].role).toBe("system");
    expect(messages[0].content).toMatch(/only from the numbered sources/);
    const context = messages.at(-1)!.content;
    expect(context).toContain("[1] SBAR Handoff Communication");
    expect(context).toContain("Situation, Background, Assessment and Recommendation");
    expect(context).toContain("Question: How do I give a good SBAR handoff report?");
    const text = streamedText(res.text);
    expect(text).toMatch(/^Use SBAR: situation, background, assessment, recommendation \[1\]\./);
    expect(text).toMatch(/Sources:\n\[1\] \[SBAR Handoff Communication\]\(\/student\/learning\?resource=/);
  });

  it("does not call the model when nothing relevant is found", async () => {
    const before = seen.length;
    const res = await t.call("POST", "/api/me/student/learning/assistant/chat/completions", {
      cookie: student.cookie,
      body: { messages: [{ role: "user", content: "What is the capital of France?" }] },
    });
    expect(streamedText(res.text)).toBe(NOTHING_FOUND);
    expect(seen.length).toBe(before);
  });

  it("a failing model ends the stream with an error body field and [DONE]", async () => {
    failNext = true;
    const res = await t.call("POST", "/api/me/student/learning/assistant/chat/completions", {
      cookie: student.cookie,
      body: { messages: [{ role: "user", content: "What are neutropenic precautions?" }] },
    });
    expect(res.status).toBe(200);
    const lines = dataLines(res.text);
    expect(lines.at(-1)).toBe("[DONE]");
    expect(JSON.parse(lines.at(-2)!)).toEqual({
      error: { code: "assistant_failed", message: "Failed to get response" },
    });
  });
});
