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

// Issue 11: a load balancer, or many at once, may ask often. One ping answers every check that
// arrives while it is in flight, so checks never queue up on the database's connections; each answer
// still reflects a ping that had not finished when the check arrived.
const pinging = new WeakMap<object, Promise<boolean>>();
function sharedPing(database: { ping(): Promise<boolean> }): Promise<boolean> {
  let ping = pinging.get(database);
  if (!ping) {
    ping = database.ping().finally(() => pinging.delete(database));
    pinging.set(database, ping);
  }
  return ping;
}

export const healthRoutes = createRouter().openapi(healthRoute, async (c) => {
  const { database } = c.get("deps");
  const ok = await sharedPing(database);
  return ok
    ? c.json({ status: "ok" as const, database: database.kind }, 200)
    : c.json({ status: "unavailable" as const, database: database.kind }, 503);
});
