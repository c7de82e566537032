import { useQuery, useQueryClient } from "@tanstack/react-query";
import { BookOpen, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import {
  durationLabel,
  RESOURCE_CATEGORIES,
  RESOURCE_CATEGORY_LABELS,
  RESOURCE_KIND_LABELS,
  type ResourceCategory,
  type ResourceKind,
} from "@/domain/learning";
import { isAdmin } from "@/domain/roles";
import { RowActions } from "@/web/components/list-page/cells";
import { FilterBar, specialtyField } from "@/web/components/list-page/filter-bar";
import { ListView } from "@/web/components/list-page/list-view";
import { useListParams } from "@/web/components/list-page/use-list-params";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { PageHeader } from "@/web/components/ui/page-header";
import { useMe } from "@/web/lib/session";
import { libraryQuery, useDeleteResource } from "../api";
import { ResourceFormDialog } from "../components/resource-form-dialog";
import type { Resource, ResourceCard } from "../types";

// /learning-resources (issue 16): a coordinator adds and edits their program's resources for its
// students and reads the shared library; administrators curate the shared resources (and any).

const CATEGORY_OPTIONS = RESOURCE_CATEGORIES.map((c) => ({ value: c, label: RESOURCE_CATEGORY_LABELS[c] }));
type Row = ResourceCard & { completedBy: number };

export default function LearningResourcesPage() {
  const me = useMe();
  const admin = isAdmin(me.data?.role ?? null);
  const params = useListParams({ category: "", specialty: "" });
  const list = useQuery(libraryQuery({ ...params.filters, search: params.search, page: params.page }));
  const [editing, setEditing] = useState<(ResourceCard & { body?: string }) | "new" | null>(null);
  const remove = useDeleteResource();
  const queryClient = useQueryClient();

  async function edit(r: Row) {
    try {
      const full = await queryClient.fetchQuery({
        queryKey: ["learning", "library-resource", r.id],
        queryFn: async () => {
          const res = await fetch(`/api/learning/resources/${encodeURIComponent(r.id)}`, {
            credentials: "same-origin",
          });
          if (!res.ok) throw new Error("Could not load the resource");
          return (await res.json()) as Resource;
        },
        staleTime: 0,
      });
      setEditing(full);
    } catch (err) {
      toast.error("Error", { description: err instanceof Error ? err.message : "Could not load the resource" });
    }
  }

  const mayChange = (r: Row) => admin || r.programId !== null;

  return (
    <>
      <PageHeader
        title="Learning Resources"
        description={
          admin
            ? "Curate the shared library every student sees, and any program's own resources"
            : "Add guides, courses and links for your students; the shared library is curated by the platform"
        }
        actions={
          <Button onClick={() => setEditing("new")}>
            <Plus aria-hidden /> Add resource
          </Button>
        }
      />
      <FilterBar
        label="Filter resources"
        params={params}
        search="Search resources..."
        fields={[
          { name: "category", label: "Category", options: CATEGORY_OPTIONS, all: "All categories" },
          specialtyField(),
        ]}
        className="sm:grid-cols-2 lg:grid-cols-3"
      />
      <ListView
        query={list}
        params={params}
        label="Learning resources"
        copy={{
          what: "the resources",
          loading: "Loading resources...",
          empty: { icon: BookOpen, title: "No resources yet", body: "Add the first one for your students." },
          noMatch: { icon: BookOpen, title: "No resources match these filters" },
        }}
        columns={[
          {
            id: "title",
            header: "Resource",
            cell: (r: Row) => (
              <div className="grid gap-1">
                <span className="font-medium">{r.title}</span>
                {r.summary ? <span className="text-xs text-muted-foreground">{r.summary}</span> : null}
              </div>
            ),
          },
          {
            id: "category",
            header: "Category",
            cell: (r: Row) => RESOURCE_CATEGORY_LABELS[r.category as ResourceCategory] ?? r.category,
          },
          {
            id: "kind",
            header: "Type",
            cell: (r: Row) => (
              <Badge variant={r.kind === "required" ? "warning" : "default"}>
                {RESOURCE_KIND_LABELS[r.kind as ResourceKind] ?? r.kind}
              </Badge>
            ),
          },
          { id: "duration", header: "Duration", cell: (r: Row) => durationLabel(r.durationMinutes) },
          {
            id: "owner",
            header: "Seen by",
            cell: (r: Row) => (r.programName ? `${r.programName} students` : "All students"),
          },
          {
            id: "done",
            header: "Done by",
            cell: (r: Row) => `${r.completedBy} student${r.completedBy === 1 ? "" : "s"}`,
          },
          {
            id: "actions",
            header: <span className="sr-only">Actions</span>,
            actions: true,
            cell: (r: Row) =>
              mayChange(r) ? (
                <RowActions
                  actions={[
                    { text: "Edit", label: `Edit ${r.title}`, icon: Pencil, onClick: () => void edit(r) },
                    {
                      text: "Delete",
                      label: `Delete ${r.title}`,
                      icon: Trash2,
                      variant: "ghost",
                      disabled: remove.isPending,
                      onClick: () => {
                        if (!window.confirm(`Delete "${r.title}"? Students will no longer see it.`)) return;
                        remove.mutate(r.id, {
                          onSuccess: () => toast.success("Resource deleted", { description: r.title }),
                          onError: (err) => toast.error("Error", { description: err.message }),
                        });
                      },
                    },
                  ]}
                />
              ) : (
                <span className="text-xs text-muted-foreground">Shared</span>
              ),
          },
        ]}
      />
      <ResourceFormDialog editing={editing} onClose={() => setEditing(null)} />
    </>
  );
}
