import { z } from "@hono/zod-openapi";
import { HOUR_STATUSES } from "../../../domain/hours";
import { pageOf } from "../../lib/pagination";

// Response shapes of the hours routes (issue 17).

const Totals = z.object({
  loggedMinutes: z.number().int(),
  approvedMinutes: z.number().int(),
  pendingMinutes: z.number().int(),
  returnedMinutes: z.number().int(),
});

export const HourEntrySchema = z
  .object({
    id: z.uuid(),
    rotationId: z.uuid(),
    workDate: z.string(),
    startTime: z.string().openapi({ description: "HH:MM" }),
    endTime: z.string().openapi({ description: "HH:MM; at or before the start: the next day" }),
    minutes: z.number().int(),
    categories: z.array(z.string()),
    reflection: z.string(),
    status: z.enum(HOUR_STATUSES),
    reviewNote: z.string().nullable(),
    reviewedAt: z.string().nullable(),
    reviewerName: z.string().nullable(),
    updatedAt: z.string(),
  })
  .openapi("HourEntry");

export const StudentRotationSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  specialty: z.string(),
  facility: z.object({ id: z.uuid(), name: z.string() }),
  startDate: z.string(),
  endDate: z.string(),
  phase: z.enum(["current", "upcoming", "past"]),
  requiredHours: z.number().int().nullable(),
  totals: Totals,
});

export const MyHoursSchema = z
  .object({
    today: z.string(),
    rotations: z.array(StudentRotationSchema),
    rotationId: z.uuid().nullable().openapi({ description: "The rotation whose entries follow" }),
    entries: z.array(HourEntrySchema),
  })
  .openapi("MyHours");

export const EntryDeletedSchema = z.object({ id: z.uuid(), deleted: z.literal(true) });

export const ReviewEntrySchema = HourEntrySchema.extend({
  weekStart: z.string(),
  student: z.object({ id: z.uuid(), name: z.string(), email: z.string() }),
  rotation: z.object({ id: z.uuid(), title: z.string(), startDate: z.string(), endDate: z.string() }),
  facility: z.object({ id: z.uuid(), name: z.string() }),
}).openapi("ReviewHourEntry");

export const ReviewPageSchema = pageOf(ReviewEntrySchema).extend({
  byStatus: z.object({ submitted: z.number().int(), approved: z.number().int(), returned: z.number().int() }),
});

export const ReviewOptionsSchema = z.object({
  students: z.array(z.object({ id: z.uuid(), name: z.string() })),
  rotations: z.array(z.object({ id: z.uuid(), title: z.string(), studentName: z.string() })),
});

export const ReviewResultSchema = z.object({
  action: z.enum(["approve", "return"]),
  updated: z.array(z.uuid()),
  skipped: z.array(z.uuid()).openapi({ description: "Entries already reviewed (left as they were)" }),
});

export const ProgramTotalsRowSchema = z.object({
  student: z.object({ id: z.uuid(), name: z.string(), email: z.string() }),
  rotations: z.number().int(),
  approvedMinutes: z.number().int(),
  pendingMinutes: z.number().int(),
  returnedMinutes: z.number().int(),
  requiredHours: z.number().int().nullable(),
  percent: z.number().int().nullable(),
});
export const ProgramTotalsPageSchema = pageOf(ProgramTotalsRowSchema);

export const RequirementsSchema = z.object({
  programId: z.uuid(),
  requirements: z.array(z.object({ specialty: z.string(), hours: z.number().int() })),
});
