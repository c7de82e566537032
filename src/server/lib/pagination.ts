import { z } from "@hono/zod-openapi";

// Every list is paginated on the server, searchable and sortable (D13). One query shape, one page shape.

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1, "page must be 1 or more").default(1),
  pageSize: z.coerce.number().int().min(1).max(100, "pageSize must be at most 100").default(20),
  search: z.string().trim().max(100, "search must be at most 100 characters").optional(),
  order: z.enum(["asc", "desc"]).optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

export const offsetOf = (q: { page: number; pageSize: number }) => (q.page - 1) * q.pageSize;

/**
 * An ILIKE pattern matching `term` anywhere: `%`, `_` and `\` in what the user typed are literal
 * characters, not wildcards (PostgreSQL's default LIKE escape is the backslash).
 */
export const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
