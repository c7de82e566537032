import { createRoute } from "@hono/zod-openapi";
import { createRouter, jsonContent } from "../../lib/router";
import { HealthSchema } from "./schemas";

const healthRoute = createRoute({
  method: "get",
  path: "/health",
  tags: ["health"],
  summary: "200 when the database answers, 503 otherwise",
  responses: { 200: jsonContent(HealthSchema, "Healthy"), 503: jsonContent(HealthSchema, "Database unavailable") },
});

export const healthRoutes = createRouter().openapi(healthRoute, async (c) => {
  const { database } = c.get("deps");
  const ok = await database.ping();
  return ok
    ? c.json({ status: "ok" as const, database: database.kind }, 200)
    : c.json({ status: "unavailable" as const, database: database.kind }, 503);
});
