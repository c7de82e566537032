import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { AgreementContact, AgreementSide, AgreementStage, AgreementStatus } from "@/domain/agreements";
import { unwrap } from "@/web/lib/api-client";
import { queryString } from "@/web/lib/download";

// The agreements API (issue 17) as the pages use it: JSON in and out, the one error envelope → ApiError.

export type Agreement = {
  id: string;
  title: string;
  startDate: string;
  endDate: string;
  stage: AgreementStage;
  status: AgreementStatus;
  daysLeft: number;
  autoRenew: boolean;
  notes: string;
  contacts: AgreementContact[];
  terminatedOn: string | null;
  terminationReason: string | null;
  document: { name: string; contentType: string; size: number; uploadedAt: string | null } | null;
  program: { id: string; name: string };
  facility: { id: string; name: string };
  createdBy: "program" | "facility" | "admin";
  createdAt: string;
  updatedAt: string;
  signatures: Record<AgreementSide, Signature | null>;
  /** The side whose signature a half-signed draft awaits. */
  awaiting: AgreementSide | null;
  pendingAmendment: PendingAmendment | null;
};
export type Signature = { signedAt: string; signedBy: { id: string; name: string } | null };
export type AmendmentChanges = { title?: string; startDate?: string; endDate?: string; autoRenew?: boolean };
export type PendingAmendment = {
  id: string;
  proposedBySide: AgreementSide;
  proposedBy: { id: string; name: string } | null;
  proposedAt: string;
  changes: AmendmentChanges;
  note: string;
  /** A new signed document it proposes. */
  document: { name: string; contentType: string; size: number } | null;
};
export type AgreementPage = {
  items: Agreement[];
  total: number;
  page: number;
  pageSize: number;
  byStatus: Record<AgreementStatus, number>;
};
export type Partner = { id: string; name: string; city: string | null; state: string | null };

export type AgreementFilter = {
  status?: AgreementStatus;
  organizationId?: string;
  search?: string;
  expiringWithin?: string;
  sort?: string;
  order?: "asc" | "desc";
};

async function request<T>(path: string, init: { method?: string; json?: unknown; body?: FormData } = {}): Promise<T> {
  const response = await fetch(path, {
    method: init.method ?? (init.json !== undefined || init.body ? "POST" : "GET"),
    credentials: "same-origin",
    headers: init.json !== undefined ? { "content-type": "application/json" } : undefined,
    body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
  });
  return (await unwrap(response as Response & { ok: true; json(): Promise<T> })) as T;
}

export const agreementsQuery = (f: AgreementFilter & { page: number }) =>
  queryOptions({
    queryKey: ["agreements", "list", f],
    queryFn: () => request<AgreementPage>(`/api/agreements${queryString({ ...f, pageSize: 20 })}`),
    placeholderData: keepPreviousData,
  });

export const agreementsExportUrl = (f: AgreementFilter) => `/api/agreements/export.csv${queryString({ ...f })}`;

export const agreementDocumentUrl = (id: string) => `/api/agreements/${encodeURIComponent(id)}/document`;
export const amendmentDocumentUrl = (id: string) => `/api/agreements/${encodeURIComponent(id)}/amendment/document`;

/** The other side's organizations for the picker (SearchPicker reads a page). */
export const partnersQuery =
  (kind: "program" | "facility" | undefined) => (search: string | undefined, _page: number) =>
    queryOptions({
      queryKey: ["agreements", "partners", kind ?? null, search ?? ""],
      queryFn: async () => {
        const res = await request<{ kind: string; items: Partner[] }>(
          `/api/agreements/partners${queryString({ search, kind })}`,
        );
        return { items: res.items, total: res.items.length, pageSize: 50 };
      },
    });

export const requirementQuery = (facilityId?: string) =>
  queryOptions({
    queryKey: ["agreements", "requirement", facilityId ?? null],
    queryFn: () =>
      request<{ facilityId: string; requireAgreement: boolean }>(
        `/api/agreements/requirement${queryString({ facilityId })}`,
      ),
  });

/** Everything an agreement change may move: the lists, the placement searches' flags. */
function useInvalidate() {
  const client = useQueryClient();
  return () => Promise.all([["agreements"], ["placements"]].map((queryKey) => client.invalidateQueries({ queryKey })));
}

export type AgreementInput = {
  title: string;
  startDate: string;
  endDate: string;
  autoRenew: boolean;
  notes: string;
  contacts: AgreementContact[];
  programId?: string;
  facilityId?: string;
};

export function useSaveAgreement() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: AgreementInput }) =>
      id
        ? request<Agreement>(`/api/agreements/${encodeURIComponent(id)}`, { method: "PUT", json: input })
        : request<Agreement>("/api/agreements", { method: "POST", json: input }),
    onSuccess: invalidate,
  });
}

export type AgreementActionKind =
  | "sign"
  | "terminate"
  | "delete"
  | "amendments"
  | "amendment/accept"
  | "amendment/decline"
  | "amendment/withdraw";

export function useAgreementAction() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, action, json }: { id: string; action: AgreementActionKind; json?: unknown }) =>
      action === "delete"
        ? request<{ id: string }>(`/api/agreements/${encodeURIComponent(id)}`, { method: "DELETE" })
        : request<Agreement>(`/api/agreements/${encodeURIComponent(id)}/${action}`, {
            method: "POST",
            json: json ?? {},
          }),
    onSuccess: invalidate,
  });
}

export function useUploadAgreementDocument() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) => {
      const body = new FormData();
      body.append("file", file);
      return request<Agreement>(agreementDocumentUrl(id), { method: "PUT", body });
    },
    onSuccess: invalidate,
  });
}

/** A new signed document proposed as (part of) the caller's side's amendment. */
export function useProposeAmendmentDocument() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, file, side }: { id: string; file: File; side?: AgreementSide }) => {
      const body = new FormData();
      body.append("file", file);
      if (side) body.append("side", side);
      return request<Agreement>(amendmentDocumentUrl(id), { method: "PUT", body });
    },
    onSuccess: invalidate,
  });
}

export function useSetRequirement() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: { requireAgreement: boolean; facilityId?: string }) =>
      request<{ facilityId: string; requireAgreement: boolean }>("/api/agreements/requirement", {
        method: "PUT",
        json: input,
      }),
    onSuccess: invalidate,
  });
}
