import { useQuery } from "@tanstack/react-query";
import { CheckCircle2, Circle, FileText } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { ITEM_STATUS_LABELS, type ItemStatus } from "@/domain/compliance";
import { LoadError } from "@/web/components/list-page/load-error";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Loading } from "@/web/components/ui/loading";
import { viewedStudentId } from "@/web/lib/view-as-student";
import { checklistQuery, useTickItem, useTickPlacementItem } from "../api";
import type { ChecklistEntry, PlacementChecklist } from "../types";

// The Preparation Checklist tab (spec sections 3 and 9: five items, progress as a share), saved on
// the server. Immunizations, background check and CPR come from the student's approved documents
// and link to them; orientation and uniform are ticked here.

export function PreparationChecklist() {
  const query = useQuery(checklistQuery);
  if (query.isPending) return <Loading label="Loading your checklist..." />;
  if (query.isError) return <LoadError what="your checklist" query={query} />;
  const { items, placements, done, total, share } = query.data;
  return (
    <Card>
      <CardHeader className="gap-3">
        <CardTitle>Preparation Checklist</CardTitle>
        <CardDescription>Before your first day on the unit</CardDescription>
        <div className="grid gap-1">
          <p className="text-sm font-medium" id="checklist-progress-label">
            {done} of {total} complete ({share}%)
          </p>
          <div
            role="progressbar"
            aria-labelledby="checklist-progress-label"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={share}
            className="h-2 w-full overflow-hidden rounded-full bg-muted"
          >
            <div className="h-full bg-primary transition-all" style={{ width: `${share}%` }} />
          </div>
        </div>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3" aria-label="Checklist items">
          {items.map((item) => (
            <li key={item.item} className="rounded-lg border border-border p-3">
              {item.source === "student" ? <SelfItem item={item} /> : <TrackedItem item={item} />}
            </li>
          ))}
        </ul>
        {placements.map((p) => (
          <PlacementSection key={p.placementId} placement={p} />
        ))}
      </CardContent>
    </Card>
  );
}

/** An approved rotation's own items (its facility added them), ticked by the student. */
function PlacementSection({ placement }: { placement: PlacementChecklist }) {
  const headingId = `placement-items-${placement.placementId}`;
  return (
    <section aria-labelledby={headingId} className="mt-6 grid gap-3">
      <div>
        <h3 id={headingId} className="font-semibold">
          {placement.title} at {placement.facilityName}
        </h3>
        <p className="text-sm text-muted-foreground">
          {placement.startDate} to {placement.endDate}
        </p>
      </div>
      {placement.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">This rotation has no items of its own.</p>
      ) : (
        <ul className="grid gap-3" aria-label={`${placement.title} items`}>
          {placement.items.map((item) => (
            <li key={item.id} className="rounded-lg border border-border p-3">
              <PlacementItemBox item={item} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function PlacementItemBox({ item }: { item: PlacementChecklist["items"][number] }) {
  const tick = useTickPlacementItem();
  const [pending, setPending] = useState<boolean | null>(null);
  const id = `checklist-placement-${item.id}`;
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        className="mt-1 size-4 accent-teal-700"
        checked={pending ?? item.checked}
        disabled={tick.isPending || viewedStudentId() !== null}
        aria-describedby={item.description ? `${id}-description` : undefined}
        onChange={(e) => {
          setPending(e.target.checked);
          tick.mutate(
            { id: item.id, checked: e.target.checked },
            {
              onError: (err) =>
                toast.error("Error", { description: err instanceof Error ? err.message : "Could not save" }),
              onSettled: () => setPending(null),
            },
          );
        }}
      />
      <div className="grid gap-0.5">
        <label htmlFor={id} className="font-medium">
          {item.title}
        </label>
        {item.description ? (
          <p id={`${id}-description`} className="text-sm text-muted-foreground">
            {item.description}
          </p>
        ) : null}
      </div>
    </div>
  );
}

function SelfItem({ item }: { item: ChecklistEntry }) {
  const tick = useTickItem();
  // Shown ticked at once; the server's answer replaces it (or the old state comes back on an error).
  const [pending, setPending] = useState<boolean | null>(null);
  const id = `checklist-${item.item}`;
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        className="mt-1 size-4 accent-teal-700"
        checked={pending ?? item.checked}
        disabled={tick.isPending || viewedStudentId() !== null}
        aria-describedby={`${id}-description`}
        onChange={(e) => {
          setPending(e.target.checked);
          tick.mutate(
            { item: item.item, checked: e.target.checked },
            {
              onError: (err) =>
                toast.error("Error", { description: err instanceof Error ? err.message : "Could not save" }),
              onSettled: () => setPending(null),
            },
          );
        }}
      />
      <div className="grid gap-0.5">
        <label htmlFor={id} className="font-medium">
          {item.label}
        </label>
        <p id={`${id}-description`} className="text-sm text-muted-foreground">
          {item.description}
        </p>
      </div>
    </div>
  );
}

function TrackedItem({ item }: { item: ChecklistEntry }) {
  const Icon = item.checked ? CheckCircle2 : Circle;
  return (
    <div className="flex items-start gap-3">
      <Icon className={`mt-0.5 size-5 shrink-0 ${item.checked ? "text-green-700" : "text-slate-500"}`} aria-hidden />
      <div className="grid min-w-0 gap-1">
        <p className="font-medium">
          {item.label} <span className="sr-only">{item.checked ? "(complete)" : "(not complete)"}</span>
        </p>
        <p className="text-sm text-muted-foreground">
          {item.source === "not_required"
            ? "Not required by your program."
            : `${item.description} Ticked from your approved documents.`}
        </p>
        {item.requirements.length > 0 ? (
          <ul className="grid gap-1 text-sm">
            {item.requirements.map((r) => (
              <li key={r.typeId} className="flex flex-wrap items-center gap-2">
                <FileText className="size-4 text-slate-500" aria-hidden />
                {r.fileHref ? (
                  <a href={r.fileHref} target="_blank" rel="noopener noreferrer" className="text-primary underline">
                    {r.name}
                  </a>
                ) : (
                  <span>{r.name}</span>
                )}
                <span className="text-muted-foreground">{ITEM_STATUS_LABELS[r.status as ItemStatus] ?? r.status}</span>
              </li>
            ))}
          </ul>
        ) : null}
        {item.href && !item.checked && item.source === "compliance" ? (
          <Link to={item.href} className="text-sm font-medium text-primary underline">
            Upload on My Compliance
          </Link>
        ) : null}
      </div>
    </div>
  );
}
