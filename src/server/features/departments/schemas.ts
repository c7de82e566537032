import { z } from "@hono/zod-openapi";

// The departments domain's response bodies: a facility's departments with their capacity, and the
// seats one has free for given dates.

export const DepartmentSchema = z
  .object({
    id: z.string(),
    facilityId: z.string(),
    facilityName: z.string(),
    name: z.string(),
    specialty: z.string(),
    capacity: z.number().int().openapi({ description: "Students the department takes at a time" }),
    filled: z.number().int().openapi({
      description:
        "Approved students on the department's busiest day from today on (its active and closed placements; ended rotations excluded)",
    }),
    available: z.number().int().openapi({ description: "capacity - filled, never below 0" }),
    activePlacements: z.number().int(),
    placements: z.number().int(),
  })
  .openapi("Department");

/** The facility's departments, by name. */
export const DepartmentListSchema = z.object({ items: z.array(DepartmentSchema) });

/** A department removed. */
export const DepartmentDeletedSchema = z.object({ id: z.string(), deleted: z.literal(true) });

export const DepartmentSeatsSchema = z
  .object({
    departmentId: z.string(),
    name: z.string(),
    capacity: z.number().int(),
    taken: z.number().int(),
    free: z.number().int(),
  })
  .openapi("DepartmentSeats");
