import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { HourStatus } from "@/domain/hours";
import { unwrap } from "@/web/lib/api-client";
import { queryString } from "@/web/lib/download";
import { withViewedStudent } from "@/web/lib/view-as-student";

// The hours API (issue 17) as the pages use it: the student's log, the review, the program's totals.

export type HourEntry = {
  id: string;
  rotationId: string;
  workDate: string;
  startTime: string;
  endTime: string;
  minutes: number;
  categories: string[];
  reflection: string;
  status: HourStatus;
  reviewNote: string | null;
  reviewedAt: string | null;
  reviewerName: string | null;
  updatedAt: string;
};
export type Totals = {
  loggedMinutes: number;
  approvedMinutes: number;
  pendingMinutes: number;
  returnedMinutes: number;
};
export type MyRotation = {
  id: string;
  title: string;
  specialty: string;
  facility: { id: string; name: string };
  startDate: string;
  endDate: string;
  phase: "current" | "upcoming" | "past";
  requiredHours: number | null;
  totals: Totals;
};
export type MyHours = { today: string; rotations: MyRotation[]; rotationId: string | null; entries: HourEntry[] };
export type EntryInput = {
  workDate: string;
  startTime: string;
  endTime: string;
  categories: string[];
  reflection: string;
};

export type ReviewEntry = HourEntry & {
  weekStart: string;
  student: { id: string; name: string; email: string };
  rotation: { id: string; title: string; startDate: string; endDate: string };
  facility: { id: string; name: string };
};
export type ReviewPage = {
  items: ReviewEntry[];
  total: number;
  page: number;
  pageSize: number;
  byStatus: Record<HourStatus, number>;
};
export type ReviewFilter = {
  status?: HourStatus;
  studentId?: string;
  rotationId?: string;
  search?: string;
  facilityId?: string;
};

export type ProgramRow = {
  student: { id: string; name: string; email: string };
  rotations: number;
  approvedMinutes: number;
  pendingMinutes: number;
  returnedMinutes: number;
  requiredHours: number | null;
  percent: number | null;
};
export type ProgramFilter = { search?: string; specialty?: string; below?: "true"; programId?: string };
export type Requirement = { specialty: string; hours: number };

async function request<T>(path: string, init: { method?: string; json?: unknown } = {}): Promise<T> {
  const response = await fetch(withViewedStudent(path), {
    method: init.method ?? (init.json !== undefined ? "POST" : "GET"),
    credentials: "same-origin",
    headers: init.json !== undefined ? { "content-type": "application/json" } : undefined,
    body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
  });
  return (await unwrap(response as Response & { ok: true; json(): Promise<T> })) as T;
}

export const myHoursQuery = (rotationId?: string) =>
  queryOptions({
    queryKey: ["hours", "mine", rotationId ?? null],
    queryFn: () => request<MyHours>(`/api/me/student/hours${queryString({ rotationId })}`),
    placeholderData: keepPreviousData,
  });

function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ["hours"] });
}

export function useSaveEntry() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, rotationId, input }: { id?: string; rotationId: string; input: EntryInput }) =>
      id
        ? request<HourEntry>(`/api/me/student/hours/${encodeURIComponent(id)}`, { method: "PUT", json: input })
        : request<HourEntry>("/api/me/student/hours", { method: "POST", json: { ...input, rotationId } }),
    onSuccess: invalidate,
  });
}

/** Several entries one after another (Log a week); each answer or error is returned in order. */
export async function createEntries(rotationId: string, inputs: EntryInput[]) {
  const results: ({ ok: true; entry: HourEntry } | { ok: false; error: unknown })[] = [];
  for (const input of inputs) {
    try {
      results.push({
        ok: true,
        entry: await request<HourEntry>("/api/me/student/hours", { method: "POST", json: { ...input, rotationId } }),
      });
    } catch (error) {
      results.push({ ok: false, error });
    }
  }
  return results;
}

export function useDeleteEntry() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) =>
      request<{ id: string }>(`/api/me/student/hours/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: invalidate,
  });
}

export const reviewQuery = (f: ReviewFilter & { page: number }) =>
  queryOptions({
    queryKey: ["hours", "review", f],
    queryFn: () => request<ReviewPage>(`/api/hours/review${queryString({ ...f, pageSize: 50 })}`),
    placeholderData: keepPreviousData,
  });
export const reviewOptionsQuery = (facilityId?: string) =>
  queryOptions({
    queryKey: ["hours", "review-options", facilityId ?? null],
    queryFn: () =>
      request<{
        students: { id: string; name: string }[];
        rotations: { id: string; title: string; studentName: string }[];
      }>(`/api/hours/review/options${queryString({ facilityId })}`),
  });
export const reviewExportUrl = (f: ReviewFilter) => `/api/hours/review/export.csv${queryString({ ...f })}`;

export function useReview() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: { ids: string[]; action: "approve" | "return"; note?: string; facilityId?: string }) =>
      request<{ action: string; updated: string[]; skipped: string[] }>("/api/hours/review", { json: body }),
    onSuccess: invalidate,
  });
}

export const programTotalsQuery = (f: ProgramFilter & { page: number }) =>
  queryOptions({
    queryKey: ["hours", "program", f],
    queryFn: () =>
      request<{ items: ProgramRow[]; total: number; page: number; pageSize: number }>(
        `/api/hours/program${queryString({ ...f, pageSize: 20 })}`,
      ),
    placeholderData: keepPreviousData,
  });
export const programExportUrl = (f: ProgramFilter) => `/api/hours/program/export.csv${queryString({ ...f })}`;

export const requirementsQuery = (programId?: string) =>
  queryOptions({
    queryKey: ["hours", "requirements", programId ?? null],
    queryFn: () =>
      request<{ programId: string; requirements: Requirement[] }>(
        `/api/hours/requirements${queryString({ programId })}`,
      ),
  });

export function useSaveRequirements() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: { requirements: Requirement[]; programId?: string }) =>
      request<{ programId: string; requirements: Requirement[] }>("/api/hours/requirements", {
        method: "PUT",
        json: body,
      }),
    onSuccess: invalidate,
  });
}
