import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { PreceptorInvitationState, PreceptorKind, RotationStatus } from "@/domain/preceptors";
import { unwrap } from "@/web/lib/api-client";
import { queryString } from "@/web/lib/download";

// The preceptors API (issue 17) as the pages use it: JSON in and out, the one error envelope → ApiError.

type Ref = { id: string; name: string };

export type Person = {
  userId: string;
  name: string;
  email: string;
  title: string;
  department: string | null;
  kind: PreceptorKind;
  facility: Ref;
  activeRotations: number;
  since: string;
};
export type PersonPage = { items: Person[]; total: number; page: number; pageSize: number };

export type Invitation = {
  id: string;
  name: string;
  email: string;
  title: string;
  department: string | null;
  state: "pending" | "expired" | "accepted" | "revoked";
  facility: Ref;
  sentAt: string;
  expiresAt: string;
};

export type RotationPreceptor = { userId: string; name: string; email: string };
export type Rotation = {
  id: string;
  student: { id: string; name: string };
  program: Ref;
  placement: { id: string; title: string; specialty: string };
  department: Ref | null;
  facility: Ref;
  startDate: string;
  endDate: string;
  status: RotationStatus;
  preceptors: RotationPreceptor[];
};
export type RotationPage = {
  items: Rotation[];
  total: number;
  page: number;
  pageSize: number;
  byStatus: Record<RotationStatus, number>;
  options: { placements: Ref[]; departments: Ref[] };
};
export type RotationDetail = Omit<Rotation, "student"> & {
  student: { id: string; name: string; email: string; complianceStatus: "pending" | "compliant" | "incomplete" };
};

export type InvitationLink = {
  state: PreceptorInvitationState;
  name: string;
  facilityName: string;
  title: string;
  email: string | null;
  hasAccount: boolean;
  signedInAsInvitee: boolean;
  message: string | null;
};

async function request<T>(path: string, init: { method?: string; json?: unknown } = {}): Promise<T> {
  const response = await fetch(path, {
    method: init.method ?? (init.json !== undefined ? "POST" : "GET"),
    credentials: "same-origin",
    headers: init.json !== undefined ? { "content-type": "application/json" } : undefined,
    body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
  });
  return (await unwrap(response as Response & { ok: true; json(): Promise<T> })) as T;
}

export type PeopleFilter = { search?: string; kind?: PreceptorKind; facilityId?: string };

export const peopleQuery = (f: PeopleFilter & { page: number; pageSize?: number }) =>
  queryOptions({
    queryKey: ["preceptors", "people", f],
    queryFn: () => request<PersonPage>(`/api/preceptors${queryString({ pageSize: 20, ...f })}`),
    placeholderData: keepPreviousData,
  });

export const peopleExportUrl = (f: PeopleFilter) => `/api/preceptors/export.csv${queryString({ ...f })}`;

export const invitationsQuery = (facilityId?: string) =>
  queryOptions({
    queryKey: ["preceptors", "invitations", facilityId ?? null],
    queryFn: () => request<{ items: Invitation[] }>(`/api/preceptors/invitations${queryString({ facilityId })}`),
  });

export type RotationFilter = {
  search?: string;
  placementId?: string;
  departmentId?: string;
  status?: RotationStatus;
  unassigned?: "true";
  facilityId?: string;
};

export const rotationsQuery = (f: RotationFilter & { page: number; pageSize?: number }) =>
  queryOptions({
    queryKey: ["preceptors", "rotations", f],
    queryFn: () => request<RotationPage>(`/api/preceptors/rotations${queryString({ pageSize: 20, ...f })}`),
    placeholderData: keepPreviousData,
  });

export const rotationsExportUrl = (f: RotationFilter) => `/api/preceptors/rotations/export.csv${queryString({ ...f })}`;

export const rotationQuery = (id: string) =>
  queryOptions({
    queryKey: ["preceptors", "rotation", id],
    queryFn: () => request<RotationDetail>(`/api/preceptors/rotations/${encodeURIComponent(id)}`),
  });

export const invitationLinkQuery = (token: string) =>
  queryOptions({
    queryKey: ["preceptor-invitation", token],
    queryFn: () => request<InvitationLink>(`/api/preceptor-invitations/${encodeURIComponent(token)}`),
    retry: false,
  });

export const acceptInvitation = (token: string, password?: string) =>
  request<{ facilityId: string; facilityName: string; created: boolean; redirectTo: "/dashboard/preceptor" }>(
    `/api/preceptor-invitations/${encodeURIComponent(token)}/accept`,
    { json: password ? { password } : {} },
  );

function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ["preceptors"] });
}

export type InviteInput = { name: string; email: string; title?: string; department?: string; facilityId?: string };

export function useInvitePreceptor() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: InviteInput) => request<Invitation>("/api/preceptors/invitations", { json: input }),
    onSuccess: invalidate,
  });
}

export function useInvitationAction() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: "resend" | "revoke" }) =>
      action === "resend"
        ? request<Invitation>(`/api/preceptors/invitations/${encodeURIComponent(id)}/resend`, { method: "POST" })
        : request<Invitation>(`/api/preceptors/invitations/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: invalidate,
  });
}

export function useRemovePreceptor() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ userId, facilityId }: { userId: string; facilityId?: string }) =>
      request<{ userId: string; endedAssignments: number }>(
        `/api/preceptors/${encodeURIComponent(userId)}${queryString({ facilityId })}`,
        { method: "DELETE" },
      ),
    onSuccess: invalidate,
  });
}

export function useAssignPreceptors() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, userIds }: { id: string; userIds: string[] }) =>
      request<RotationDetail>(`/api/preceptors/rotations/${encodeURIComponent(id)}`, {
        method: "PUT",
        json: { userIds },
      }),
    onSuccess: invalidate,
  });
}
