// The baseline the API is measured against: a bare Hono app on @hono/node-server answering a
// constant JSON body. Started by bench/http-load.ts as its own process: `node bench/bare-hono.mjs PORT`.
import { serve } from "@hono/node-server";
import { Hono } from "hono";

const app = new Hono();
app.get("*", (c) => c.json({ ok: true, service: "bare" }));
serve({ fetch: app.fetch, port: Number(process.argv[2] ?? 3390), hostname: "127.0.0.1" }, () => {
  process.stdout.write("ready\n");
});
