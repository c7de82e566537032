import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "./context";
import { errorBody, zodIssues } from "./errors";

/**
 * A feature's router: invalid input answers 422 with issues naming each field (D14), except a
 * malformed id in the path: that record does not exist, so 404 "X not found" (ADR 003), as for a
 * well-formed id nobody has.
 */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        if (result.target === "param") {
          const id = result.error.issues.find((i) => i.code === "invalid_format" && i.format === "uuid");
          if (id) return c.json(errorBody("not_found", id.message), 404);
        }
        const issues = zodIssues(result.error.issues);
        return c.json(errorBody("invalid", issues.map((i) => `${i.path}: ${i.message}`).join("; "), issues), 422);
      }
      return undefined; // valid input: the route's handler answers
    },
  });
}

/**
 * A record's id in the path (`{id}`). The one rule for a malformed id: 404 "`what` not found",
 * turned so by createRouter's hook (ADR 003). Extend the object for more path parameters.
 */
export const idParam = (what: string) =>
  z.object({
    id: z
      .uuid(`${what} not found`)
      .openapi({ param: { name: "id", in: "path" }, description: `The ${what.toLowerCase()}'s id` }),
  });

export const ErrorSchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
      missing: z
        .array(z.string())
        .optional()
        .openapi({ description: "not_ready: the requirements the student has not met" }),
    }),
  })
  .openapi("Error");

export const errorResponses = {
  401: { description: "Not signed in", content: { "application/json": { schema: ErrorSchema } } },
  403: { description: "Not allowed", content: { "application/json": { schema: ErrorSchema } } },
  404: {
    description: "Not found (also for records the caller may not see)",
    content: { "application/json": { schema: ErrorSchema } },
  },
  409: { description: "Conflict", content: { "application/json": { schema: ErrorSchema } } },
  422: { description: "Invalid fields", content: { "application/json": { schema: ErrorSchema } } },
} as const;

export const jsonContent = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});
