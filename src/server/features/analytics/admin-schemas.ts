import { z } from "@hono/zod-openapi";

// The administrator's overview and analytics charts (issue 14): shapes of /api/analytics/admin/*.

const TrendSchema = z.object({ last30Days: z.number().int(), previous30Days: z.number().int() });
const StatSchema = z.object({ value: z.number().int(), trend: TrendSchema });
const state = z.string().nullable();

export const AdminOverviewSchema = z
  .object({
    stats: z.object({
      programs: StatSchema.openapi({ description: "Verified programs; trend: verified programs created" }),
      facilities: StatSchema.openapi({ description: "Verified facilities; trend: verified facilities created" }),
      students: StatSchema.openapi({ description: "Active students; trend: added to a roster" }),
      applications: StatSchema.openapi({ description: "All applications; trend: submitted" }),
    }),
    topFacilities: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        state,
        filled: z.number().int().openapi({ description: "Approved applications" }),
        medianDays: z.number().nullable().openapi({ description: "Median days from submission to decision" }),
      }),
    ),
    topPrograms: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        state,
        placed: z.number().int(),
        students: z.number().int(),
        placementRate: z.number().int().nullable(),
      }),
    ),
    regionalTrends: z.array(
      z.object({
        state,
        specialty: z.string(),
        pending: z.number().int(),
        openSeats: z.number().int(),
        applicationsPerSeat: z.number().nullable(),
      }),
    ),
  })
  .openapi("AdminOverview");

const FiltersSchema = z.object({
  from: z.string(),
  to: z.string(),
  state: z.string().nullable(),
  specialty: z.string().nullable(),
});

export const ApplicationsOverTimeSchema = z
  .object({
    filters: FiltersSchema,
    bucket: z.enum(["week", "month"]),
    items: z.array(
      z.object({
        period: z.string().openapi({ description: "First day of the week or month (YYYY-MM-DD)" }),
        pending: z.number().int(),
        approved: z.number().int(),
        rejected: z.number().int(),
        withdrawn: z.number().int(),
        total: z.number().int(),
      }),
    ),
  })
  .openapi("ApplicationsOverTime");

export const FacilityDecisionsSchema = z
  .object({
    filters: FiltersSchema,
    items: z.array(
      z.object({
        facilityId: z.string(),
        facility: z.string(),
        state,
        applications: z.number().int(),
        decided: z.number().int(),
        approved: z.number().int(),
        acceptanceRate: z.number().int().nullable(),
        medianDays: z.number().nullable(),
      }),
    ),
  })
  .openapi("FacilityDecisions");

export const SeatUtilizationSchema = z
  .object({
    filters: FiltersSchema,
    items: z.array(
      z.object({
        specialty: z.string(),
        state,
        rotations: z.number().int(),
        capacity: z.number().int(),
        approved: z.number().int(),
        utilization: z.number().int().nullable(),
      }),
    ),
  })
  .openapi("SeatUtilization");

export const UnmetDemandSchema = z
  .object({
    filters: FiltersSchema,
    items: z.array(
      z.object({
        specialty: z.string(),
        state,
        applications: z.number().int(),
        notSelected: z.number().int(),
        pendingBeyondCapacity: z.number().int(),
        unmet: z.number().int(),
      }),
    ),
  })
  .openapi("UnmetDemand");

export const ComplianceByProgramSchema = z
  .object({
    filters: FiltersSchema,
    items: z.array(
      z.object({
        programId: z.string(),
        program: z.string(),
        state,
        students: z.number().int(),
        compliant: z.number().int(),
        complianceRate: z.number().int().nullable(),
      }),
    ),
  })
  .openapi("ComplianceByProgram");

export const AnalyticsFilterOptionsSchema = z
  .object({ states: z.array(z.string()), specialties: z.array(z.string()) })
  .openapi("AnalyticsFilterOptions");
