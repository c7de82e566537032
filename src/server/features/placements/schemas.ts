import { z } from "@hono/zod-openapi";

/** An open placement as programs and students see it (also the base of the student portal's view). */
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
    acceptsApplications: z
      .boolean()
      .openapi({ description: "Takes applications today: not ended, not started unless late joiners are allowed" }),
    facility: z.object({ id: z.string(), name: z.string(), city: z.string().nullable(), state: z.string().nullable() }),
    department: z.object({ id: z.string(), name: z.string() }).nullable(),
  })
  .openapi("Placement");
