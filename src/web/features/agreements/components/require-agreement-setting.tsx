import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { toast } from "sonner";
import { ApiError } from "@/web/lib/api-client";
import { requirementQuery, useSetRequirement } from "../api";

/**
 * The facility's "Require an active affiliation agreement": when on, programs without a signed
 * agreement covering a rotation's dates cannot apply to it, and see why in their search.
 */
export function RequireAgreementSetting({ facilityId }: { facilityId?: string }) {
  const id = useId();
  const setting = useQuery(requirementQuery(facilityId));
  const save = useSetRequirement();
  // While saving, the box shows what was asked for (the answer's refetch confirms it).
  const on = save.isPending ? (save.variables?.requireAgreement ?? false) : (setting.data?.requireAgreement ?? false);
  return (
    <section aria-labelledby={`${id}-title`} className="mt-4 rounded-lg border border-border bg-white p-4">
      <h2 id={`${id}-title`} className="font-semibold">
        Applications
      </h2>
      {setting.error instanceof ApiError && setting.error.status === 422 ? (
        // An administrator without a facility named (View As a facility sets ?facility=).
        <p className="mt-1 text-sm text-muted-foreground">View as a facility to see and change its setting.</p>
      ) : setting.isError ? (
        <p className="mt-1 text-sm text-destructive">
          Could not load this setting.{" "}
          <button type="button" className="underline" onClick={() => setting.refetch()}>
            Try again
          </button>
        </p>
      ) : (
        <label className="mt-2 flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 size-4 accent-primary"
            checked={on}
            disabled={setting.isPending || save.isPending}
            aria-describedby={`${id}-hint`}
            onChange={(e) =>
              save.mutate(
                { requireAgreement: e.target.checked, facilityId },
                {
                  onSuccess: (r) =>
                    toast.success(
                      r.requireAgreement ? "Applications now need an active agreement" : "Agreement no longer required",
                    ),
                },
              )
            }
          />
          <span>
            <span className="font-medium">Require an active affiliation agreement</span>
            <span id={`${id}-hint`} className="block text-muted-foreground">
              Programs without a signed agreement covering a rotation's dates cannot apply to it; their placement search
              says so.
            </span>
          </span>
        </label>
      )}
    </section>
  );
}
