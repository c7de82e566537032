import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  EvaluationAnswer,
  EvaluationKind,
  EvaluationPhase,
  EvaluationQuestion,
  EvaluationStatus,
} from "@/domain/evaluations";
import { unwrap } from "@/web/lib/api-client";
import { queryString } from "@/web/lib/download";
import { withViewedStudent } from "@/web/lib/view-as-student";

// The evaluations API (issue 17) as the pages use it: JSON in and out, the one error envelope → ApiError.

type Ref = { id: string; name: string };
export type EvaluationItem = {
  id: string;
  kind: EvaluationKind;
  phase: EvaluationPhase;
  status: EvaluationStatus;
  dueDate: string;
  submittedAt: string | null;
  formName: string;
  student: Ref;
  rotation: { id: string; title: string; startDate: string; endDate: string };
  program: Ref;
  facility: Ref;
};
export type EvaluationDetail = EvaluationItem & {
  questions: EvaluationQuestion[];
  answers: EvaluationAnswer[];
  submittedBy: string | null;
};
export type EvaluationPage = {
  items: EvaluationItem[];
  total: number;
  page: number;
  pageSize: number;
  byStatus: Record<EvaluationStatus, number>;
};
export type EvaluationFilter = {
  programId?: string;
  facilityId?: string;
  kind?: EvaluationKind;
  phase?: EvaluationPhase;
  status?: EvaluationStatus;
  search?: string;
  sort?: string;
  order?: "asc" | "desc";
};
export type SiteSummary = {
  submitted: number;
  minimum: number;
  shown: boolean;
  message: string | null;
  questions: { label: string; scale: number; scaleLabels?: string[]; average: number; responses: number }[];
  comments: string[];
};
export type EvaluationSettings = { programId: string; midpoint: boolean; dueDays: number };
export type EvaluationFormRecord = {
  id: string;
  programId: string;
  kind: EvaluationKind;
  name: string;
  questions: EvaluationQuestion[];
  active: boolean;
  inUse: number;
  createdAt: string;
  updatedAt: string;
};
export type FormList = {
  programId: string;
  items: EvaluationFormRecord[];
  defaults: Record<EvaluationKind, { name: string; questions: EvaluationQuestion[]; active: boolean }>;
};

async function request<T>(path: string, init: { method?: string; json?: unknown } = {}): Promise<T> {
  const response = await fetch(withViewedStudent(path), {
    method: init.method ?? (init.json !== undefined ? "POST" : "GET"),
    credentials: "same-origin",
    headers: init.json !== undefined ? { "content-type": "application/json" } : undefined,
    body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
  });
  return (await unwrap(response as Response & { ok: true; json(): Promise<T> })) as T;
}

const id = (v: string) => encodeURIComponent(v);

/** The program's completion across its students. */
export const programEvaluationsQuery = (f: EvaluationFilter & { page: number }) =>
  queryOptions({
    queryKey: ["evaluations", "program", f],
    queryFn: () => request<EvaluationPage>(`/api/evaluations${queryString({ ...f, pageSize: 20 })}`),
    placeholderData: keepPreviousData,
  });

export const programEvaluationsExportUrl = (f: EvaluationFilter) =>
  `/api/evaluations/export.csv${queryString({ ...f })}`;

/** The evaluations of students a preceptor or the facility's coordinator fills. */
export const assignedEvaluationsQuery = (f: EvaluationFilter & { page: number }) =>
  queryOptions({
    queryKey: ["evaluations", "assigned", f],
    queryFn: () => request<EvaluationPage>(`/api/evaluations/assigned${queryString({ ...f, pageSize: 20 })}`),
    placeholderData: keepPreviousData,
  });

export const evaluationQuery = (evaluationId: string) =>
  queryOptions({
    queryKey: ["evaluations", "one", evaluationId],
    queryFn: () => request<EvaluationDetail>(`/api/evaluations/${id(evaluationId)}`),
  });

export const siteSummaryQuery = (facilityId?: string) =>
  queryOptions({
    queryKey: ["evaluations", "site-summary", facilityId ?? null],
    queryFn: () => request<SiteSummary>(`/api/evaluations/site-summary${queryString({ facilityId })}`),
  });

export const myEvaluationsQuery = queryOptions({
  queryKey: ["evaluations", "mine"],
  queryFn: () =>
    request<{ items: EvaluationDetail[]; total: number; page: number; pageSize: number }>(
      "/api/me/student/evaluations",
    ),
});

export const settingsQuery = (programId?: string) =>
  queryOptions({
    queryKey: ["evaluations", "settings", programId ?? null],
    queryFn: () => request<EvaluationSettings>(`/api/evaluations/settings${queryString({ programId })}`),
  });

export const formsQuery = (programId?: string) =>
  queryOptions({
    queryKey: ["evaluations", "forms", programId ?? null],
    queryFn: () => request<FormList>(`/api/evaluations/forms${queryString({ programId })}`),
  });

function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ["evaluations"] });
}

/** Submits an evaluation: of a student (preceptor, facility) or of a site (the student). */
export function useSubmitEvaluation(kind: EvaluationKind) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ evaluationId, answers }: { evaluationId: string; answers: EvaluationAnswer[] }) =>
      request<EvaluationDetail>(
        kind === "student"
          ? `/api/evaluations/${id(evaluationId)}/submit`
          : `/api/me/student/evaluations/${id(evaluationId)}/submit`,
        { json: { answers } },
      ),
    onSuccess: invalidate,
  });
}

export function useSaveSettings() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: { midpoint: boolean; dueDays: number; programId?: string }) =>
      request<EvaluationSettings>("/api/evaluations/settings", { method: "PUT", json: input }),
    onSuccess: invalidate,
  });
}

export type FormInput = { name: string; kind: EvaluationKind; questions: EvaluationQuestion[] };

export function useSaveForm() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({
      formId,
      input,
      programId,
      active,
    }: {
      formId?: string;
      input: FormInput;
      programId?: string;
      active?: boolean;
    }) =>
      formId
        ? request<EvaluationFormRecord & { copied: boolean }>(`/api/evaluations/forms/${id(formId)}`, {
            method: "PUT",
            json: { name: input.name, questions: input.questions },
          })
        : request<EvaluationFormRecord>("/api/evaluations/forms", { json: { ...input, programId, active } }),
    onSuccess: invalidate,
  });
}

export function useSetFormActive() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ formId, active }: { formId: string; active: boolean }) =>
      request<EvaluationFormRecord>(`/api/evaluations/forms/${id(formId)}/${active ? "activate" : "deactivate"}`, {
        json: {},
      }),
    onSuccess: invalidate,
  });
}
