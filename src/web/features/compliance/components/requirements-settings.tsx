import { useQuery } from "@tanstack/react-query";
import { ListChecks, Save } from "lucide-react";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import { LoadError } from "@/web/components/list-page/load-error";
import { RequirementsChecklist } from "@/web/components/requirements-checklist";
import { Button } from "@/web/components/ui/button";
import { EmptyState } from "@/web/components/ui/empty-state";
import { Loading } from "@/web/components/ui/loading";
import {
  facilityRequirementsQuery,
  programRequirementsQuery,
  requirementTypesQuery,
  useSaveRequirements,
} from "../api";

const WORDS = {
  program: {
    intro: "Every student of your program needs these. Saving recomputes each student's status.",
    label: "Requirements for all students",
  },
  facility: {
    intro:
      "Every applicant to your placements needs these, on top of their program's. A placement can ask for more in its own form.",
    label: "Requirements for all placements",
  },
} as const;

/**
 * "Requirements": which catalogue types a program asks of all its students, or a facility of every
 * applicant (issue 12). A checklist grouped by category and Save.
 */
export function RequirementsSettings({ scope, ownerId }: { scope: "program" | "facility"; ownerId?: string }) {
  const types = useQuery(requirementTypesQuery);
  const current = useQuery(
    scope === "program" ? programRequirementsQuery(ownerId) : facilityRequirementsQuery(ownerId),
  );
  const save = useSaveRequirements(scope);
  const [chosen, setChosen] = useState<string[] | null>(null);
  const saved = current.data?.requirementTypeIds;
  // A fresh answer (saved here or elsewhere) resets the checklist to what is stored.
  useEffect(() => setChosen(saved ? [...saved] : null), [saved]);

  if (types.isPending || current.isPending) return <Loading label="Loading requirements..." className="min-h-24" />;
  if (types.isError) return <LoadError what="the requirement catalogue" query={types} />;
  if (current.isError) return <LoadError what="your requirements" query={current} />;
  if (types.data.length === 0) return <EmptyState icon={ListChecks} title="The requirement catalogue is empty" />;

  const value = chosen ?? current.data.requirementTypeIds;
  const changed =
    value.length !== current.data.requirementTypeIds.length ||
    value.some((v) => !current.data.requirementTypeIds.includes(v));

  return (
    <section aria-label={WORDS[scope].label} className="grid gap-4 rounded-lg border border-border bg-white p-4">
      <p className="text-sm text-muted-foreground">{WORDS[scope].intro}</p>
      <RequirementsChecklist types={types.data} value={value} onChange={setChosen} disabled={save.isPending} />
      <div className="flex flex-wrap items-center gap-3">
        <Button
          disabled={save.isPending || !changed}
          onClick={() =>
            save.mutate(
              { ownerId, requirementTypeIds: value },
              { onSuccess: () => toast.success("Requirements saved") },
            )
          }
        >
          <Save aria-hidden /> {save.isPending ? "Saving..." : "Save"}
        </Button>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {value.length} of {types.data.length} chosen{changed ? " · not saved yet" : ""}
        </p>
      </div>
    </section>
  );
}
