import { createRoute, z } from "@hono/zod-openapi";
import { SIGN_UP_RECEIVED, signUpSchema } from "../../../domain/auth";
import { ROLES } from "../../../domain/roles";
import { allowAnySignedIn, requireViewer } from "../../lib/access";
import { createRouter, ErrorSchema, errorResponses, jsonContent } from "../../lib/router";
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

const SignUpReceivedSchema = z.object({ message: z.string() }).openapi("SignUpReceived");

const signUpRoute = createRoute({
  method: "post",
  path: "/sign-up",
  tags: ["accounts"],
  summary: "Create an account with its organization or admin access request (D2)",
  description:
    "The answer is the same whether the email is new or already has an account (ADR 006): a new account is signed in (session cookie set; read it with GET /api/accounts/me); the owner of an existing one is emailed instead. At most 20 sign-ups, password resets and student code requests an hour per client address (429 beyond).",
  request: { body: { content: { "application/json": { schema: signUpSchema } }, required: true } },
  responses: {
    201: jsonContent(SignUpReceivedSchema, "Received: signed in when the account is new"),
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

export const accountRoutes = createRouter()
  .openapi(signUpRoute, async (c) => {
    const headers = await signUp(c.var.deps, c.req.valid("json"), c.req.raw.headers);
    for (const cookie of headers?.getSetCookie() ?? []) c.header("set-cookie", cookie, { append: true });
    return c.json({ message: SIGN_UP_RECEIVED }, 201);
  })
  .openapi(meRoute, async (c) => c.json(await getMe(c.var.deps, requireViewer(c.var.viewer)), 200));
