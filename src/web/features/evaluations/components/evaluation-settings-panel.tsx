import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { toast } from "sonner";
import { MAX_DUE_DAYS, MIN_DUE_DAYS } from "@/domain/evaluations";
import { LoadError } from "@/web/components/list-page/load-error";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/input";
import { Loading } from "@/web/components/ui/loading";
import { ApiError } from "@/web/lib/api-client";
import { type EvaluationSettings, settingsQuery, useSaveSettings } from "../api";

/** The program's evaluation settings: midpoint evaluations yes or no, days until due (1–30). */
export function EvaluationSettingsPanel({ programId }: { programId?: string }) {
  const query = useQuery(settingsQuery(programId));
  if (query.isPending) return <Loading label="Loading settings..." className="min-h-24" />;
  if (query.isError) return <LoadError what="the settings" query={query} />;
  return (
    <SettingsForm
      key={`${query.data.programId}-${query.data.midpoint}-${query.data.dueDays}`}
      settings={query.data}
      programId={programId}
    />
  );
}

function SettingsForm({ settings, programId }: { settings: EvaluationSettings; programId?: string }) {
  const id = useId();
  const save = useSaveSettings();
  const [midpoint, setMidpoint] = useState(settings.midpoint);
  const [dueDays, setDueDays] = useState(String(settings.dueDays));
  const [error, setError] = useState<string | undefined>();
  async function submit(event: FormEvent) {
    event.preventDefault();
    const days = Number(dueDays);
    if (!Number.isInteger(days) || days < MIN_DUE_DAYS || days > MAX_DUE_DAYS) {
      setError(`Due days must be between ${MIN_DUE_DAYS} and ${MAX_DUE_DAYS}`);
      return;
    }
    setError(undefined);
    try {
      await save.mutateAsync({ midpoint, dueDays: days, programId });
      toast.success("Evaluation settings saved", {
        description: "They apply to evaluations that open from now on.",
      });
    } catch (err) {
      if (err instanceof ApiError) setError(err.issues.find((i) => i.path === "dueDays")?.message);
    }
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>Settings</CardTitle>
        <CardDescription>
          The final evaluation opens 7 days before a rotation ends; a midpoint one opens on its middle day.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid max-w-md gap-4">
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={midpoint}
              onChange={(e) => setMidpoint(e.target.checked)}
              className="size-4"
            />
            Ask for a midpoint evaluation too
          </label>
          <Field id={`${id}-due`} label="Days until due (after the phase's day)" error={error}>
            <Input
              id={`${id}-due`}
              type="number"
              inputMode="numeric"
              min={MIN_DUE_DAYS}
              max={MAX_DUE_DAYS}
              value={dueDays}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-due-error` : undefined}
              onChange={(e) => setDueDays(e.target.value)}
            />
          </Field>
          <div>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? "Saving..." : "Save settings"}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
