import { createRoute, z } from "@hono/zod-openapi";
import { SETTING_KEYS, settingsUpdateSchema } from "../../../domain/platform-settings";
import { ADMIN_ROLES, SUPER_ADMIN_ONLY } from "../../../domain/roles";
import { allow } from "../../lib/access";
import { noteAudit } from "../../lib/audit";
import { createRouter, errorResponses, jsonContent } from "../../lib/router";
import { getSettings, updateSettings } from "./service";

const SettingsValuesSchema = z
  .object({
    maxPendingApplicationsPerStudent: z.number().int(),
    approvalRequiresCompliance: z.boolean(),
    reminderWindows: z.array(z.number().int()),
    emailSenderName: z.string(),
    organizationsRequireVerification: z.boolean(),
  })
  .openapi("PlatformSettings");

const SettingsSchema = z.object({
  values: SettingsValuesSchema,
  /** Per stored key: when it was last changed and by whom (keys at their default are absent). */
  changes: z.record(
    z.enum(SETTING_KEYS as [string, ...string[]]),
    z.object({ updatedAt: z.string(), updatedBy: z.string().nullable() }).optional(),
  ),
});

const getRoute = createRoute({
  method: "get",
  path: "/",
  tags: ["admin"],
  summary: "The platform settings (admin)",
  middleware: [allow(...ADMIN_ROLES)] as const,
  responses: { 200: jsonContent(SettingsSchema, "The effective settings"), ...errorResponses },
});

const putRoute = createRoute({
  method: "put",
  path: "/",
  tags: ["admin"],
  summary: "Change platform settings (super admin)",
  // Platform-wide rules (who may approve, who joins unverified): the super admin's decision only.
  middleware: [allow(...SUPER_ADMIN_ONLY)] as const,
  request: { body: { content: { "application/json": { schema: settingsUpdateSchema } }, required: true } },
  responses: {
    200: jsonContent(SettingsSchema.extend({ changed: z.array(z.string()) }), "Saved"),
    ...errorResponses,
  },
});

export const settingsRoutes = createRouter()
  .openapi(getRoute, async (c) => c.json(await getSettings(c.get("deps")), 200))
  .openapi(putRoute, async (c) => {
    const result = await updateSettings(c.get("deps"), c.get("viewer"), c.req.valid("json"));
    noteAudit(c, {
      summary: result.summary,
      entityType: "settings",
      entityId: result.changed.join(",") || null,
      before: result.before,
      after: result.after,
    });
    return c.json({ ...(await getSettings(c.get("deps"))), changed: result.changed }, 200);
  });
