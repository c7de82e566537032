import { CheckCircle2, Clock } from "lucide-react";
import {
  durationLabel,
  RESOURCE_CATEGORY_LABELS,
  RESOURCE_KIND_LABELS,
  type ResourceCategory,
  type ResourceKind,
} from "@/domain/learning";
import { Badge } from "@/web/components/ui/badge";
import type { ResourceCard } from "../types";

/** Category, type (Required stands out), duration, who wrote it and the student's done mark. */
export function ResourceBadges({ resource: r }: { resource: ResourceCard }) {
  return (
    <div className="flex flex-wrap items-center gap-2 text-xs">
      <Badge variant="muted">{RESOURCE_CATEGORY_LABELS[r.category as ResourceCategory] ?? r.category}</Badge>
      <Badge variant={r.kind === "required" ? "warning" : "default"}>
        {RESOURCE_KIND_LABELS[r.kind as ResourceKind] ?? r.kind}
      </Badge>
      <span className="inline-flex items-center gap-1 text-muted-foreground">
        <Clock className="size-3.5" aria-hidden /> {durationLabel(r.durationMinutes)}
      </span>
      {r.programName ? <span className="text-muted-foreground">From {r.programName}</span> : null}
      {r.completedAt ? (
        <Badge variant="success">
          <CheckCircle2 className="mr-1 size-3.5" aria-hidden /> Done
        </Badge>
      ) : null}
    </div>
  );
}
