import { createRoute, z } from "@hono/zod-openapi";
import { signUpSchema } from "../../../domain/auth";
import { ROLES } from "../../../domain/roles";
import { allow, loadViewer, requireViewer } from "../../lib/access";
import { createRouter, errorResponses, jsonContent } from "../../lib/router";
import { getMe, signUp } from "./service";

const OrganizationSchema = z.object({
  id: z.string(),
  kind: z.enum(["program", "facility"]),
  name: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  verificationStatus: z.enum(["pending", "verified", "rejected"]),
});

const MeSchema = z
  .object({
    user: z.object({ id: z.string(), email: z.string(), name: z.string(), twoFactorEnabled: z.boolean() }),
    profile: z.object({ fullName: z.string(), organizationName: z.string() }),
    roles: z.array(z.enum(ROLES)),
    role: z.enum(ROLES).nullable(),
    organization: OrganizationSchema.nullable(),
    studentId: z.string().nullable(),
    accessRequest: z.object({ status: z.enum(["pending", "approved", "denied"]), createdAt: z.string() }).nullable(),
  })
  .openapi("Me");

const signUpRoute = createRoute({
  method: "post",
  path: "/sign-up",
  tags: ["accounts"],
  summary: "Create an account with its organization or admin access request (D2)",
  request: { body: { content: { "application/json": { schema: signUpSchema } }, required: true } },
  responses: {
    201: jsonContent(MeSchema, "The new account, signed in (session cookie set)"),
    409: errorResponses[409],
    422: errorResponses[422],
  },
});

const meRoute = createRoute({
  method: "get",
  path: "/me",
  tags: ["accounts"],
  summary: "The signed-in user, roles, organization and access request",
  middleware: [allow()] as const,
  responses: { 200: jsonContent(MeSchema, "The signed-in user"), 401: errorResponses[401] },
});

export const accountRoutes = createRouter()
  .openapi(signUpRoute, async (c) => {
    const deps = c.var.deps;
    const headers = await signUp(deps, c.req.valid("json"), c.req.raw.headers);
    for (const cookie of headers.getSetCookie()) c.header("set-cookie", cookie, { append: true });
    const found = await deps.auth.api.getSession({ headers: cookieHeaders(headers) });
    if (!found) throw new Error("session missing after sign-up");
    const viewer = await loadViewer(deps.db, found.session, found.user);
    return c.json(await getMe(deps, viewer), 201);
  })
  .openapi(meRoute, async (c) => c.json(await getMe(c.var.deps, requireViewer(c.var.viewer)), 200));

/** Turns Set-Cookie response headers into a Cookie request header. */
function cookieHeaders(setCookies: Headers): Headers {
  const cookie = setCookies
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return new Headers({ cookie });
}
