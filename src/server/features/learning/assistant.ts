import { and, asc, desc, eq, sql } from "drizzle-orm";
import OpenAI from "openai";
import { applicationStatusLabel } from "../../../domain/applications";
import { ITEM_STATUS_LABELS } from "../../../domain/compliance";
import {
  ASSISTANT_QUESTIONS_PER_WINDOW,
  ASSISTANT_WINDOW_MINUTES,
  NOTHING_FOUND,
  RATE_LIMIT_MESSAGE,
} from "../../../domain/learning";
import type { Db } from "../../db/client";
import { assistantConversations, assistantMessages, assistantUsage, type Citation } from "../../db/schema/learning";
import type { Env } from "../../env";
import type { StudentScope } from "../../lib/access";
import { AppError, notFound } from "../../lib/errors";
import { myApplications } from "../applications/list";
import { studentCompliance } from "../compliance/student-compliance";
import { libraryOfStudent } from "./resources";
import {
  buildIndex,
  citationsOf,
  composeAnswer,
  contextOf,
  type Hit,
  retrieve,
  type Source,
  sourcesBlock,
} from "./retrieval";

// The study assistant (issue 16, ADR 021). Offline by default: retrieval over the library and the
// student's own records composes the answer from the passages found. With an OpenAI-compatible
// endpoint configured, the same passages go to the model as its only context and the answer keeps
// their citations. Either way nothing is answered when nothing relevant is found.

export type AssistantMode = { mode: "offline" | "model"; model: string | null };

export const assistantMode = (env: Env): AssistantMode =>
  env.LLM_BASE_URL && env.LLM_API_KEY && env.LLM_MODEL
    ? { mode: "model", model: env.LLM_MODEL }
    : { mode: "offline", model: null };

/** Where a citation of a resource leads: the Learning Center, opened on that resource. */
export const resourceHref = (id: string) => `/student/learning?resource=${id}`;

// ---------------------------------------------------------------------------------------------
// Rate limit: one row per student, counted and reset in one statement (ADR 021)

/**
 * Counts one question against the student's window; 429 with the prototype's text beyond the
 * limit. One upsert under the row's lock, so 20 questions at once count 20 on every instance.
 */
export async function takeQuestion(db: Db, studentId: string) {
  const expired = sql`${assistantUsage.windowStart} <= now() - make_interval(mins => ${ASSISTANT_WINDOW_MINUTES})`;
  const [row] = await db
    .insert(assistantUsage)
    .values({ studentId, windowStart: sql`now()`, questions: 1 })
    .onConflictDoUpdate({
      target: assistantUsage.studentId,
      set: {
        questions: sql`case when ${expired} then 1 else ${assistantUsage.questions} + 1 end`,
        windowStart: sql`case when ${expired} then now() else ${assistantUsage.windowStart} end`,
      },
    })
    .returning({ questions: assistantUsage.questions });
  if (row.questions > ASSISTANT_QUESTIONS_PER_WINDOW) {
    throw new AppError("rate_limited", RATE_LIMIT_MESSAGE, 429);
  }
  return { remaining: ASSISTANT_QUESTIONS_PER_WINDOW - row.questions };
}

/** Questions left in the current window (for the page). */
export async function questionsLeft(db: Db, studentId: string) {
  const [row] = await db
    .select({
      used: sql<number>`case when ${assistantUsage.windowStart} <= now() - make_interval(mins => ${ASSISTANT_WINDOW_MINUTES}) then 0 else ${assistantUsage.questions} end`,
    })
    .from(assistantUsage)
    .where(eq(assistantUsage.studentId, studentId));
  return Math.max(0, ASSISTANT_QUESTIONS_PER_WINDOW - (row?.used ?? 0));
}

// ---------------------------------------------------------------------------------------------
// Conversations: the student's own; another student's is 404

export async function listConversations(db: Db, scope: StudentScope) {
  const rows = await db
    .select({
      id: assistantConversations.id,
      title: assistantConversations.title,
      createdAt: assistantConversations.createdAt,
      updatedAt: assistantConversations.updatedAt,
      messages: sql<number>`(select count(*) from assistant_messages m where m.conversation_id = "assistant_conversations"."id")::int`,
    })
    .from(assistantConversations)
    .where(eq(assistantConversations.studentId, scope.studentId))
    .orderBy(desc(assistantConversations.updatedAt), desc(assistantConversations.id))
    .limit(50);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() }));
}

async function ownConversation(db: Db, scope: StudentScope, id: string) {
  const [row] = await db
    .select({ id: assistantConversations.id, title: assistantConversations.title })
    .from(assistantConversations)
    .where(and(eq(assistantConversations.id, id), eq(assistantConversations.studentId, scope.studentId)));
  if (!row) throw notFound("Conversation");
  return row;
}

export async function conversationMessages(db: Db, scope: StudentScope, id: string) {
  const conversation = await ownConversation(db, scope, id);
  const rows = await db
    .select({
      id: assistantMessages.id,
      role: assistantMessages.role,
      content: assistantMessages.content,
      citations: assistantMessages.citations,
      createdAt: assistantMessages.createdAt,
    })
    .from(assistantMessages)
    .where(eq(assistantMessages.conversationId, id))
    .orderBy(asc(assistantMessages.createdAt), asc(assistantMessages.id));
  return {
    ...conversation,
    messages: rows.map((r) => ({
      ...r,
      role: r.role as "user" | "assistant",
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

export async function deleteConversation(db: Db, scope: StudentScope, id: string) {
  await ownConversation(db, scope, id);
  await db.delete(assistantConversations).where(eq(assistantConversations.id, id));
  return { id, deleted: true as const };
}

/** The conversation a question goes to (a new one titled by the question), with its user message saved. */
export async function recordQuestion(db: Db, scope: StudentScope, question: string, conversationId?: string) {
  const id = conversationId
    ? (await ownConversation(db, scope, conversationId)).id
    : (
        await db
          .insert(assistantConversations)
          .values({ studentId: scope.studentId, title: question.length > 80 ? `${question.slice(0, 79)}…` : question })
          .returning({ id: assistantConversations.id })
      )[0].id;
  const history = await db
    .select({ role: assistantMessages.role, content: assistantMessages.content })
    .from(assistantMessages)
    .where(eq(assistantMessages.conversationId, id))
    .orderBy(desc(assistantMessages.createdAt), desc(assistantMessages.id))
    .limit(10);
  await db.insert(assistantMessages).values({ conversationId: id, role: "user", content: question });
  await db.update(assistantConversations).set({ updatedAt: new Date() }).where(eq(assistantConversations.id, id));
  return { id, history: history.reverse() as { role: "user" | "assistant"; content: string }[] };
}

export async function recordAnswer(db: Db, conversationId: string, content: string, citations: Citation[]) {
  await db.insert(assistantMessages).values({ conversationId, role: "assistant", content, citations });
  await db
    .update(assistantConversations)
    .set({ updatedAt: new Date() })
    .where(eq(assistantConversations.id, conversationId));
}

// ---------------------------------------------------------------------------------------------
// What the assistant reads: the library and the student's own records

/** The library the student may read and their own records as citable sources. */
export async function studentSources(db: Db, scope: StudentScope): Promise<Source[]> {
  const [library, applications, compliance] = await Promise.all([
    libraryOfStudent(db, scope.studentId),
    myApplications(db, scope, { page: 1, pageSize: 50 }),
    studentCompliance(db, scope.studentId),
  ]);
  const sources: Source[] = library.map((r) => ({
    id: r.id,
    title: r.title,
    href: resourceHref(r.id),
    body: [r.summary, r.body].filter(Boolean).join("\n\n"),
    tags: r.specialties,
  }));
  const current = applications.items.filter((a) => a.status === "approved" || a.status === "pending");
  if (current.length > 0) {
    sources.push({
      id: "my-rotations",
      title: "My Applications",
      href: "/student/applications",
      tags: ["rotation", "placement", "schedule", "start", ...current.map((a) => a.placement.specialty)],
      body: [
        "## Your rotations and applications",
        current
          .map(
            (a) =>
              `Your rotation ${a.placement.title} (${a.placement.specialty}) at ${a.facility.name}${a.facility.city ? `, ${a.facility.city}` : ""} runs from ${a.placement.startDate} to ${a.placement.endDate} (${a.placement.durationWeeks} weeks); application status: ${applicationStatusLabel(a.status, "student")}.${a.placement.requirements.length ? ` The facility asks for: ${a.placement.requirements.join("; ")}.` : ""}`,
          )
          .join("\n\n"),
      ].join("\n\n"),
    });
  }
  const open = compliance.items.filter((i) => i.status !== "approved");
  sources.push({
    id: "my-compliance",
    title: "My Compliance",
    href: "/student/compliance",
    tags: ["compliance", "requirement", "document", "missing", "upload"],
    body: [
      "## Your compliance items",
      open.length === 0
        ? `All ${compliance.items.length} compliance items your program requires are approved.`
        : `Compliance items your program requires that are not approved yet: ${open
            .map((i) => `${i.type.name} (${ITEM_STATUS_LABELS[i.status].toLowerCase()})`)
            .join("; ")}. Upload or renew them on My Compliance; your program reviews each document.`,
    ].join("\n\n"),
  });
  return sources;
}

/** The passages that answer a question, from the student's library and records. */
export async function findPassages(db: Db, scope: StudentScope, question: string): Promise<Hit[]> {
  return retrieve(buildIndex(await studentSources(db, scope)), question);
}

// ---------------------------------------------------------------------------------------------
// Answers

export type Reply = { citations: Citation[]; pieces: AsyncIterable<string> };

const SYSTEM = [
  "You are the study assistant of a clinical placement portal for nursing students.",
  "Answer only from the numbered sources the user message gives; never add facts they do not state.",
  "Cite the sources you use with their numbers in square brackets, like [1].",
  "If the sources do not answer the question, say that you could not find it in the Learning Center.",
  "Be concise and practical. Do not give medical advice about a specific patient.",
].join(" ");

/** The model's streamed answer to the question with the passages as context, then the sources block. */
async function* modelAnswer(
  env: Env,
  hits: Hit[],
  question: string,
  history: { role: "user" | "assistant"; content: string }[],
  citations: Citation[],
): AsyncIterable<string> {
  const client = new OpenAI({
    baseURL: env.LLM_BASE_URL,
    apiKey: env.LLM_API_KEY,
    timeout: Math.max(env.LLM_TIMEOUT_MS, 30_000),
    maxRetries: 0,
  });
  const stream = await client.chat.completions.create({
    model: env.LLM_MODEL as string,
    stream: true,
    temperature: 0.2,
    messages: [
      { role: "system", content: SYSTEM },
      ...history.map((m) => ({ role: m.role, content: m.content.slice(0, 4000) })),
      { role: "user", content: `Sources:\n\n${contextOf(hits)}\n\nQuestion: ${question}` },
    ],
  });
  for await (const chunk of stream) {
    const piece = chunk.choices[0]?.delta?.content;
    if (piece) yield piece;
  }
  yield sourcesBlock(citations);
}

async function* once(text: string): AsyncIterable<string> {
  yield text;
}

/** The answer to stream: nothing found (said plainly), the composed passages, or the model's words. */
export function answer(
  env: Env,
  hits: Hit[],
  question: string,
  history: { role: "user" | "assistant"; content: string }[],
): Reply {
  if (hits.length === 0) return { citations: [], pieces: once(NOTHING_FOUND) };
  if (assistantMode(env).mode === "model") {
    const citations = citationsOf(hits);
    return { citations, pieces: modelAnswer(env, hits, question, history, citations) };
  }
  const composed = composeAnswer(hits);
  return { citations: composed.citations, pieces: once(composed.text) };
}
