import { createRoute, z } from "@hono/zod-openapi";
import { SIGN_UP_RECEIVED, signUpSchema } from "../../../domain/auth";
import { allowAnySignedIn, setActiveOrganization } from "../../lib/access";
import { actorOf, recordAudit } from "../../lib/audit";
import { clientAddressOf } from "../../lib/client-address";
import type { Viewer } from "../../lib/context";
import { createRouter, ErrorSchema, errorResponses, jsonContent } from "../../lib/router";
import { MeSchema, SignUpReceivedSchema } from "./schemas";
import { getMe, signUp } from "./service";

const signUpRoute = createRoute({
  method: "post",
  path: "/sign-up",
  tags: ["accounts"],
  summary: "Create an account with its organization or admin access request (D2)",
  description:
    "The answer is the same whether the email is new or already has an account (ADR 006), and signs no one in: sign in next with the same email and password (POST /api/auth/sign-in/email), which succeeds for a new account; the owner of an existing one is emailed instead. At most 20 sign-ups, password resets and student code requests an hour per client address (429 beyond).",
  request: { body: { content: { "application/json": { schema: signUpSchema } }, required: true } },
  responses: {
    201: jsonContent(SignUpReceivedSchema, "Received: the account is created, or its owner emailed"),
    422: errorResponses[422],
    429: {
      description: "Too many requests from this address",
      content: { "application/json": { schema: ErrorSchema } },
    },
  },
});

const meRoute = createRoute({
  method: "get",
  path: "/me",
  tags: ["accounts"],
  summary: "The signed-in user, roles, organization and access request",
  middleware: [allowAnySignedIn] as const,
  responses: { 200: jsonContent(MeSchema, "The signed-in user"), 401: errorResponses[401] },
});

const sessionRoute = createRoute({
  method: "get",
  path: "/session",
  tags: ["accounts"],
  summary: "Who is signed in, if anyone: the web app's session check",
  description:
    "A signed-out visitor is not an error: 200 with `me` null (every protected route still answers 401). Signed in, `me` is GET /api/accounts/me's answer.",
  responses: {
    200: jsonContent(z.object({ me: MeSchema.nullable() }), "The signed-in user, or null"),
  },
});

const switchOrganizationRoute = createRoute({
  method: "post",
  path: "/me/organization",
  tags: ["accounts"],
  summary: "Act for another of one's own organizations in this session (ADR 011)",
  description:
    "The session's active organization scopes every later request. Only one of the user's own memberships (`organizations` in GET /api/accounts/me): any other id is 404.",
  middleware: [allowAnySignedIn] as const,
  request: {
    body: {
      content: { "application/json": { schema: z.object({ organizationId: z.string().min(1) }) } },
      required: true,
    },
  },
  responses: {
    200: jsonContent(MeSchema, "The signed-in user, acting for that organization"),
    401: errorResponses[401],
    404: errorResponses[404],
    422: errorResponses[422],
  },
});

export const accountRoutes = createRouter()
  .openapi(signUpRoute, async (c) => {
    const input = c.req.valid("json");
    const userId = await signUp(c.get("deps"), input, clientAddressOf(c));
    await auditSignUp(c, input, userId);
    return c.json({ message: SIGN_UP_RECEIVED }, 201);
  })
  .openapi(meRoute, async (c) => c.json(await getMe(c.get("deps"), c.get("viewer")), 200))
  .openapi(sessionRoute, async (c) => {
    const viewer = c.get("viewer") as Viewer | null;
    return c.json({ me: viewer ? await getMe(c.get("deps"), viewer) : null }, 200);
  })
  .openapi(switchOrganizationRoute, async (c) => {
    const { deps, viewer } = c.var;
    const organization = await setActiveOrganization(deps.db, viewer, c.req.valid("json").organizationId);
    return c.json(await getMe(deps, { ...viewer, organization }), 200);
  });

/**
 * Sign-up has no viewer yet, so the pipeline does not see it (ADR 019): recorded here, the new
 * account as its own actor; an email that already has an account is recorded too (its owner was
 * emailed; the answer is the same, ADR 006).
 */
async function auditSignUp(
  c: Parameters<typeof actorOf>[0],
  input: { email: string; role: string; organizationName: string },
  userId: string | null,
) {
  const { db, log } = c.get("deps");
  const email = input.email.trim().toLowerCase();
  const created = userId !== null;
  await recordAudit(db, {
    ...actorOf(c, null),
    actorId: userId,
    actorEmail: email,
    actorRole: created && input.role !== "admin" ? input.role : null,
    action: created ? "account.sign_up" : "account.sign_up_existing_email",
    summary: created
      ? input.role === "admin"
        ? "Created an account and asked for administrator access"
        : `Created an account for ${input.organizationName}`
      : "Tried to sign up with an email that already has an account (its owner was emailed)",
    entityType: "users",
    entityId: userId,
    detail: { role: input.role, organizationName: input.organizationName, status: 201 },
  }).catch((err) => log.error({ err }, "audit: could not record a sign-up"));
}
