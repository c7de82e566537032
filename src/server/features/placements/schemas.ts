import { z } from "@hono/zod-openapi";
import { APPLICATION_STATUSES } from "../../../domain/applications";
import { PLACEMENT_STATUSES } from "../../../domain/placements";

// The placements domain's response bodies: open placements as programs and students find them, and
// the facility's own placements in every status.

/** An open placement as programs and students see it (also the base of the student's view). */
export const PlacementSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    specialty: z.string(),
    description: z.string(),
    requirements: z.array(z.string()),
    startDate: z.string().openapi({ description: "YYYY-MM-DD" }),
    endDate: z.string().openapi({ description: "YYYY-MM-DD" }),
    durationWeeks: z.number().int(),
    capacity: z.number().int(),
    slotsFilled: z.number().int(),
    availableSpots: z.number().int(),
    status: z.enum(["draft", "active", "closed"]),
    allowLateJoiners: z.boolean().openapi({ description: "Applications are accepted after the rotation starts" }),
    minGpa: z.number().nullable().openapi({ description: "The lowest GPA the placement takes (0–4), or null" }),
    applicationDeadline: z
      .string()
      .nullable()
      .openapi({ description: "The last day applications are taken (YYYY-MM-DD), or null: until the rotation starts" }),
    acceptsApplications: z.boolean().openapi({
      description:
        "Takes applications today: not ended, not started unless late joiners are allowed, deadline not passed",
    }),
    facility: z.object({ id: z.string(), name: z.string(), city: z.string().nullable(), state: z.string().nullable() }),
    department: z.object({ id: z.string(), name: z.string() }).nullable(),
    requirementTypeIds: z
      .array(z.string())
      .openapi({ description: "Compliance requirement types this placement asks on top of its facility's" }),
    // Issue 17: the facility's affiliation agreement rule, in the searches (absent elsewhere).
    agreementRequired: z
      .boolean()
      .optional()
      .openapi({ description: "The facility requires an active affiliation agreement for applications" }),
    agreementActive: z.boolean().nullable().optional().openapi({
      description:
        "The searching program holds one covering the dates (null: an administrator's search names no program)",
    }),
  })
  .openapi("Placement");

export const StudentPlacementSchema = PlacementSchema.extend({
  myApplication: z
    .object({ id: z.string(), status: z.enum(APPLICATION_STATUSES) })
    .nullable()
    .openapi({
      description: "The student's own application to this placement, if any ('Applied')",
    }),
}).openapi("StudentPlacement");

/** A placement as its facility manages it, in every status. */
export const FacilityPlacementSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    specialty: z.string(),
    description: z.string(),
    requirements: z.array(z.string()),
    startDate: z.string().openapi({ description: "YYYY-MM-DD" }),
    endDate: z.string().openapi({ description: "YYYY-MM-DD" }),
    durationWeeks: z.number().int().openapi({ description: "Derived from the dates on the server" }),
    capacity: z.number().int(),
    slotsFilled: z.number().int(),
    availableSpots: z.number().int(),
    status: z.enum(PLACEMENT_STATUSES),
    allowLateJoiners: z.boolean().openapi({ description: "Applications are accepted after the rotation starts" }),
    minGpa: z.number().nullable().openapi({ description: "The lowest GPA the placement takes (0–4), or null" }),
    applicationDeadline: z
      .string()
      .nullable()
      .openapi({ description: "The last day applications are taken (YYYY-MM-DD), or null: until the rotation starts" }),
    phase: z.enum(["upcoming", "current", "ended"]).openapi({ description: "Against today's date" }),
    publishable: z.boolean().openapi({
      description: "May be active today: not ended, and not started unless late joiners are allowed",
    }),
    acceptsApplications: z.boolean().openapi({ description: "Active and taking applications today" }),
    pendingApplications: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
    facility: z.object({ id: z.string(), name: z.string(), city: z.string().nullable(), state: z.string().nullable() }),
    department: z.object({ id: z.string(), name: z.string() }).nullable(),
    requirementTypeIds: z
      .array(z.string())
      .openapi({ description: "Compliance requirement types this placement asks on top of its facility's" }),
  })
  .openapi("FacilityPlacement");

/** The facility's placements by title (filter options). */
export const PlacementOptionsSchema = z.object({
  items: z.array(z.object({ id: z.string(), title: z.string(), status: z.enum(PLACEMENT_STATUSES) })),
});
