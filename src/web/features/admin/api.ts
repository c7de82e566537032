import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@/web/lib/api-client";
import { queryString } from "@/web/lib/download";

export type AccessRequestFilter = { status?: "pending" | "approved" | "denied"; search?: string; page: number };

export const accessRequestsQuery = (f: AccessRequestFilter) =>
  queryOptions({
    queryKey: ["admin", "access-requests", f],
    queryFn: async () =>
      unwrap(
        await api.api.admin["access-requests"].$get({
          query: { status: f.status, search: f.search || undefined, page: String(f.page), pageSize: "10" },
        }),
      ),
    placeholderData: keepPreviousData,
  });

export function useDecideAccessRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (v: { id: string; decision: "approve" | "deny" }) =>
      unwrap(await api.api.admin["access-requests"][":id"][":decision"].$post({ param: v })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["admin", "access-requests"] }),
  });
}

export type OrganizationKind = "program" | "facility";
export type VerificationStatus = "pending" | "verified" | "rejected";
export type OrganizationFilter = { kind: OrganizationKind; status?: VerificationStatus; search?: string; page: number };

export const ORGANIZATIONS_PAGE_SIZE = 20;

export const organizationsQuery = (f: OrganizationFilter) =>
  queryOptions({
    queryKey: ["admin", "organizations", f],
    queryFn: async () =>
      unwrap(
        await api.api.admin.organizations.$get({
          query: {
            kind: f.kind,
            status: f.status,
            search: f.search || undefined,
            page: String(f.page),
            pageSize: String(ORGANIZATIONS_PAGE_SIZE),
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });

export type Organization = Awaited<
  ReturnType<NonNullable<ReturnType<typeof organizationsQuery>["queryFn"]>>
>["items"][number];

export const organizationsExportUrl = (f: Omit<OrganizationFilter, "page">) =>
  `/api/admin/organizations/export.csv${queryString({ kind: f.kind, status: f.status, search: f.search })}`;

export function useDecideOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (v: { id: string; decision: "verify" | "reject" }) =>
      unwrap(await api.api.admin.organizations[":id"][":decision"].$post({ param: v })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["admin", "organizations"] }),
  });
}

// Emails on more than one program's roster (issue 8): the programs, the linked one, students' reports.

export type RosterClaimFilter = { search?: string; reported?: "true" | "false"; page: number };
export const ROSTER_CLAIMS_PAGE_SIZE = 10;

export const rosterClaimsQuery = (f: RosterClaimFilter) =>
  queryOptions({
    queryKey: ["admin", "roster-claims", f],
    queryFn: async () =>
      unwrap(
        await api.api.admin["roster-claims"].$get({
          query: {
            search: f.search || undefined,
            reported: f.reported,
            page: String(f.page),
            pageSize: String(ROSTER_CLAIMS_PAGE_SIZE),
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });

// One organization (issue 14): detail, add with its first coordinator, suspend and reinstate.

export const organizationDetailQuery = (id: string) =>
  queryOptions({
    queryKey: ["admin", "organizations", "detail", id],
    queryFn: async () => unwrap(await api.api.admin.organizations[":id"].$get({ param: { id } })),
  });

export type OrganizationDetail = Awaited<
  ReturnType<NonNullable<ReturnType<typeof organizationDetailQuery>["queryFn"]>>
>;

export type NewOrganization = {
  kind: OrganizationKind;
  name: string;
  city: string;
  state: string;
  coordinator: { email: string; name: string };
};

export function useCreateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (json: NewOrganization) => unwrap(await api.api.admin.organizations.$post({ json })),
    meta: { errorToast: "Could not add the organization" },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["admin", "organizations"] }),
  });
}

export function useSuspendOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (v: { id: string; suspend: true; reason: string } | { id: string; suspend: false }) =>
      v.suspend
        ? unwrap(
            await api.api.admin.organizations[":id"].suspend.$post({ param: { id: v.id }, json: { reason: v.reason } }),
          )
        : unwrap(await api.api.admin.organizations[":id"].reinstate.$post({ param: { id: v.id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["admin", "organizations"] }),
  });
}
