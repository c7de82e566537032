import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { InferResponseType } from "hono/client";
import type { CompletionState, RotationPhase } from "@/domain/rotation-records";
import { api, unwrap } from "@/web/lib/api-client";
import { queryString } from "@/web/lib/download";

// Rotation records (issue 17) on the typed client: the program's completion list, its CSV, and the
// address of one rotation's record PDF.

const records = api.api.rotations.records;

export type CompletionPage = InferResponseType<typeof records.$get, 200>;
export type CompletionRow = CompletionPage["items"][number];

export const RECORD_SORTS = ["endDate", "startDate", "student", "hours"] as const;
export type RecordSort = (typeof RECORD_SORTS)[number];

export type RecordsFilter = {
  search?: string;
  status?: RotationPhase;
  facilityId?: string;
  completion?: CompletionState;
  sort?: RecordSort;
  order?: "asc" | "desc";
  /** Administrators viewing as a program (View As puts ?program= in the address). */
  programId?: string;
};

const query = (f: RecordsFilter) => {
  const q: Record<string, string> = {};
  for (const [k, v] of Object.entries(f)) if (v) q[k] = String(v);
  return q;
};

export const recordsQuery = (f: RecordsFilter & { page: number }) =>
  queryOptions({
    queryKey: ["rotations", "records", f],
    queryFn: async () => unwrap(await records.$get({ query: { ...query(f), page: String(f.page), pageSize: "20" } })),
    placeholderData: keepPreviousData,
  });

export const recordsExportUrl = (f: RecordsFilter) => `/api/rotations/records/export.csv${queryString({ ...f })}`;

/** One rotation's record as a PDF (the program's, facility's, preceptor's and administrators' address). */
export const recordPdfUrl = (applicationId: string) => `/api/rotations/${encodeURIComponent(applicationId)}/record.pdf`;
