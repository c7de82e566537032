import { createRoute, z } from "@hono/zod-openapi";
import { capacityQuerySchema } from "../../../domain/calendar-capacity";
import { FACILITY_SIDE } from "../../../domain/roles";
import { allow } from "../../lib/access";
import { createRouter, errorResponses, jsonContent } from "../../lib/router";
import { facilityCapacity } from "./capacity";

// The facility calendar's Capacity tab: departments × weeks (issue 15). Mounted under /api/calendar.

const WeekSchema = z.object({ start: z.string(), end: z.string() });

const CapacitySchema = z
  .object({
    facilityId: z.string(),
    facilityName: z.string(),
    today: z.string(),
    from: z.string().openapi({ description: "The Monday the window starts on" }),
    to: z.string().openapi({ description: "The Sunday the window ends on" }),
    previousFrom: z.string(),
    nextFrom: z.string(),
    weeks: z.array(WeekSchema),
    departments: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        specialty: z.string(),
        capacity: z.number().int(),
        weeks: z.array(
          z.object({
            start: z.string(),
            taken: z.number().int().openapi({
              description: "Approved students on the week's busiest day, over every placement running that day",
            }),
            promised: z.number().int().openapi({
              description:
                "Seats held on the week's busiest day: active placements' capacity, closed ones' approved students",
            }),
            capacity: z.number().int(),
          }),
        ),
      }),
    ),
  })
  .openapi("DepartmentCapacityByWeek");

const capacityRoute = createRoute({
  method: "get",
  path: "/capacity",
  tags: ["calendar"],
  summary: "Department capacity by week: seats taken on each week's busiest day against capacity",
  middleware: [allow(...FACILITY_SIDE)] as const,
  // facilityId: admins only (required for them); a coordinator always gets their own facility.
  request: { query: capacityQuerySchema },
  responses: {
    200: jsonContent(CapacitySchema, "Departments by name, each with one entry per week"),
    ...errorResponses,
  },
});

export const capacityRoutes = createRouter().openapi(capacityRoute, async (c) =>
  c.json(await facilityCapacity(c.get("deps").db, c.get("scope"), c.req.valid("query")), 200),
);
