import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import { Button } from "@/web/components/ui/button";
import { type OrganizationKind, organizationDetailQuery } from "../api";
import { OrganizationPicker } from "./organization-picker";

/**
 * The pages that narrow what they ask the server to the `?program=` / `?facility=` an administrator
 * names. Only there is a picker offered: elsewhere a choice would change nothing on screen.
 */
const VIEW_AS_PAGES: Record<OrganizationKind, readonly string[]> = {
  program: ["/dashboard/program", "/students", "/compliance", "/matching", "/calendar", "/rotations"],
  facility: [
    "/dashboard/facility",
    "/dashboard/facility/applications",
    "/dashboard/facility/placements",
    "/dashboard/facility/students",
    "/dashboard/facility/requirements",
    "/dashboard/facility/calendar",
  ],
};

export function viewAsKindOf(pathname: string): OrganizationKind | null {
  const path = pathname.replace(/\/+$/, "") || "/";
  for (const kind of ["program", "facility"] as const) if (VIEW_AS_PAGES[kind].includes(path)) return kind;
  return null;
}

/**
 * View As for administrators on a program's or facility's pages (issue 14): which organization they
 * look at is the `?program=` / `?facility=` parameter, chosen here from a searchable list. The
 * server narrows the admin's scope to it on every call (D1); without one the pages show all.
 */
export function ViewAsOrganizationBar({ kind }: { kind: OrganizationKind }) {
  const [params, setParams] = useSearchParams();
  const chosen = params.get(kind);
  const noun = kind === "program" ? "nursing program" : "healthcare facility";
  const detail = useQuery({ ...organizationDetailQuery(chosen ?? ""), enabled: Boolean(chosen) });

  const set = (id: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (id) next.set(kind, id);
        else next.delete(kind);
        next.delete("page");
        return next;
      },
      { replace: false },
    );

  if (chosen) {
    return (
      <section
        aria-label="View As"
        className="mb-6 flex flex-wrap items-center justify-between gap-2 rounded-md border border-border bg-muted/40 p-3 text-sm"
      >
        <p>
          Viewing as{" "}
          <strong>
            {detail.data?.name ?? (detail.isError ? "an unknown organization" : "the chosen organization")}
          </strong>
        </p>
        <Button size="sm" variant="outline" onClick={() => set(null)}>
          Choose another {noun}
        </Button>
      </section>
    );
  }
  return (
    <section aria-label="View As" className="mb-6 rounded-md border border-border bg-muted/40 p-3">
      <OrganizationPicker
        kind={kind}
        label={`View as which ${noun}? (without one, these pages show every ${noun})`}
        onPick={(o) => set(o.id)}
      />
    </section>
  );
}
