import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "./context";
import { errorBody, zodIssues } from "./errors";

/** A feature's router: invalid input answers 422 with issues naming each field (D14). */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        const issues = zodIssues(result.error.issues);
        return c.json(errorBody("invalid", issues.map((i) => `${i.path}: ${i.message}`).join("; "), issues), 422);
      }
    },
  });
}

export const ErrorSchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
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
