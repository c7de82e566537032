import { z } from "@hono/zod-openapi";
import {
  CHECKLIST_ITEMS,
  MAX_HISTORY,
  QUESTION_MAX,
  RESOURCE_CATEGORIES,
  resourceInputSchema,
} from "../../../domain/learning";
import { NURSING_SPECIALTIES } from "../../../domain/specialties";
import { pageQuerySchema } from "../../lib/pagination";

// The Learning Center's API contract (issue 16).

export const ResourceQuerySchema = pageQuerySchema.extend({
  category: z.enum(RESOURCE_CATEGORIES, { error: "Unknown category" }).optional(),
  specialty: z.enum(NURSING_SPECIALTIES, { error: "Unknown specialty" }).optional(),
});

export const CoordinatorResourceQuerySchema = ResourceQuerySchema.extend({
  programId: z.uuid("Unknown program").optional().openapi({ description: "Admins only; ignored for a coordinator" }),
});

const ResourceCard = z
  .object({
    id: z.string(),
    programId: z.string().nullable().openapi({ description: "null: a shared resource curated by administrators" }),
    programName: z.string().nullable(),
    title: z.string(),
    summary: z.string(),
    category: z.string(),
    kind: z.string(),
    durationMinutes: z.number().int(),
    specialties: z.array(z.string()),
    url: z.string().nullable(),
    file: z
      .object({ name: z.string(), contentType: z.string(), size: z.number().int() })
      .nullable()
      .openapi({ description: "The uploaded file, downloaded from the resource's /file route" }),
    updatedAt: z.string(),
    completedAt: z.string().nullable(),
  })
  .openapi("LearningResourceCard");

export const StudentResourcePageSchema = z.object({
  items: z.array(ResourceCard),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
});

export const CoordinatorResourcePageSchema = z.object({
  items: z.array(ResourceCard.extend({ completedBy: z.number().int() })),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const ResourceSchema = ResourceCard.extend({ body: z.string() }).openapi("LearningResource");

export const ResourceBodySchema = resourceInputSchema;
export const NewResourceBodySchema = resourceInputSchema.and(
  z.object({
    programId: z
      .uuid("Unknown program")
      .nullable()
      .optional()
      .openapi({ description: "Admins only: a program's resource; none for a shared one" }),
  }),
);

export const DoneBodySchema = z.object({ done: z.boolean({ error: "done must be true or false" }) });
export const CheckedBodySchema = z.object({ checked: z.boolean({ error: "checked must be true or false" }) });
export const ChecklistItemParam = z.object({
  item: z
    .string()
    .max(40)
    .openapi({ param: { name: "item", in: "path" }, description: CHECKLIST_ITEMS.join(", ") }),
});

export const ChecklistSchema = z
  .object({
    items: z.array(
      z.object({
        item: z.string(),
        label: z.string(),
        description: z.string(),
        source: z.enum(["student", "compliance", "not_required"]),
        checked: z.boolean(),
        checkedAt: z.string().nullable(),
        href: z.string().nullable(),
        requirements: z.array(
          z.object({
            typeId: z.string(),
            name: z.string(),
            status: z.string(),
            documentId: z.string().nullable(),
            fileName: z.string().nullable(),
            fileHref: z.string().nullable(),
          }),
        ),
      }),
    ),
    placements: z
      .array(
        z.object({
          placementId: z.string(),
          title: z.string(),
          facilityName: z.string(),
          startDate: z.string(),
          endDate: z.string(),
          items: z.array(
            z.object({
              id: z.string(),
              title: z.string(),
              description: z.string(),
              checked: z.boolean(),
              checkedAt: z.string().nullable(),
            }),
          ),
        }),
      )
      .openapi({ description: "The student's approved rotations that have not ended, with their own items" }),
    done: z.number().int(),
    total: z.number().int(),
    share: z.number().int().openapi({ description: "done / total as a whole percent" }),
  })
  .openapi("PreparationChecklist");

export const AssistantInfoSchema = z.object({
  mode: z.enum(["offline", "model"]),
  model: z.string().nullable(),
  suggestedQuestions: z.array(z.string()),
  questionsPerWindow: z.number().int(),
  windowMinutes: z.number().int(),
  questionsLeft: z.number().int(),
});

const CitationSchema = z.object({ n: z.number().int(), title: z.string(), href: z.string() });

export const ConversationListSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      createdAt: z.string(),
      updatedAt: z.string(),
      messages: z.number().int(),
    }),
  ),
});

export const ConversationSchema = z.object({
  id: z.string(),
  title: z.string(),
  messages: z.array(
    z.object({
      id: z.string(),
      role: z.enum(["user", "assistant"]),
      content: z.string(),
      citations: z.array(CitationSchema),
      createdAt: z.string(),
    }),
  ),
});

/**
 * The prototype's request (spec section 7: JSON messages of role and content), which is also an
 * OpenAI chat completion request: `model` and `stream` are accepted and ignored. The last message
 * is the question; `conversationId` continues one of the student's conversations.
 */
export const ChatBodySchema = z.object({
  messages: z
    .array(
      z.object({
        role: z.enum(["user", "assistant", "system"], { error: "role must be user, assistant or system" }),
        content: z.string({ error: "content must be text" }).max(20_000, "content must be at most 20000 characters"),
      }),
      { error: "messages must be a list of { role, content }" },
    )
    .min(1, "Ask a question")
    .max(MAX_HISTORY, `At most ${MAX_HISTORY} messages`)
    .superRefine((list, ctx) => {
      const last = list.at(-1);
      if (last?.role !== "user") {
        ctx.addIssue({
          code: "custom",
          path: [list.length - 1],
          message: "The last message must be the student's question",
        });
      } else if (last.content.trim() === "") {
        ctx.addIssue({ code: "custom", path: [list.length - 1, "content"], message: "Ask a question" });
      } else if (last.content.trim().length > QUESTION_MAX) {
        ctx.addIssue({
          code: "custom",
          path: [list.length - 1, "content"],
          message: `A question must be at most ${QUESTION_MAX} characters`,
        });
      }
    }),
  conversationId: z.uuid("Conversation not found").optional(),
  model: z.string().max(200).optional(),
  stream: z.boolean().optional(),
});

export const PlacementItemBodySchema = z.object({
  title: z
    .string({ error: "Title is required" })
    .trim()
    .min(1, "Title is required")
    .max(120, "Title must be at most 120 characters"),
  description: z
    .string({ error: "Description must be text" })
    .trim()
    .max(500, "Description must be at most 500 characters")
    .optional()
    .default(""),
});

export const PlacementItemSchema = z
  .object({
    id: z.string(),
    placementId: z.string(),
    title: z.string(),
    description: z.string(),
    createdAt: z.string(),
  })
  .openapi("PlacementChecklistItem");

export const PlacementItemListSchema = z.object({ items: z.array(PlacementItemSchema) });
