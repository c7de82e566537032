import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { ItemStatus } from "@/domain/compliance";
import type { ComplianceStatus } from "@/domain/students";
import { unwrap } from "@/web/lib/api-client";
import { queryString } from "@/web/lib/download";
import { withViewedStudent } from "@/web/lib/view-as-student";
import type {
  ComplianceDocument,
  ComplianceStudentsPage,
  FacilityReadiness,
  MyCompliance,
  Page,
  ReviewQueueRow,
  ScanResult,
  StudentCompliance,
} from "./types";

export type { ItemStatus };

/** The compliance routes' answers (JSON in, JSON out; the one error envelope → ApiError). */
async function request<T>(path: string, init: { method?: string; json?: unknown; body?: FormData } = {}): Promise<T> {
  const response = await fetch(withViewedStudent(path), {
    method: init.method ?? (init.json !== undefined || init.body ? "POST" : "GET"),
    credentials: "same-origin",
    headers: init.json !== undefined ? { "content-type": "application/json" } : undefined,
    body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
  });
  return (await unwrap(response as Response & { ok: true; json(): Promise<T> })) as T;
}

const qs = (values: Record<string, string | number | undefined | null>) => queryString(values);

// ---- The requirement catalogue and who asks for what ----

export { requirementTypesQuery } from "@/web/lib/requirement-catalogue";

type Requirements = { requirementTypeIds: string[] };

export const programRequirementsQuery = (programId?: string) =>
  queryOptions({
    queryKey: ["compliance", "program-requirements", programId ?? null],
    queryFn: () => request<Requirements>(`/api/compliance/program-requirements${qs({ programId })}`),
  });

export const facilityRequirementsQuery = (facilityId?: string) =>
  queryOptions({
    queryKey: ["compliance", "facility-requirements", facilityId ?? null],
    queryFn: () => request<Requirements>(`/api/compliance/facility-requirements${qs({ facilityId })}`),
  });

/** Everything compliance shows: the records, the rosters' statuses, the dashboards' rates, readiness. */
function useInvalidateCompliance() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [["compliance"], ["students"], ["dashboard"], ["applications"]].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

export function useSaveRequirements(scope: "program" | "facility") {
  const invalidate = useInvalidateCompliance();
  return useMutation({
    mutationFn: ({ ownerId, requirementTypeIds }: { ownerId?: string; requirementTypeIds: string[] }) =>
      request<Requirements>(`/api/compliance/${scope}-requirements`, {
        method: "PUT",
        json: { [`${scope}Id`]: ownerId || undefined, requirementTypeIds },
      }),
    onSuccess: invalidate,
  });
}

// ---- One student's records ----

export const studentComplianceQuery = (studentId: string) =>
  queryOptions({
    queryKey: ["compliance", "student", studentId],
    queryFn: () => request<StudentCompliance>(`/api/students/${encodeURIComponent(studentId)}/compliance`),
    retry: (count, err) => (err as { status?: number }).status !== 404 && count < 2,
  });

export const myComplianceQuery = queryOptions({
  queryKey: ["compliance", "me"],
  queryFn: () => request<MyCompliance>("/api/me/student/compliance"),
});

/** Whose records an upload adds to: a student of the program's roster, or the signed-in student. */
export type UploadTarget = { kind: "student"; studentId: string } | { kind: "me" };

export const uploadUrl = (target: UploadTarget) =>
  target.kind === "me"
    ? "/api/me/student/compliance/documents"
    : `/api/students/${encodeURIComponent(target.studentId)}/compliance/documents`;

/** The dates a file shows (PDF text layer or OCR): proposals for the user to confirm, nothing stored. */
export async function scanDocument(file: File): Promise<ScanResult> {
  const body = new FormData();
  body.append("file", file);
  return request<ScanResult>("/api/compliance/scan", { body });
}

/**
 * A multipart upload through XMLHttpRequest, whose `upload.onprogress` reports the bytes sent
 * (fetch cannot). The answer is read as fetch's would be, so errors are the same ApiError.
 */
export function sendWithProgress<T>(url: string, body: FormData, onProgress: (percent: number) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      const response = new Response(xhr.responseText || null, {
        status: xhr.status,
        headers: { "content-type": xhr.getResponseHeader("content-type") ?? "application/json" },
      });
      unwrap(response as Response & { ok: true; json(): Promise<T> }).then((v) => resolve(v as T), reject);
    };
    xhr.onerror = () => reject(new Error("The upload failed: check your connection and try again."));
    xhr.onabort = () => reject(new Error("The upload was cancelled."));
    xhr.send(body);
  });
}

export type UploadValues = {
  file: File;
  requirementTypeId: string;
  issuedOn: string | null;
  expiresOn: string | null;
};

export function useUploadDocument(target: UploadTarget) {
  const invalidate = useInvalidateCompliance();
  return useMutation({
    mutationFn: ({ values, onProgress }: { values: UploadValues; onProgress: (percent: number) => void }) => {
      const body = new FormData();
      body.append("requirementTypeId", values.requirementTypeId);
      if (values.issuedOn) body.append("issuedOn", values.issuedOn);
      if (values.expiresOn) body.append("expiresOn", values.expiresOn);
      body.append("file", values.file);
      return sendWithProgress<ComplianceDocument>(uploadUrl(target), body, onProgress);
    },
    onSuccess: invalidate,
  });
}

// ---- Review ----

export function useReviewDocument() {
  const invalidate = useInvalidateCompliance();
  return useMutation({
    mutationFn: ({ id, decision, reason }: { id: string; decision: "approve" | "reject"; reason?: string }) =>
      request<ComplianceDocument>(
        `/api/compliance/documents/${encodeURIComponent(id)}/${decision}`,
        decision === "reject" ? { json: { reason } } : { method: "POST" },
      ),
    onSuccess: invalidate,
  });
}

export const REVIEW_QUEUE_PAGE_SIZE = 20;

export const reviewQueueQuery = (f: { page: number; programId?: string }) =>
  queryOptions({
    queryKey: ["compliance", "review-queue", f],
    queryFn: () =>
      request<Page<ReviewQueueRow>>(
        `/api/compliance/review-queue${qs({ page: f.page, pageSize: REVIEW_QUEUE_PAGE_SIZE, programId: f.programId })}`,
      ),
    placeholderData: keepPreviousData,
  });

// ---- The program's students by compliance ----

export const COMPLIANCE_STUDENTS_PAGE_SIZE = 20;
export const EXPIRING_WITHIN = ["30", "60", "90"] as const;
export type ExpiringWithin = (typeof EXPIRING_WITHIN)[number];

export const COMPLIANCE_SORTS = ["name", "status", "nextExpiry"] as const;
export type ComplianceSort = (typeof COMPLIANCE_SORTS)[number];

export type ComplianceStudentsFilter = {
  search?: string;
  status?: ComplianceStatus;
  expiringWithin?: ExpiringWithin;
  requirementTypeId?: string;
  sort?: ComplianceSort;
  order?: "asc" | "desc";
  programId?: string;
  page: number;
};

const studentsFilterQuery = (f: Omit<ComplianceStudentsFilter, "page">) => ({
  q: f.search || undefined,
  status: f.status,
  expiringWithin: f.expiringWithin,
  requirementTypeId: f.requirementTypeId || undefined,
  sort: f.sort || undefined,
  order: f.order || undefined,
  programId: f.programId || undefined,
});

export const complianceStudentsQuery = (f: ComplianceStudentsFilter) =>
  queryOptions({
    queryKey: ["compliance", "students", f],
    queryFn: () =>
      request<ComplianceStudentsPage>(
        `/api/compliance/students${qs({ ...studentsFilterQuery(f), page: f.page, pageSize: COMPLIANCE_STUDENTS_PAGE_SIZE })}`,
      ),
    placeholderData: keepPreviousData,
  });

export const complianceStudentsExportUrl = (f: Omit<ComplianceStudentsFilter, "page">) =>
  `/api/compliance/students/export.csv${qs(studentsFilterQuery(f))}`;

export function useRemind() {
  return useMutation({
    mutationFn: (studentIds: string[]) =>
      request<{ queued: number }>("/api/compliance/remind", { json: { studentIds } }),
  });
}

// ---- Facilities ----

export const facilityReadinessQuery = (applicationId: string) =>
  queryOptions({
    queryKey: ["compliance", "readiness", applicationId],
    queryFn: () =>
      request<FacilityReadiness>(`/api/facility/applications/${encodeURIComponent(applicationId)}/readiness`),
  });

/**
 * The requirements an applicant has not met, as far as this page already knows (the readiness panel
 * loaded them): approving then asks before it sends, instead of meeting the server's 409 not_ready.
 * Undefined when not loaded yet (the server's answer decides).
 */
export function useKnownUnmet() {
  const client = useQueryClient();
  return (applicationId: string): string[] | undefined => {
    const readiness = client.getQueryData(facilityReadinessQuery(applicationId).queryKey);
    return readiness?.items.filter((i) => i.readiness !== "met").map((i) => i.type.name);
  };
}

/** Who approved this applicant without full readiness, when, and what was missing then (null: no override). */
export type ReadinessOverride = { by: { id: string; name: string } | null; at: string; missing: string[] } | null;

export const readinessOverrideQuery = (applicationId: string) =>
  queryOptions({
    queryKey: ["compliance", "readiness-override", applicationId],
    queryFn: async () =>
      (
        await request<{ readinessOverride?: ReadinessOverride }>(
          `/api/facility/applications/${encodeURIComponent(applicationId)}`,
        )
      ).readinessOverride ?? null,
  });
