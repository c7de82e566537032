import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { api, unwrap } from "@/web/lib/api-client";
import { queryString } from "@/web/lib/download";

// The audit trail's queries (issue 14): a filtered page, the recorded actions, the CSV's address,
// and the live stream of new entries.

export type AuditFilter = {
  actor?: string;
  action?: string;
  entityType?: string;
  organizationId?: string;
  from?: string;
  to?: string;
  search?: string;
  failedSignIns?: boolean;
};

export const AUDIT_PAGE_SIZE = 25;

/** The filter as the API's query (unset values left out). */
const queryOf = (f: AuditFilter) => ({
  actor: f.actor || undefined,
  action: f.action || undefined,
  entityType: f.entityType || undefined,
  organizationId: f.organizationId || undefined,
  from: f.from || undefined,
  to: f.to || undefined,
  search: f.search || undefined,
  failedSignIns: f.failedSignIns ? ("true" as const) : undefined,
});

export const auditQuery = (f: AuditFilter & { page: number; pageSize?: number }) =>
  queryOptions({
    queryKey: ["admin", "audit", "list", f],
    queryFn: async () =>
      unwrap(
        await api.api.admin.audit.$get({
          query: { ...queryOf(f), page: String(f.page), pageSize: String(f.pageSize ?? AUDIT_PAGE_SIZE) },
        }),
      ),
    placeholderData: keepPreviousData,
  });

export type AuditEntry = Awaited<ReturnType<NonNullable<ReturnType<typeof auditQuery>["queryFn"]>>>["items"][number];
export type AuditPage = { items: AuditEntry[]; total: number; page: number; pageSize: number };

export const auditActionsQuery = () =>
  queryOptions({
    queryKey: ["admin", "audit", "actions"],
    queryFn: async () => unwrap(await api.api.admin.audit.actions.$get()),
    staleTime: 60_000,
  });

export const auditExportUrl = (f: AuditFilter) => `/api/admin/audit/export.csv${queryString(queryOf(f))}`;

type StreamHandlers = {
  /** A new entry was recorded. */
  onEntry: (entry: AuditEntry) => void;
  /** The stream (re)opened or entries may have been missed: refetch. */
  onResync: () => void;
};

/**
 * New audit entries as they are recorded (GET /api/admin/audit/stream, Server-Sent Events). The
 * browser reconnects by itself; each (re)connection ("ready") and each "resync" asks for a refetch,
 * since entries written meanwhile are not replayed.
 */
export function useAuditStream(handlers: StreamHandlers) {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource("/api/admin/audit/stream");
    let opened = false;
    source.addEventListener("ready", () => {
      // The first "ready" follows the page's own first fetch: only a reconnection needs a refetch.
      if (opened) latest.current.onResync();
      opened = true;
    });
    source.addEventListener("resync", () => latest.current.onResync());
    source.addEventListener("entry", (event) => {
      try {
        latest.current.onEntry(JSON.parse((event as MessageEvent<string>).data) as AuditEntry);
      } catch {
        latest.current.onResync();
      }
    });
    source.addEventListener("signed-out", () => source.close());
    return () => source.close();
  }, []);
}
