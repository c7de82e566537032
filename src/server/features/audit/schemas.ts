import { z } from "@hono/zod-openapi";

// The audit trail's browsing API (issue 14): what the filters accept and what an entry looks like.

/** A date ("2026-11-24") or a date and time; a date alone in `to` includes that whole day. */
const when = (field: string) =>
  z
    .string()
    .trim()
    .max(40, `${field} must be a date`)
    .refine((v) => /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(v) && !Number.isNaN(Date.parse(v)), {
      message: `${field} must be a date (YYYY-MM-DD or an ISO date and time)`,
    })
    .optional();

const filterFields = z.object({
  actor: z.string().trim().max(255, "actor must be at most 255 characters").optional(),
  action: z.string().trim().max(100, "action must be at most 100 characters").optional(),
  entityType: z.string().trim().max(60, "entityType must be at most 60 characters").optional(),
  entityId: z.string().trim().max(500, "entityId must be at most 500 characters").optional(),
  organizationId: z.uuid("organizationId must be an organization's id").optional(),
  from: when("from"),
  to: when("to"),
  search: z.string().trim().max(100, "search must be at most 100 characters").optional(),
  failedSignIns: z
    .enum(["true", "false"], { message: "failedSignIns must be true or false" })
    .optional()
    .transform((v) => v === "true"),
});

const rangeInOrder = (q: { from?: string; to?: string }, ctx: z.RefinementCtx) => {
  const { from, to } = boundsOf(q);
  if (from && to && from > to) ctx.addIssue({ code: "custom", path: ["to"], message: "to must be on or after from" });
};

export const auditFilterSchema = filterFields.superRefine(rangeInOrder);
export type AuditFilter = z.infer<typeof auditFilterSchema>;

export const auditListQuerySchema = filterFields
  .extend({
    page: z.coerce.number().int().min(1, "page must be 1 or more").max(100_000, "page is too large").default(1),
    pageSize: z.coerce.number().int().min(1).max(100, "pageSize must be at most 100").default(25),
  })
  .superRefine(rangeInOrder);

/** The instants the date filters mean: `to` given as a bare date runs to the end of that day (UTC). */
export function boundsOf(q: { from?: string; to?: string }) {
  const bare = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);
  const from = q.from ? new Date(bare(q.from) ? `${q.from}T00:00:00Z` : q.from) : null;
  const to = q.to ? new Date(bare(q.to) ? Date.parse(`${q.to}T00:00:00Z`) + 86_400_000 - 1 : q.to) : null;
  return { from, to };
}

export const AuditEntrySchema = z
  .object({
    id: z.number().int(),
    at: z.string(),
    actorId: z.string().nullable(),
    actorEmail: z.string().nullable(),
    actorName: z.string().nullable(),
    actorRole: z.string().nullable(),
    actingAs: z.string().nullable(),
    actingAsName: z.string().nullable(),
    action: z.string(),
    summary: z.string(),
    entityType: z.string().nullable(),
    entityId: z.string().nullable(),
    /** The record's name while it exists (a student's, a placement's title, an organization's). */
    recordName: z.string().nullable(),
    /** An organization record's kind ("program" or "facility"), for its link. */
    recordKind: z.string().nullable(),
    organizationId: z.string().nullable(),
    organizationName: z.string().nullable(),
    before: z.unknown().nullable(),
    after: z.unknown().nullable(),
    detail: z.record(z.string(), z.unknown()).nullable(),
    ip: z.string().nullable(),
  })
  .openapi("AuditEntry");
export type AuditEntryDto = z.infer<typeof AuditEntrySchema>;

export const AuditPageSchema = z.object({
  items: z.array(AuditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const AuditActionsSchema = z.object({ items: z.array(z.string()) });
