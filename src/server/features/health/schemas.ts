import { z } from "@hono/zod-openapi";

// The health check's response body.

export const HealthSchema = z.object({
  status: z.enum(["ok", "unavailable"]),
  database: z.enum(["pglite", "postgres"]),
});
