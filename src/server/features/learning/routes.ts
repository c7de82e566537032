import { randomUUID } from "node:crypto";
import { createRoute, z } from "@hono/zod-openapi";
import {
  ASSISTANT_QUESTIONS_PER_WINDOW,
  ASSISTANT_WINDOW_MINUTES,
  CHAT_ERRORS,
  RATE_LIMIT_MESSAGE,
  SUGGESTED_QUESTIONS,
} from "../../../domain/learning";
import { FACILITY_SIDE, PROGRAM_SIDE, STUDENT_VIEWERS } from "../../../domain/roles";
import { allow, studentScope } from "../../lib/access";
import { noteAudit } from "../../lib/audit";
import { loggableError } from "../../lib/errors";
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from "../../lib/file-inspection";
import { createRouter, ErrorSchema, errorResponses, idParam, jsonContent } from "../../lib/router";
import { dropStoredFile, sendStoredFile } from "../../lib/stored-files";
import {
  answer,
  assistantMode,
  conversationMessages,
  deleteConversation,
  findPassages,
  listConversations,
  questionsLeft,
  recordAnswer,
  recordQuestion,
  takeQuestion,
} from "./assistant";
import { checklistOf, tickItem } from "./checklist";
import { addPlacementItem, listPlacementItems, removePlacementItem, tickPlacementItem } from "./placement-items";
import { removeResourceFile, resourceFile, uploadResourceFile } from "./resource-file";
import {
  createResource,
  deleteResource,
  listForCoordinator,
  listForStudent,
  markResource,
  readResource,
  updateResource,
} from "./resources";
import {
  AssistantInfoSchema,
  ChatBodySchema,
  CheckedBodySchema,
  ChecklistItemParam,
  ChecklistSchema,
  ConversationListSchema,
  ConversationSchema,
  CoordinatorResourcePageSchema,
  CoordinatorResourceQuerySchema,
  DoneBodySchema,
  NewResourceBodySchema,
  PlacementItemBodySchema,
  PlacementItemListSchema,
  PlacementItemSchema,
  ResourceBodySchema,
  ResourceQuerySchema,
  ResourceSchema,
  StudentResourcePageSchema,
} from "./schemas";
import { pieces, sse } from "./sse";

// The Learning Center (issue 16): /api/me/student/learning/* is the student's own (resources they
// may read, their checklist, their conversations with the study assistant); /api/learning/* is
// where coordinators add their program's resources and administrators curate the shared ones.

const resourceId = idParam("Resource");
const placementId = idParam("Placement");
const placementItemParams = placementId.extend({
  itemId: z.uuid("Checklist item not found").openapi({ param: { name: "itemId", in: "path" } }),
});

/** The route that takes a resource's file (multipart/form-data; app.ts's body limit and JSON guard name it). */
export const RESOURCE_UPLOAD_PATH = /^\/api\/learning\/resources\/[^/]+\/file$/;
export const RESOURCE_UPLOAD_BODY_LIMIT = MAX_UPLOAD_BYTES + 64 * 1024;

const fileField = z
  .custom<File>((v) => typeof File !== "undefined" && v instanceof File, { message: "Choose a file to upload" })
  .openapi({ type: "string", format: "binary", description: "PDF, JPEG or PNG, at most 10 MB" });
const fileBytes = {
  200: {
    description: "The file's bytes",
    content: {
      "application/pdf": { schema: z.string().openapi({ format: "binary" }) },
      "image/png": { schema: z.string().openapi({ format: "binary" }) },
      "image/jpeg": { schema: z.string().openapi({ format: "binary" }) },
    },
  },
};
const conversationId = idParam("Conversation");
const tags = ["learning"];
const json = <T extends z.ZodType>(schema: T) => ({
  body: { content: { "application/json": { schema } }, required: true },
});

// ---------------------------------------------------------------------------------------------
// The student's own

const myResourcesRoute = createRoute({
  method: "get",
  path: "/learning/resources",
  tags,
  summary: "The resources the student may read (shared and their program's), with their done marks",
  middleware: [allow(...STUDENT_VIEWERS)] as const,
  request: { query: ResourceQuerySchema },
  responses: { 200: jsonContent(StudentResourcePageSchema, "A page of resources"), ...errorResponses },
});

const myResourceRoute = createRoute({
  method: "get",
  path: "/learning/resources/{id}",
  tags,
  summary: "One resource with its text (another program's: 404)",
  middleware: [allow(...STUDENT_VIEWERS)] as const,
  request: { params: resourceId },
  responses: { 200: jsonContent(ResourceSchema, "The resource"), ...errorResponses },
});

const progressRoute = createRoute({
  method: "put",
  path: "/learning/resources/{id}/progress",
  tags,
  summary: "Marked a learning resource as done (or not)",
  middleware: [allow(...STUDENT_VIEWERS)] as const,
  request: { params: resourceId, ...json(DoneBodySchema) },
  responses: { 200: jsonContent(ResourceSchema, "The resource with its mark"), ...errorResponses },
});

const myResourceFileRoute = createRoute({
  method: "get",
  path: "/learning/resources/{id}/file",
  tags,
  summary: "A resource's uploaded file (another program's: 404)",
  middleware: [allow(...STUDENT_VIEWERS)] as const,
  request: { params: resourceId },
  responses: { ...fileBytes, ...errorResponses },
});

const tickPlacementItemRoute = createRoute({
  method: "put",
  path: "/learning/checklist/placement-items/{id}",
  tags,
  summary: "Ticked a placement's preparation checklist item",
  middleware: [allow(...STUDENT_VIEWERS)] as const,
  request: { params: idParam("Checklist item"), ...json(CheckedBodySchema) },
  responses: { 200: jsonContent(ChecklistSchema, "The checklist"), ...errorResponses },
});

const checklistRoute = createRoute({
  method: "get",
  path: "/learning/checklist",
  tags,
  summary: "The student's preparation checklist: compliance items from approved documents, the rest ticked by them",
  middleware: [allow(...STUDENT_VIEWERS)] as const,
  responses: { 200: jsonContent(ChecklistSchema, "The checklist"), ...errorResponses },
});

const tickRoute = createRoute({
  method: "put",
  path: "/learning/checklist/{item}",
  tags,
  summary: "Ticked a preparation checklist item (orientation or uniform)",
  middleware: [allow(...STUDENT_VIEWERS)] as const,
  request: { params: ChecklistItemParam, ...json(CheckedBodySchema) },
  responses: { 200: jsonContent(ChecklistSchema, "The checklist"), ...errorResponses },
});

const assistantRoute = createRoute({
  method: "get",
  path: "/learning/assistant",
  tags,
  summary: "The study assistant's mode (offline retrieval or a model), suggested questions and limit",
  middleware: [allow(...STUDENT_VIEWERS)] as const,
  responses: { 200: jsonContent(AssistantInfoSchema, "The assistant"), ...errorResponses },
});

const conversationsRoute = createRoute({
  method: "get",
  path: "/learning/conversations",
  tags,
  summary: "The student's conversations with the study assistant, newest first",
  middleware: [allow(...STUDENT_VIEWERS)] as const,
  responses: { 200: jsonContent(ConversationListSchema, "Conversations"), ...errorResponses },
});

const conversationRoute = createRoute({
  method: "get",
  path: "/learning/conversations/{id}",
  tags,
  summary: "One of the student's conversations (another student's: 404)",
  middleware: [allow(...STUDENT_VIEWERS)] as const,
  request: { params: conversationId },
  responses: { 200: jsonContent(ConversationSchema, "The conversation"), ...errorResponses },
});

const deleteConversationRoute = createRoute({
  method: "delete",
  path: "/learning/conversations/{id}",
  tags,
  summary: "Deleted a study assistant conversation",
  middleware: [allow(...STUDENT_VIEWERS)] as const,
  request: { params: conversationId },
  responses: {
    200: jsonContent(z.object({ id: z.string(), deleted: z.literal(true) }), "Deleted"),
    ...errorResponses,
  },
});

const chatRoute = createRoute({
  method: "post",
  path: "/learning/assistant/chat/completions",
  tags,
  summary: "Asked the study assistant (a Server-Sent Events stream in OpenAI's chat completion format)",
  description:
    "The answer streams as `data:` lines carrying `choices[0].delta.content`, ended by `data: [DONE]`; an error after the stream began is a `data:` line with a body field `error`. The conversation's id is in the `x-conversation-id` header and each chunk's `conversation_id`. Point an OpenAI client's baseURL at /api/me/student/learning/assistant.",
  middleware: [allow(...STUDENT_VIEWERS)] as const,
  request: json(ChatBodySchema),
  responses: {
    200: { description: "The answer as a stream", content: { "text/event-stream": { schema: z.string() } } },
    429: jsonContent(ErrorSchema, RATE_LIMIT_MESSAGE),
    ...errorResponses,
  },
});

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const myLearningRoutes = createRouter()
  .openapi(myResourcesRoute, async (c) =>
    c.json(await listForStudent(c.get("deps").db, studentScope(c.get("scope")), c.req.valid("query")), 200),
  )
  .openapi(myResourceRoute, async (c) =>
    c.json(await readResource(c.get("deps").db, studentScope(c.get("scope")), c.req.valid("param").id), 200),
  )
  .openapi(progressRoute, async (c) => {
    const scope = studentScope(c.get("scope"));
    const { id } = c.req.valid("param");
    const { done } = c.req.valid("json");
    noteAudit(c, { entityType: "learning_resource", entityId: id, after: { done } });
    return c.json(await markResource(c.get("deps").db, scope, id, done), 200);
  })
  .openapi(myResourceFileRoute, async (c) =>
    sendStoredFile(c, await resourceFile(c.get("deps"), studentScope(c.get("scope")), c.req.valid("param").id)),
  )
  .openapi(checklistRoute, async (c) => c.json(await checklistOf(c.get("deps").db, studentScope(c.get("scope"))), 200))
  .openapi(tickPlacementItemRoute, async (c) => {
    const scope = studentScope(c.get("scope"));
    const { id } = c.req.valid("param");
    const { checked } = c.req.valid("json");
    await tickPlacementItem(c.get("deps").db, scope, id, checked);
    noteAudit(c, { entityType: "placement_checklist_item", entityId: id, after: { checked } });
    return c.json(await checklistOf(c.get("deps").db, scope), 200);
  })
  .openapi(tickRoute, async (c) => {
    const scope = studentScope(c.get("scope"));
    const { item } = c.req.valid("param");
    const { checked } = c.req.valid("json");
    noteAudit(c, { entityType: "checklist_item", entityId: item, after: { checked } });
    return c.json(await tickItem(c.get("deps").db, scope, item, checked), 200);
  })
  .openapi(assistantRoute, async (c) => {
    const scope = studentScope(c.get("scope"));
    return c.json(
      {
        ...assistantMode(c.get("deps").env),
        suggestedQuestions: [...SUGGESTED_QUESTIONS],
        questionsPerWindow: ASSISTANT_QUESTIONS_PER_WINDOW,
        windowMinutes: ASSISTANT_WINDOW_MINUTES,
        questionsLeft: await questionsLeft(c.get("deps").db, scope.studentId),
      },
      200,
    );
  })
  .openapi(conversationsRoute, async (c) =>
    c.json({ items: await listConversations(c.get("deps").db, studentScope(c.get("scope"))) }, 200),
  )
  .openapi(conversationRoute, async (c) =>
    c.json(await conversationMessages(c.get("deps").db, studentScope(c.get("scope")), c.req.valid("param").id), 200),
  )
  .openapi(deleteConversationRoute, async (c) =>
    c.json(await deleteConversation(c.get("deps").db, studentScope(c.get("scope")), c.req.valid("param").id), 200),
  )
  .openapi(chatRoute, async (c) => {
    const scope = studentScope(c.get("scope"));
    const { db, env, log } = c.get("deps");
    const body = c.req.valid("json");
    const question = (body.messages.at(-1)?.content ?? "").trim();
    // A question is a private study note, not a change to anyone's records: it is kept in the
    // student's conversation, not in the audit trail.
    noteAudit(c, { skip: true });
    // Everything that can refuse does so before the stream starts, as a JSON error.
    const conversation = await recordQuestionChecked(c.get("deps").db, scope, question, body);
    const hits = await findPassages(db, scope, question);
    const history =
      conversation.history.length > 0
        ? conversation.history
        : body.messages
            .slice(0, -1)
            .filter((m): m is { role: "user" | "assistant"; content: string } => m.role !== "system")
            .slice(-10);
    const reply = answer(env, hits, question, history);
    const meta = {
      id: `chatcmpl-${randomUUID()}`,
      model: assistantMode(env).model ?? "learning-center-retrieval",
      created: Math.floor(Date.now() / 1000),
      conversationId: conversation.id,
    };
    const encoder = new TextEncoder();
    let cancelled = false;
    const stream = new ReadableStream<Uint8Array>({
      async start(controller) {
        const send = (text: string) => {
          if (!cancelled) controller.enqueue(encoder.encode(text));
        };
        let text = "";
        send(sse.start(meta));
        try {
          for await (const part of reply.pieces) {
            // Offline, the composed answer goes a few words at a time (ASSISTANT_STREAM_PACE_MS).
            const parts = assistantMode(env).mode === "offline" ? pieces(part) : [part];
            for (const p of parts) {
              if (cancelled) break;
              text += p;
              send(sse.delta(meta, p));
              if (env.ASSISTANT_STREAM_PACE_MS > 0 && parts.length > 1) await wait(env.ASSISTANT_STREAM_PACE_MS);
            }
          }
          send(sse.stop(meta));
        } catch (err) {
          log.warn({ err: loggableError(err) }, "learning: the study assistant's answer failed");
          send(sse.error(CHAT_ERRORS.response));
        }
        send(sse.done());
        if (text.trim()) {
          await recordAnswer(db, conversation.id, text, reply.citations).catch((err) =>
            log.error({ err: loggableError(err) }, "learning: the answer could not be saved"),
          );
        }
        if (!cancelled) controller.close();
      },
      cancel() {
        cancelled = true;
      },
    });
    c.header("content-type", "text/event-stream; charset=utf-8");
    c.header("cache-control", "no-cache, no-transform");
    c.header("x-accel-buffering", "no");
    c.header("x-conversation-id", conversation.id);
    return c.body(stream, 200) as never;
  });

/** The conversation (404 for another student's) is checked before the question counts against the limit. */
async function recordQuestionChecked(
  db: Parameters<typeof recordQuestion>[0],
  scope: ReturnType<typeof studentScope>,
  question: string,
  body: { conversationId?: string },
) {
  if (body.conversationId) await conversationMessages(db, scope, body.conversationId);
  await takeQuestion(db, scope.studentId);
  return recordQuestion(db, scope, question, body.conversationId);
}

// ---------------------------------------------------------------------------------------------
// Coordinators and administrators: the library

const listRoute = createRoute({
  method: "get",
  path: "/resources",
  tags,
  summary: "The program's resources and the shared ones (admins: all, or one program's)",
  middleware: [allow(...PROGRAM_SIDE)] as const,
  request: { query: CoordinatorResourceQuerySchema },
  responses: { 200: jsonContent(CoordinatorResourcePageSchema, "A page of resources"), ...errorResponses },
});

const readRoute = createRoute({
  method: "get",
  path: "/resources/{id}",
  tags,
  summary: "One resource with its text (another program's: 404)",
  middleware: [allow(...PROGRAM_SIDE)] as const,
  request: { params: resourceId },
  responses: { 200: jsonContent(ResourceSchema, "The resource"), ...errorResponses },
});

const createResourceRoute = createRoute({
  method: "post",
  path: "/resources",
  tags,
  summary: "Added a learning resource",
  middleware: [allow(...PROGRAM_SIDE)] as const,
  request: json(NewResourceBodySchema),
  responses: { 201: jsonContent(ResourceSchema, "Created"), ...errorResponses },
});

const updateResourceRoute = createRoute({
  method: "put",
  path: "/resources/{id}",
  tags,
  summary: "Edited a learning resource",
  middleware: [allow(...PROGRAM_SIDE)] as const,
  request: { params: resourceId, ...json(ResourceBodySchema) },
  responses: { 200: jsonContent(ResourceSchema, "Updated"), ...errorResponses },
});

const deleteResourceRoute = createRoute({
  method: "delete",
  path: "/resources/{id}",
  tags,
  summary: "Deleted a learning resource",
  middleware: [allow(...PROGRAM_SIDE)] as const,
  request: { params: resourceId },
  responses: {
    200: jsonContent(z.object({ id: z.string(), deleted: z.literal(true) }), "Deleted"),
    ...errorResponses,
  },
});

const uploadFileRoute = createRoute({
  method: "put",
  path: "/resources/{id}/file",
  tags,
  summary: "Uploaded a learning resource's file (PDF, JPEG or PNG; replaces the previous file)",
  middleware: [allow(...PROGRAM_SIDE)] as const,
  request: {
    params: resourceId,
    body: { content: { "multipart/form-data": { schema: z.object({ file: fileField }) } }, required: true },
  },
  responses: {
    200: jsonContent(ResourceSchema, "The resource with its file"),
    ...errorResponses,
    413: { description: UPLOAD_MESSAGES.tooLarge, content: { "application/json": { schema: ErrorSchema } } },
    415: { description: "Not multipart/form-data", content: { "application/json": { schema: ErrorSchema } } },
  },
});

const removeFileRoute = createRoute({
  method: "delete",
  path: "/resources/{id}/file",
  tags,
  summary: "Removed a learning resource's file",
  middleware: [allow(...PROGRAM_SIDE)] as const,
  request: { params: resourceId },
  responses: { 200: jsonContent(ResourceSchema, "The resource without a file"), ...errorResponses },
});

const fileRoute = createRoute({
  method: "get",
  path: "/resources/{id}/file",
  tags,
  summary: "A resource's uploaded file (another program's: 404)",
  middleware: [allow(...PROGRAM_SIDE)] as const,
  request: { params: resourceId },
  responses: { ...fileBytes, ...errorResponses },
});

const placementItemsRoute = createRoute({
  method: "get",
  path: "/placements/{id}/items",
  tags,
  summary: "A placement's own preparation checklist items (another facility's: 404)",
  middleware: [allow(...FACILITY_SIDE)] as const,
  request: { params: placementId },
  responses: { 200: jsonContent(PlacementItemListSchema, "The items"), ...errorResponses },
});

const addPlacementItemRoute = createRoute({
  method: "post",
  path: "/placements/{id}/items",
  tags,
  summary: "Added a placement's preparation checklist item",
  middleware: [allow(...FACILITY_SIDE)] as const,
  request: { params: placementId, ...json(PlacementItemBodySchema) },
  responses: { 201: jsonContent(PlacementItemSchema, "Added"), ...errorResponses },
});

const removePlacementItemRoute = createRoute({
  method: "delete",
  path: "/placements/{id}/items/{itemId}",
  tags,
  summary: "Removed a placement's preparation checklist item",
  middleware: [allow(...FACILITY_SIDE)] as const,
  request: { params: placementItemParams },
  responses: {
    200: jsonContent(z.object({ id: z.string(), deleted: z.literal(true) }), "Removed"),
    ...errorResponses,
  },
});

export const learningRoutes = createRouter()
  .openapi(listRoute, async (c) =>
    c.json(await listForCoordinator(c.get("deps").db, c.get("scope"), c.req.valid("query")), 200),
  )
  .openapi(readRoute, async (c) =>
    c.json(await readResource(c.get("deps").db, c.get("scope"), c.req.valid("param").id), 200),
  )
  .openapi(createResourceRoute, async (c) => {
    const created = await createResource(c.get("deps").db, c.get("scope"), c.get("viewer"), c.req.valid("json"));
    noteAudit(c, {
      entityType: "learning_resource",
      entityId: created.id,
      organizationId: created.programId,
      after: { title: created.title },
    });
    return c.json(created, 201);
  })
  .openapi(updateResourceRoute, async (c) => {
    const { id } = c.req.valid("param");
    const updated = await updateResource(c.get("deps").db, c.get("scope"), id, c.req.valid("json"));
    noteAudit(c, { entityType: "learning_resource", entityId: id, organizationId: updated.programId });
    return c.json(updated, 200);
  })
  .openapi(deleteResourceRoute, async (c) => {
    const { id } = c.req.valid("param");
    noteAudit(c, { entityType: "learning_resource", entityId: id });
    const { fileKey, ...deleted } = await deleteResource(c.get("deps").db, c.get("scope"), id);
    if (fileKey) await dropStoredFile(c.get("deps"), fileKey, `deleted learning resource ${id}`);
    return c.json(deleted, 200);
  })
  .openapi(uploadFileRoute, async (c) => {
    const { id } = c.req.valid("param");
    const saved = await uploadResourceFile(c.get("deps"), c.get("scope"), id, c.req.valid("form").file);
    noteAudit(c, {
      entityType: "learning_resource",
      entityId: id,
      organizationId: saved.programId,
      after: { file: saved.file },
    });
    return c.json(saved, 200);
  })
  .openapi(removeFileRoute, async (c) => {
    const { id } = c.req.valid("param");
    const saved = await removeResourceFile(c.get("deps"), c.get("scope"), id);
    noteAudit(c, { entityType: "learning_resource", entityId: id, organizationId: saved.programId });
    return c.json(saved, 200);
  })
  .openapi(fileRoute, async (c) =>
    sendStoredFile(c, await resourceFile(c.get("deps"), c.get("scope"), c.req.valid("param").id)),
  )
  .openapi(placementItemsRoute, async (c) =>
    c.json(await listPlacementItems(c.get("deps").db, c.get("scope"), c.req.valid("param").id), 200),
  )
  .openapi(addPlacementItemRoute, async (c) => {
    const { facilityId, ...added } = await addPlacementItem(
      c.get("deps").db,
      c.get("scope"),
      c.get("viewer"),
      c.req.valid("param").id,
      c.req.valid("json"),
    );
    noteAudit(c, {
      entityType: "placement_checklist_item",
      entityId: added.id,
      organizationId: facilityId,
      after: { placementId: added.placementId, title: added.title },
    });
    return c.json(added, 201);
  })
  .openapi(removePlacementItemRoute, async (c) => {
    const { id, itemId } = c.req.valid("param");
    const { facilityId, ...removed } = await removePlacementItem(c.get("deps").db, c.get("scope"), id, itemId);
    noteAudit(c, { entityType: "placement_checklist_item", entityId: itemId, organizationId: facilityId });
    return c.json(removed, 200);
  });
