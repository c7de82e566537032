import { z } from "@hono/zod-openapi";
import { EVALUATION_KINDS, EVALUATION_PHASES, EVALUATION_STATUSES } from "../../../domain/evaluations";
import { pageOf } from "../../lib/pagination";

// Response shapes of /api/evaluations and /api/me/student/evaluations (issue 17).

const Ref = z.object({ id: z.uuid(), name: z.string() });

export const QuestionSchema = z
  .object({
    id: z.string(),
    type: z.enum(["rating", "comment"]),
    label: z.string(),
    help: z.string().optional(),
    section: z.string().optional(),
    required: z.boolean(),
    scale: z.number().int().optional(),
    scaleLabels: z.array(z.string()).optional(),
  })
  .openapi("EvaluationQuestion");

export const AnswerSchema = z.object({
  questionId: z.string(),
  rating: z.number().int().nullable().optional(),
  comment: z.string().nullable().optional(),
});

export const EvaluationItemSchema = z
  .object({
    id: z.uuid(),
    kind: z
      .enum(EVALUATION_KINDS)
      .openapi({ description: "student: of the student by the preceptor; site: of the site by the student" }),
    phase: z.enum(EVALUATION_PHASES),
    status: z.enum(EVALUATION_STATUSES),
    dueDate: z.string(),
    submittedAt: z.string().nullable(),
    formName: z.string(),
    student: Ref,
    rotation: z.object({ id: z.uuid(), title: z.string(), startDate: z.string(), endDate: z.string() }),
    program: Ref,
    facility: Ref,
  })
  .openapi("EvaluationItem");

export const EvaluationDetailSchema = EvaluationItemSchema.extend({
  questions: z.array(QuestionSchema),
  answers: z.array(AnswerSchema),
  submittedBy: z
    .string()
    .nullable()
    .openapi({ description: "Who submitted it (never shown to the facility for a site evaluation)" }),
}).openapi("Evaluation");

const byStatus = z.object({
  not_open: z.number().int(),
  open: z.number().int(),
  due_soon: z.number().int(),
  overdue: z.number().int(),
  submitted: z.number().int(),
});

export const EvaluationPageSchema = pageOf(EvaluationItemSchema).extend({ byStatus });

export const MyEvaluationsSchema = pageOf(EvaluationDetailSchema);

export const SiteSummarySchema = z
  .object({
    submitted: z.number().int(),
    minimum: z.number().int(),
    shown: z.boolean(),
    message: z.string().nullable(),
    questions: z.array(
      z.object({
        label: z.string(),
        scale: z.number().int(),
        scaleLabels: z.array(z.string()).optional(),
        average: z.number(),
        responses: z.number().int(),
      }),
    ),
    comments: z.array(z.string()),
  })
  .openapi("SiteEvaluationSummary");

export const SettingsSchema = z.object({ programId: z.uuid(), midpoint: z.boolean(), dueDays: z.number().int() });

export const FormSchema = z
  .object({
    id: z.uuid(),
    programId: z.uuid(),
    kind: z.enum(EVALUATION_KINDS),
    name: z.string(),
    questions: z.array(QuestionSchema),
    active: z.boolean(),
    inUse: z
      .number()
      .int()
      .openapi({ description: "How many evaluations were given this form (then an edit makes a copy)" }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("EvaluationForm");

const DefaultFormSchema = z.object({ name: z.string(), questions: z.array(QuestionSchema), active: z.boolean() });

export const FormListSchema = z.object({
  programId: z.uuid(),
  items: z.array(FormSchema),
  defaults: z.object({ student: DefaultFormSchema, site: DefaultFormSchema }),
});

export const FormSavedSchema = FormSchema.extend({
  copied: z.boolean().openapi({ description: "The form was in use: the edit was saved as a new form" }),
});
