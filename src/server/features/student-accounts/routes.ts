import { createRoute, z } from "@hono/zod-openapi";
import {
  acceptInvitationSchema,
  CHOOSE_PROGRAM,
  INVITATION_STATES_PUBLIC,
  SIGN_UP_CODE_SENT,
  studentSignUpConfirmSchema,
  studentSignUpSchema,
} from "../../../domain/student-accounts";
import { requireClientMailQuota } from "../../lib/mail-quota";
import { createRouter, ErrorSchema, errorResponses, jsonContent } from "../../lib/router";
import { acceptInvitation, confirmSignUp, getInvitation, requestSignUpCode } from "./service";

// D3, public: a student's invitation link and the roster-email sign-up. Both end signed in.

const gone = { description: "Used or expired", content: { "application/json": { schema: ErrorSchema } } };

const json = <T extends z.ZodType>(schema: T) => ({
  body: { content: { "application/json": { schema } }, required: true },
});

const tokenParam = z.object({
  token: z
    .string()
    .min(1)
    .max(200)
    .openapi({ param: { name: "token", in: "path" }, description: "The token from the emailed link" }),
});

const InvitationSchema = z
  .object({
    state: z.enum(INVITATION_STATES_PUBLIC),
    firstName: z.string(),
    programName: z.string(),
    email: z.string().nullable().openapi({ description: "The account's email, while the link is valid" }),
    expiresAt: z.string(),
    message: z.string().nullable().openapi({ description: "What to do when the link is used or expired" }),
  })
  .openapi("PublicInvitation");

const AccountCreatedSchema = z
  .object({
    userId: z.string(),
    studentId: z.string(),
    programName: z.string().openapi({ description: "The program the account is linked to" }),
    redirectTo: z.literal("/dashboard/student"),
  })
  .openapi("StudentAccountCreated");

const ChooseProgramSchema = z
  .object({
    chooseProgram: z.literal(true),
    message: z.string(),
    programs: z.array(
      z.object({
        rosterEntryId: z.string(),
        programName: z.string(),
        addedAt: z.string().openapi({ description: "When the program added the email to its roster" }),
      }),
    ),
  })
  .openapi("StudentSignUpChooseProgram");

const getInvitationRoute = createRoute({
  method: "get",
  path: "/{token}",
  tags: ["student accounts"],
  summary: "Whether an invitation link is valid, used or expired, with the student's first name and program",
  request: { params: tokenParam },
  responses: { 200: jsonContent(InvitationSchema, "The invitation"), 404: errorResponses[404] },
});

const acceptRoute = createRoute({
  method: "post",
  path: "/{token}/accept",
  tags: ["student accounts"],
  summary: "Set a password: creates the student's account (roster email), links it and signs in",
  request: { params: tokenParam, ...json(acceptInvitationSchema) },
  responses: {
    201: jsonContent(AccountCreatedSchema, "Signed in (session cookie set)"),
    403: { ...errorResponses[403], description: "The inviting program is pending verification or was rejected" },
    404: errorResponses[404],
    409: errorResponses[409],
    410: gone,
    422: errorResponses[422],
  },
});

const requestCodeRoute = createRoute({
  method: "post",
  path: "/",
  tags: ["student accounts"],
  summary: "Email a 6-digit code to a roster email without an account (same answer for every email)",
  request: json(studentSignUpSchema),
  responses: {
    202: jsonContent(z.object({ message: z.string() }), "Accepted: check the email"),
    422: errorResponses[422],
    429: {
      description: "Too many requests from this address",
      content: { "application/json": { schema: ErrorSchema } },
    },
  },
});

const confirmRoute = createRoute({
  method: "post",
  path: "/confirm",
  tags: ["student accounts"],
  summary: "Confirm the code and set a password: creates the student's account and signs in",
  description:
    "Only an active roster entry of a verified program without an account links. When several such entries list the email and `rosterEntryId` names none of them, the answer is 200 with the programs to choose from: nothing is created and the code stays usable. A `rosterEntryId` not in that list is 422.",
  request: json(studentSignUpConfirmSchema),
  responses: {
    200: jsonContent(ChooseProgramSchema, "Code right; choose the program (nothing created yet)"),
    201: jsonContent(AccountCreatedSchema, "Signed in (session cookie set)"),
    409: errorResponses[409],
    410: gone,
    422: errorResponses[422],
  },
});

function appendCookies(c: { header: (n: string, v: string, o: { append: true }) => void }, headers: Headers) {
  for (const cookie of headers.getSetCookie()) c.header("set-cookie", cookie, { append: true });
}

export const invitationRoutes = createRouter()
  .openapi(getInvitationRoute, async (c) => c.json(await getInvitation(c.var.deps, c.req.valid("param").token), 200))
  .openapi(acceptRoute, async (c) => {
    const { userId, studentId, programName, headers } = await acceptInvitation(
      c.var.deps,
      c.req.valid("param").token,
      c.req.valid("json").password,
      c.req.raw.headers,
    );
    appendCookies(c, headers);
    return c.json({ userId, studentId, programName, redirectTo: "/dashboard/student" as const }, 201);
  });

export const studentSignUpRoutes = createRouter()
  .openapi(requestCodeRoute, async (c) => {
    // Issue 8, item 6: 20 requests an hour per client address (429 beyond), whatever the email.
    await requireClientMailQuota(c.var.deps, c.req.raw.headers);
    await requestSignUpCode(c.var.deps, c.req.valid("json"));
    return c.json({ message: SIGN_UP_CODE_SENT }, 202);
  })
  .openapi(confirmRoute, async (c) => {
    const result = await confirmSignUp(c.var.deps, c.req.valid("json"), c.req.raw.headers);
    if (result.kind === "choose") {
      return c.json({ chooseProgram: true as const, message: CHOOSE_PROGRAM, programs: result.programs }, 200);
    }
    const { userId, studentId, programName, headers } = result;
    appendCookies(c, headers);
    return c.json({ userId, studentId, programName, redirectTo: "/dashboard/student" as const }, 201);
  });
