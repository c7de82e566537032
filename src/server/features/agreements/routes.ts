import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
  AGREEMENT_STATUSES,
  AGREEMENT_VIEWERS,
  type AgreementSide,
  agreementFieldsSchema,
  amendmentSchema,
  signSchema,
  terminationSchema,
} from "../../../domain/agreements";
import { FACILITY_SIDE } from "../../../domain/roles";
import { allow, type GuardedEnv } from "../../lib/access";
import { actorOf, changedFields, noteAudit } from "../../lib/audit";
import { sendCsv } from "../../lib/csv";
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from "../../lib/file-inspection";
import { pageQuerySchema } from "../../lib/pagination";
import { createRouter, ErrorSchema, errorResponses, idParam, jsonContent } from "../../lib/router";
import { sendStoredFile } from "../../lib/stored-files";
import {
  type AmendmentAnswer,
  amendmentDocument,
  answerAmendment,
  proposeAmendment,
  proposeAmendmentDocument,
} from "./amendments";
import { agreementDocument, uploadAgreementDocument } from "./document";
import { getAgreementRequirement, setAgreementRequirement } from "./requirement";
import {
  AgreementDeletedSchema,
  AgreementPageSchema,
  AgreementRequirementSchema,
  AgreementSchema,
  PartnerOptionsSchema,
} from "./schemas";
import {
  AGREEMENT_CSV_HEADER,
  AGREEMENT_SORTS,
  createAgreement,
  deleteAgreement,
  exportAgreements,
  getAgreement,
  listAgreements,
  partnerOptions,
  signAgreement,
  terminateAgreement,
  updateAgreement,
} from "./service";

// /api/agreements (issue 17): affiliation agreements between a program and a facility. Both sides'
// coordinators and administrators call every route; the scope decides whose agreements they reach
// (another organization's is 404, D1). The facility's rule lives at /api/agreements/requirement.
// An agreement takes effect when both sides have signed (/sign, once per side); a signed one's
// terms change through an amendment (/amendments, then /amendment/accept|decline|withdraw).

/** The routes that take a file (multipart/form-data; app.ts's body limit and JSON guard name them). */
export const AGREEMENT_UPLOAD_PATH = /^\/api\/agreements\/[^/]+\/(amendment\/)?document$/;
export const AGREEMENT_UPLOAD_BODY_LIMIT = MAX_UPLOAD_BYTES + 64 * 1024;

const agreementId = idParam("Agreement");
const ENTITY = "affiliation_agreements";

const json = <T extends z.ZodType>(schema: T) => ({
  body: { content: { "application/json": { schema } }, required: true },
});

const filterQuery = z.object({
  status: z.enum(AGREEMENT_STATUSES, { error: `status must be one of ${AGREEMENT_STATUSES.join(", ")}` }).optional(),
  organizationId: z
    .uuid("organizationId must be an organization's id")
    .optional()
    .openapi({ description: "The other organization (administrators: either side)" }),
  search: pageQuerySchema.shape.search,
  expiringWithin: z.coerce
    .number({ error: "expiringWithin must be a number of days" })
    .int("expiringWithin must be a whole number of days")
    .min(0, "expiringWithin must be 0 or more")
    .max(3650, "expiringWithin must be at most 3650")
    .optional()
    .openapi({ description: "Signed agreements ending within this many days" }),
  sort: z.enum(AGREEMENT_SORTS, { error: `sort must be one of ${AGREEMENT_SORTS.join(", ")}` }).optional(),
  order: pageQuerySchema.shape.order,
});

const listRoute = createRoute({
  method: "get",
  path: "/",
  tags: ["agreements"],
  summary: "Affiliation agreements of the caller's organization (administrators: every one), filtered, paginated",
  middleware: [allow(...AGREEMENT_VIEWERS)] as const,
  request: {
    query: filterQuery.extend({ page: pageQuerySchema.shape.page, pageSize: pageQuerySchema.shape.pageSize }),
  },
  responses: { 200: jsonContent(AgreementPageSchema, "A page of agreements with counts by status"), ...errorResponses },
});

const exportRoute = createRoute({
  method: "get",
  path: "/export.csv",
  tags: ["agreements"],
  summary: "The agreements as CSV (same filters as the list)",
  middleware: [allow(...AGREEMENT_VIEWERS)] as const,
  request: { query: filterQuery },
  responses: { 200: { description: "CSV file", content: { "text/csv": { schema: z.string() } } }, ...errorResponses },
});

const partnersRoute = createRoute({
  method: "get",
  path: "/partners",
  tags: ["agreements"],
  summary: "Organizations the caller may name as the other side (facilities for a program, programs for a facility)",
  middleware: [allow(...AGREEMENT_VIEWERS)] as const,
  request: {
    query: z.object({
      search: pageQuerySchema.shape.search,
      kind: z
        .enum(["program", "facility"], { error: "kind must be program or facility" })
        .optional()
        .openapi({ description: "Administrators: which kind to list" }),
    }),
  },
  responses: { 200: jsonContent(PartnerOptionsSchema, "Up to 50 organizations by name"), ...errorResponses },
});

const facilityIdField = z
  .uuid("facilityId must be a facility's id")
  .optional()
  .openapi({ description: "Administrators only; ignored for a coordinator" });

const getRequirementRoute = createRoute({
  method: "get",
  path: "/requirement",
  tags: ["agreements"],
  summary: "Whether the facility requires an active affiliation agreement for applications",
  middleware: [allow(...FACILITY_SIDE)] as const,
  request: { query: z.object({ facilityId: facilityIdField }) },
  responses: { 200: jsonContent(AgreementRequirementSchema, "The facility's setting"), ...errorResponses },
});

const putRequirementRoute = createRoute({
  method: "put",
  path: "/requirement",
  tags: ["agreements"],
  summary: "Turn the facility's 'Require an active affiliation agreement' on or off",
  middleware: [allow(...FACILITY_SIDE)] as const,
  request: json(
    z.object({
      requireAgreement: z.boolean({ error: "requireAgreement must be true or false" }),
      facilityId: facilityIdField,
    }),
  ),
  responses: { 200: jsonContent(AgreementRequirementSchema, "Saved"), ...errorResponses },
});

const createAgreementRoute = createRoute({
  method: "post",
  path: "/",
  tags: ["agreements"],
  summary: "Draft an affiliation agreement with another organization (same title twice: 409)",
  middleware: [allow(...AGREEMENT_VIEWERS)] as const,
  request: json(
    agreementFieldsSchema.safeExtend({
      programId: z
        .uuid("programId must be a program's id")
        .optional()
        .openapi({ description: "Facility side, admins" }),
      facilityId: z
        .uuid("facilityId must be a facility's id")
        .optional()
        .openapi({ description: "Program side, admins" }),
    }),
  ),
  responses: { 201: jsonContent(AgreementSchema, "The new draft"), ...errorResponses },
});

const detailRoute = createRoute({
  method: "get",
  path: "/{id}",
  tags: ["agreements"],
  summary: "One agreement (another organization's: 404)",
  middleware: [allow(...AGREEMENT_VIEWERS)] as const,
  request: { params: agreementId },
  responses: { 200: jsonContent(AgreementSchema, "The agreement"), ...errorResponses },
});

const updateRoute = createRoute({
  method: "put",
  path: "/{id}",
  tags: ["agreements"],
  summary: "Edit an affiliation agreement (a terminated one: 409)",
  middleware: [allow(...AGREEMENT_VIEWERS)] as const,
  request: { params: agreementId, ...json(agreementFieldsSchema) },
  responses: { 200: jsonContent(AgreementSchema, "Saved"), ...errorResponses },
});

const deleteRoute = createRoute({
  method: "delete",
  path: "/{id}",
  tags: ["agreements"],
  summary: "Delete a draft affiliation agreement (a signed one is kept: 409)",
  middleware: [allow(...AGREEMENT_VIEWERS)] as const,
  request: { params: agreementId },
  responses: { 200: jsonContent(AgreementDeletedSchema, "Deleted"), ...errorResponses },
});

/** A JSON body the caller may leave out (an administrator's `side`). */
const optionalJson = <T extends z.ZodType>(schema: T) => ({
  body: { content: { "application/json": { schema } }, required: false },
});

// `.meta`, not `.openapi`: a schema of src/domain may be built before @hono/zod-openapi extends zod.
const sideBody = signSchema.meta({
  description: "Administrators: the side they act for; a coordinator always acts for their own (another: 403)",
});

const signRoute = createRoute({
  method: "post",
  path: "/{id}/sign",
  tags: ["agreements"],
  summary: "Sign a draft affiliation agreement for the caller's side; in force once both sides signed",
  description:
    "A program coordinator signs for the program, a facility coordinator for the facility, an administrator for the side named in `side`. The agreement becomes executed (in force between its dates) only when both sides have signed. A contact on each side first (422); the side already signed: 409.",
  middleware: [allow(...AGREEMENT_VIEWERS)] as const,
  request: { params: agreementId, ...optionalJson(sideBody) },
  responses: { 200: jsonContent(AgreementSchema, "Signed"), ...errorResponses },
});

const proposeRoute = createRoute({
  method: "post",
  path: "/{id}/amendments",
  tags: ["agreements"],
  summary: "Propose an amendment to a signed affiliation agreement (the other side accepts or declines it)",
  description:
    "New terms (end date, start date, title, automatic renewal) for an agreement both sides signed. Nothing changes until the other side accepts. One pending amendment at a time (409).",
  middleware: [allow(...AGREEMENT_VIEWERS)] as const,
  request: { params: agreementId, ...json(amendmentSchema) },
  responses: { 201: jsonContent(AgreementSchema, "The agreement with its pending amendment"), ...errorResponses },
});

const answerRoute = (answer: AmendmentAnswer, summary: string) =>
  createRoute({
    method: "post",
    path: `/{id}/amendment/${answer}`,
    tags: ["agreements"],
    summary,
    middleware: [allow(...AGREEMENT_VIEWERS)] as const,
    request: { params: agreementId, ...optionalJson(sideBody) },
    responses: { 200: jsonContent(AgreementSchema, "The agreement"), ...errorResponses },
  });

const acceptRoute = answerRoute(
  "accept",
  "Accept the other side's amendment: the agreement takes its terms (the proposer's side: 403)",
);
const declineRoute = answerRoute("decline", "Decline the other side's amendment: the agreement stays as it is");
const withdrawRoute = answerRoute("withdraw", "Withdraw your side's pending amendment");

const terminateRoute = createRoute({
  method: "post",
  path: "/{id}/terminate",
  tags: ["agreements"],
  summary: "Terminate a signed affiliation agreement early, with the reason",
  middleware: [allow(...AGREEMENT_VIEWERS)] as const,
  request: { params: agreementId, ...json(terminationSchema) },
  responses: { 200: jsonContent(AgreementSchema, "Terminated"), ...errorResponses },
});

const fileField = z
  .custom<File>((v) => typeof File !== "undefined" && v instanceof File, { message: "Choose a file to upload" })
  .openapi({ type: "string", format: "binary", description: "PDF, JPEG or PNG, at most 10 MB" });

const uploadRoute = createRoute({
  method: "put",
  path: "/{id}/document",
  tags: ["agreements"],
  summary: "Upload the signed affiliation agreement (PDF, JPEG or PNG; replaces the previous file)",
  middleware: [allow(...AGREEMENT_VIEWERS)] as const,
  request: {
    params: agreementId,
    body: { content: { "multipart/form-data": { schema: z.object({ file: fileField }) } }, required: true },
  },
  responses: {
    200: jsonContent(AgreementSchema, "The agreement with its document"),
    ...errorResponses,
    413: { description: UPLOAD_MESSAGES.tooLarge, content: { "application/json": { schema: ErrorSchema } } },
    415: { description: "Not multipart/form-data", content: { "application/json": { schema: ErrorSchema } } },
  },
});

const documentRoute = createRoute({
  method: "get",
  path: "/{id}/document",
  tags: ["agreements"],
  summary: "The signed document's file (both sides and administrators)",
  middleware: [allow(...AGREEMENT_VIEWERS)] as const,
  request: { params: agreementId },
  responses: {
    200: {
      description: "The file's bytes",
      content: {
        "application/pdf": { schema: z.string().openapi({ format: "binary" }) },
        "image/png": { schema: z.string().openapi({ format: "binary" }) },
        "image/jpeg": { schema: z.string().openapi({ format: "binary" }) },
      },
    },
    ...errorResponses,
  },
});

const amendmentUploadRoute = createRoute({
  method: "put",
  path: "/{id}/amendment/document",
  tags: ["agreements"],
  summary: "Propose a new signed document for a signed affiliation agreement (the other side accepts it)",
  description:
    "Attaches the file to the caller's side's pending amendment, or proposes it alone. The agreement's document changes only when the other side accepts. Administrators name `side`.",
  middleware: [allow(...AGREEMENT_VIEWERS)] as const,
  request: {
    params: agreementId,
    body: {
      content: {
        "multipart/form-data": {
          schema: z.object({
            file: fileField,
            side: signSchema.shape.side.meta({ description: "Administrators: the side they propose for" }),
          }),
        },
      },
      required: true,
    },
  },
  responses: {
    200: jsonContent(AgreementSchema, "The agreement with its pending amendment"),
    ...errorResponses,
    413: { description: UPLOAD_MESSAGES.tooLarge, content: { "application/json": { schema: ErrorSchema } } },
    415: { description: "Not multipart/form-data", content: { "application/json": { schema: ErrorSchema } } },
  },
});

const amendmentDocumentRoute = createRoute({
  method: "get",
  path: "/{id}/amendment/document",
  tags: ["agreements"],
  summary: "The document a pending amendment proposes (both sides and administrators)",
  middleware: [allow(...AGREEMENT_VIEWERS)] as const,
  request: { params: agreementId },
  responses: {
    200: {
      description: "The file's bytes",
      content: {
        "application/pdf": { schema: z.string().openapi({ format: "binary" }) },
        "image/png": { schema: z.string().openapi({ format: "binary" }) },
        "image/jpeg": { schema: z.string().openapi({ format: "binary" }) },
      },
    },
    ...errorResponses,
  },
});

type Audited = { id: string; program: { id: string }; facility: { id: string } };
/** The audit entry names the agreement and the side that acted (or the facility for an admin). */
const auditOf = (c: { get(key: "scope"): { kind: string } }, r: Audited) => ({
  entityType: ENTITY,
  entityId: r.id,
  organizationId: c.get("scope").kind === "program" ? r.program.id : r.facility.id,
});

const today = () => new Date().toISOString().slice(0, 10);

const ANSWER_VERBS: Record<AmendmentAnswer, string> = {
  accept: "Accepted",
  decline: "Declined",
  withdraw: "Withdrew",
};

/** Accept, decline or withdraw the pending amendment, with its audit entry. */
async function answered(
  c: Context<GuardedEnv>,
  id: string,
  answer: AmendmentAnswer,
  requested: AgreementSide | undefined,
) {
  const r = await answerAmendment(c.get("deps"), c.get("viewer"), c.get("scope"), id, answer, requested);
  noteAudit(c, {
    action: `agreement.amendment.${answer}`,
    summary: `${ANSWER_VERBS[answer]} the ${r.proposer}'s amendment to the affiliation agreement "${r.title}" for the ${r.side}`,
    entityType: ENTITY,
    entityId: r.agreement.id,
    organizationId: r.side === "program" ? r.programId : r.facilityId,
    before: answer === "accept" ? r.before : undefined,
    after: { amendmentId: r.amendmentId, status: r.status, ...(answer === "accept" ? r.after : {}) },
  });
  return r.agreement;
}

export const agreementRoutes = createRouter()
  .openapi(listRoute, async (c) =>
    c.json(await listAgreements(c.get("deps").db, c.get("scope"), c.req.valid("query")), 200),
  )
  .openapi(exportRoute, async (c) => {
    const rows = await exportAgreements(c.get("deps").db, c.get("scope"), c.req.valid("query"));
    return sendCsv(c, `agreements-${today()}.csv`, AGREEMENT_CSV_HEADER, rows) as never;
  })
  .openapi(partnersRoute, async (c) =>
    c.json(await partnerOptions(c.get("deps").db, c.get("scope"), c.req.valid("query")), 200),
  )
  .openapi(getRequirementRoute, async (c) =>
    c.json(await getAgreementRequirement(c.get("deps").db, c.get("scope"), c.req.valid("query").facilityId), 200),
  )
  .openapi(putRequirementRoute, async (c) => {
    const { before, after } = await setAgreementRequirement(
      c.get("deps").db,
      c.get("scope"),
      c.get("viewer").userId,
      c.req.valid("json"),
    );
    noteAudit(c, {
      entityType: "facility_agreement_settings",
      entityId: after.facilityId,
      organizationId: after.facilityId,
      before,
      after,
    });
    return c.json(after, 200);
  })
  .openapi(createAgreementRoute, async (c) => {
    const created = await createAgreement(c.get("deps").db, c.get("viewer"), c.get("scope"), c.req.valid("json"));
    noteAudit(c, { ...auditOf(c, created), after: created });
    return c.json(created, 201);
  })
  .openapi(detailRoute, async (c) =>
    c.json(await getAgreement(c.get("deps").db, c.get("scope"), c.req.valid("param").id), 200),
  )
  .openapi(updateRoute, async (c) => {
    const { before, after } = await updateAgreement(
      c.get("deps").db,
      c.get("scope"),
      c.req.valid("param").id,
      c.req.valid("json"),
    );
    noteAudit(c, { ...auditOf(c, after), ...changedFields(before, after, ["updatedAt", "daysLeft", "status"]) });
    return c.json(after, 200);
  })
  .openapi(deleteRoute, async (c) => {
    const removed = await deleteAgreement(c.get("deps"), c.get("scope"), c.req.valid("param").id);
    noteAudit(c, {
      ...auditOf(c, { id: removed.id, program: { id: removed.programId }, facility: { id: removed.facilityId } }),
      before: { title: removed.title },
    });
    return c.json({ id: removed.id, deleted: removed.deleted }, 200);
  })
  .openapi(signRoute, async (c) => {
    const signed = await signAgreement(
      c.get("deps"),
      c.get("viewer"),
      c.get("scope"),
      c.req.valid("param").id,
      c.req.valid("json")?.side,
      actorOf(c as never),
    );
    // The signature (and the execution, when it was the second) were recorded with the change.
    noteAudit(c, { recorded: true });
    return c.json(signed, 200);
  })
  .openapi(proposeRoute, async (c) => {
    const input = c.req.valid("json");
    const { agreement, side, changes, amendmentId } = await proposeAmendment(
      c.get("deps"),
      c.get("viewer"),
      c.get("scope"),
      c.req.valid("param").id,
      input,
    );
    noteAudit(c, {
      action: "agreement.amendment.propose",
      summary: `Proposed an amendment to the affiliation agreement "${agreement.title}" for the ${side}`,
      entityType: ENTITY,
      entityId: agreement.id,
      organizationId: side === "program" ? agreement.program.id : agreement.facility.id,
      after: { amendmentId, side, changes, note: input.note },
    });
    return c.json(agreement, 201);
  })
  .openapi(acceptRoute, async (c) =>
    c.json(await answered(c, c.req.valid("param").id, "accept", c.req.valid("json")?.side), 200),
  )
  .openapi(declineRoute, async (c) =>
    c.json(await answered(c, c.req.valid("param").id, "decline", c.req.valid("json")?.side), 200),
  )
  .openapi(withdrawRoute, async (c) =>
    c.json(await answered(c, c.req.valid("param").id, "withdraw", c.req.valid("json")?.side), 200),
  )
  .openapi(terminateRoute, async (c) => {
    const ended = await terminateAgreement(c.get("deps"), c.get("scope"), c.req.valid("param").id, c.req.valid("json"));
    noteAudit(c, {
      ...auditOf(c, ended),
      before: { stage: "executed" },
      after: { stage: ended.stage, terminatedOn: ended.terminatedOn, terminationReason: ended.terminationReason },
    });
    return c.json(ended, 200);
  })
  .openapi(uploadRoute, async (c) => {
    const saved = await uploadAgreementDocument(
      c.get("deps"),
      c.get("scope"),
      c.req.valid("param").id,
      c.req.valid("form").file,
    );
    noteAudit(c, { ...auditOf(c, saved), after: { document: saved.document } });
    return c.json(saved, 200);
  })
  .openapi(amendmentUploadRoute, async (c) => {
    const form = c.req.valid("form");
    const r = await proposeAmendmentDocument(
      c.get("deps"),
      c.get("viewer"),
      c.get("scope"),
      c.req.valid("param").id,
      form.file,
      form.side,
    );
    noteAudit(c, {
      action: "agreement.amendment.propose",
      summary: `Proposed a new signed document for the affiliation agreement "${r.agreement.title}" for the ${r.side}`,
      entityType: ENTITY,
      entityId: r.agreement.id,
      organizationId: r.side === "program" ? r.agreement.program.id : r.agreement.facility.id,
      after: { amendmentId: r.amendmentId, side: r.side, document: r.agreement.pendingAmendment?.document ?? null },
    });
    return c.json(r.agreement, 200);
  })
  .openapi(amendmentDocumentRoute, async (c) =>
    sendStoredFile(c, await amendmentDocument(c.get("deps"), c.get("scope"), c.req.valid("param").id)),
  )
  .openapi(documentRoute, async (c) => {
    return sendStoredFile(c, await agreementDocument(c.get("deps"), c.get("scope"), c.req.valid("param").id));
  });
