import { z } from "@hono/zod-openapi";
import { APPLICATION_STATUSES } from "../../../domain/applications";
import { COMPLIANCE_STATUSES } from "../../../domain/students";

// The dashboards' figures: the program's, the facility's and the student's.

const TrendSchema = z
  .object({
    last30Days: z.number().int(),
    previous30Days: z.number().int(),
  })
  .openapi("Trend", { description: "How many happened in the last 30 days and in the 30 days before" });

const StatSchema = z.object({ value: z.number().int(), trend: TrendSchema });

export const ProgramDashboardSchema = z
  .object({
    programId: z.string().nullable(),
    stats: z.object({
      totalStudents: StatSchema.openapi({ description: "Active students; trend: active students added" }),
      activeApplications: StatSchema.openapi({ description: "Pending applications; trend: applications submitted" }),
      approvedPlacements: StatSchema.openapi({ description: "Approved applications; trend: approvals" }),
      placedStudents: z
        .number()
        .int()
        .openapi({ description: "Active students with at least one approved application (each counted once)" }),
      placementRate: z.number().int().nullable().openapi({
        description: "placedStudents / active students, rounded percent (at most 100); null without active students",
      }),
      complianceRate: z.number().int().nullable().openapi({
        description: "Compliant / active students, rounded percent; null without active students",
      }),
      compliantStudents: z.number().int(),
    }),
    recentApplications: z.array(
      z.object({
        id: z.string(),
        status: z.enum(APPLICATION_STATUSES),
        submittedAt: z.string(),
        studentName: z.string(),
        placementTitle: z.string(),
        specialty: z.string(),
        facilityName: z.string(),
      }),
    ),
    upcomingPlacements: z.array(
      z.object({
        applicationId: z.string(),
        studentName: z.string(),
        placementId: z.string(),
        placementTitle: z.string(),
        specialty: z.string(),
        startDate: z.string(),
        endDate: z.string(),
        facility: z.object({ name: z.string(), city: z.string().nullable(), state: z.string().nullable() }),
      }),
    ),
    topSpecialties: z.array(z.object({ specialty: z.string(), students: z.number().int() })),
  })
  .openapi("ProgramDashboard");

export const FacilityDashboardSchema = z
  .object({
    facilityId: z.string().nullable(),
    stats: z.object({
      activePlacements: StatSchema.openapi({ description: "Active placements; trend: placements created" }),
      pendingApplications: StatSchema.openapi({ description: "Pending applications; trend: applications received" }),
      placedStudents: StatSchema.extend({
        current: z.number().int(),
        upcoming: z.number().int(),
        rotations: z.number().int(),
      }).openapi({
        description:
          "Distinct students approved here whose rotation has not ended: current (one under way today) + upcoming (the others) = value; rotations: their approved applications (the placed-students list's rows); trend: approvals",
      }),
      utilization: z.object({
        value: z.number().int().nullable().openapi({
          description: "slots_filled / capacity of active placements, rounded percent; null without capacity",
        }),
        slotsFilled: z.number().int(),
        capacity: z.number().int(),
      }),
    }),
    placementCounts: z.object({ active: z.number().int(), draft: z.number().int(), closed: z.number().int() }),
    statusCounts: z.object({
      pending: z.number().int(),
      approved: z.number().int(),
      rejected: z.number().int(),
      withdrawn: z.number().int(),
    }),
    departments: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        specialty: z.string(),
        facilityName: z.string(),
        capacity: z.number().int(),
        filled: z.number().int(),
        available: z.number().int(),
      }),
    ),
    reviewQueue: z.array(
      z.object({
        id: z.string(),
        submittedAt: z.string(),
        notes: z.string().nullable(),
        studentName: z.string(),
        gpa: z.number().nullable(),
        programName: z.string(),
        placementId: z.string(),
        placementTitle: z.string(),
        specialty: z.string(),
        startDate: z.string(),
        departmentName: z.string().nullable(),
      }),
    ),
  })
  .openapi("FacilityDashboard");

export const StudentDashboardSchema = z
  .object({
    student: z.object({
      firstName: z.string(),
      lastName: z.string(),
      programName: z.string(),
      complianceStatus: z.enum(COMPLIANCE_STATUSES),
    }),
    stats: z.object({
      underReview: z.number().int(),
      upcomingRotations: z.number().int(),
      totalApplications: z.number().int(),
    }),
    recentApplications: z.array(
      z.object({
        id: z.string(),
        status: z.enum(APPLICATION_STATUSES),
        submittedAt: z.string(),
        placementTitle: z.string(),
        specialty: z.string(),
        facilityName: z.string(),
      }),
    ),
    upcomingEvents: z.array(
      z.object({
        kind: z.literal("rotation_start"),
        applicationId: z.string(),
        placementTitle: z.string(),
        date: z.string(),
        endDate: z.string(),
        facility: z.object({ name: z.string(), city: z.string().nullable(), state: z.string().nullable() }),
      }),
    ),
  })
  .openapi("StudentDashboard");
