import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { toast } from "sonner";
import { type ApplicationSubmission, applicationSubmissionSchema } from "@/domain/application-submission";
import { MAX_STUDENTS_PER_SUBMISSION, submittedMessage } from "@/domain/applications";
import { applyByLabel } from "@/domain/placements";
import { Button } from "@/web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/web/components/ui/dialog";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/input";
import { Textarea } from "@/web/components/ui/textarea";
import { formatDate } from "@/web/lib/format";
import { useDebouncedValue } from "@/web/lib/use-debounced-value";
import { type OpenPlacement, pickableStudentsQuery, type Refusal, useSubmitApplications } from "../api";

type Values = { placementId: string; students: { studentId: string; notes: string }[] };
type Chosen = { id: string; name: string };

/**
 * 'Submit Application': one student or several at once (bulk), each with a note of their own or
 * none (issue 9: one note is never copied onto every student). 'A student must be chosen' (spec
 * section 5). The server answers for each student; refusals are listed here by name.
 */
export function SubmitApplicationDialog({
  placement,
  preselected,
  open,
  onOpenChange,
}: {
  placement: OpenPlacement | null;
  preselected: Chosen | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const ids = useId();
  const [search, setSearch] = useState("");
  const debouncedSearch = useDebouncedValue(search.trim());
  // Each chosen student's name and note, in the order they were chosen.
  const [chosen, setChosen] = useState<Map<string, { name: string; notes: string }>>(new Map());
  const [refusals, setRefusals] = useState<Refusal[]>([]);
  const students = useQuery({ ...pickableStudentsQuery(debouncedSearch), enabled: open });
  const submit = useSubmitApplications();
  const form = useForm<Values, unknown, ApplicationSubmission>({
    resolver: zodResolver(applicationSubmissionSchema) as never,
    defaultValues: { placementId: "", students: [] },
  });
  const { errors, isSubmitting } = form.formState;

  // A fresh form each time the dialog opens for a placement; `?student=` preselects that student.
  useEffect(() => {
    if (!open || !placement) return;
    const initial = new Map(preselected ? [[preselected.id, { name: preselected.name, notes: "" }]] : []);
    setChosen(initial);
    setSearch("");
    setRefusals([]);
    form.reset({ placementId: placement.id, students: toItems(initial) });
  }, [open, placement, preselected, form]);

  function update(next: Map<string, { name: string; notes: string }>) {
    setChosen(next);
    form.setValue("students", toItems(next), { shouldValidate: form.formState.isSubmitted });
  }

  function toggle(student: Chosen, on: boolean) {
    const next = new Map(chosen);
    if (on) next.set(student.id, { name: student.name, notes: chosen.get(student.id)?.notes ?? "" });
    else next.delete(student.id);
    update(next);
  }

  function setNote(id: string, notes: string) {
    const current = chosen.get(id);
    if (!current) return;
    update(new Map(chosen).set(id, { ...current, notes }));
  }

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const outcome = await submit.mutateAsync(values);
      const n = outcome.submitted.length;
      if (n > 0) {
        toast.success(submittedMessage(n), {
          description: `${outcome.placement.title} at ${outcome.placement.facilityName}`,
        });
      } else {
        toast.error("Error", { description: nothingSubmittedMessage(outcome.refused) });
      }
      if (outcome.refused.length === 0) {
        onOpenChange(false);
        return;
      }
      // Keep the refused students chosen (to adjust and retry), drop the submitted ones.
      const next = new Map(chosen);
      for (const s of outcome.submitted) next.delete(s.studentId);
      setChosen(next);
      form.setValue("students", toItems(next));
      setRefusals(outcome.refused);
    } catch (err) {
      toast.error("Error", { description: err instanceof Error ? err.message : "Could not submit the application" });
    }
  });

  const items = students.data?.items ?? [];
  const chosenList = [...chosen.entries()].map(([id, c]) => ({ id, name: c.name, notes: c.notes }));
  const studentErrors = errors.students as
    | ({ message?: string } & Record<number, { notes?: { message?: string } } | undefined>)
    | undefined;
  const busy = isSubmitting || submit.isPending;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] max-w-lg overflow-y-auto">
        <DialogTitle>Submit Application</DialogTitle>
        {placement ? (
          <DialogDescription>
            {placement.title} at {placement.facility.name} · {formatDate(placement.startDate)} –{" "}
            {formatDate(placement.endDate)} · {placement.availableSpots} of {placement.capacity} spots available
            {placement.applicationDeadline ? ` · ${applyByLabel(placement.applicationDeadline)}` : ""}
          </DialogDescription>
        ) : null}
        <form className="mt-4 grid gap-4" onSubmit={onSubmit} noValidate>
          <Controller
            control={form.control}
            name="students"
            render={() => (
              <fieldset
                className="grid gap-2"
                aria-describedby={studentErrors?.message ? `${ids}-students-error` : `${ids}-students-hint`}
              >
                <legend className="mb-1 text-sm font-medium text-slate-800">Students</legend>
                <Input
                  type="search"
                  aria-label="Search students"
                  placeholder="Search by name or email"
                  value={search}
                  onChange={(e) => setSearch(e.target.value)}
                />
                {chosenList.length > 0 ? (
                  <p id={`${ids}-students-hint`} className="text-sm text-muted-foreground" aria-live="polite">
                    {chosenList.length} selected: {chosenList.map((c) => c.name).join(", ")}
                  </p>
                ) : (
                  <p id={`${ids}-students-hint`} className="text-sm text-muted-foreground">
                    Choose one student, or several to submit them together (up to {MAX_STUDENTS_PER_SUBMISSION}).
                  </p>
                )}
                <div className="max-h-60 overflow-y-auto rounded-md border border-border">
                  {students.isPending ? (
                    <p role="status" className="p-3 text-sm text-muted-foreground">
                      Loading...
                    </p>
                  ) : students.isError ? (
                    <p role="alert" className="p-3 text-sm text-destructive">
                      Could not load students: {students.error.message}
                    </p>
                  ) : items.length === 0 ? (
                    <p className="p-3 text-sm text-muted-foreground">
                      {debouncedSearch ? "No student matches this search." : "No active students on your roster yet."}
                    </p>
                  ) : (
                    <ul className="divide-y divide-border">
                      {items.map((s) => {
                        const name = `${s.firstName} ${s.lastName}`;
                        const inputId = `${ids}-student-${s.id}`;
                        return (
                          <li key={s.id} className="flex items-start gap-3 px-3 py-2">
                            <input
                              id={inputId}
                              type="checkbox"
                              className="mt-1 size-4 accent-teal-700"
                              checked={chosen.has(s.id)}
                              onChange={(e) => toggle({ id: s.id, name }, e.target.checked)}
                            />
                            <label htmlFor={inputId} className="grid cursor-pointer text-sm">
                              <span className="font-medium">{name}</span>
                              <span className="text-muted-foreground">
                                {s.email}
                                {s.specialtyInterest ? ` · ${s.specialtyInterest}` : ""}
                              </span>
                            </label>
                          </li>
                        );
                      })}
                    </ul>
                  )}
                </div>
                {students.data && students.data.total > items.length ? (
                  <p className="text-xs text-muted-foreground">
                    Showing {items.length} of {students.data.total}: search to find the others.
                  </p>
                ) : null}
                {studentErrors?.message ? (
                  <p id={`${ids}-students-error`} role="alert" className="text-sm text-destructive">
                    {studentErrors.message}
                  </p>
                ) : null}
              </fieldset>
            )}
          />
          {chosenList.length > 0 ? (
            <fieldset className="grid gap-3">
              <legend className="mb-1 text-sm font-medium text-slate-800">Notes to the facility (optional)</legend>
              <p className="text-xs text-muted-foreground">
                Each note goes with that student's application only; leave it empty for none.
              </p>
              {chosenList.map((c, i) => (
                <Field
                  key={c.id}
                  id={`${ids}-notes-${c.id}`}
                  label={`Note for ${c.name}`}
                  error={studentErrors?.[i]?.notes?.message}
                >
                  <Textarea
                    id={`${ids}-notes-${c.id}`}
                    rows={2}
                    placeholder="Anything the facility should know about this student"
                    aria-invalid={!!studentErrors?.[i]?.notes}
                    value={c.notes}
                    onChange={(e) => setNote(c.id, e.target.value)}
                  />
                </Field>
              ))}
            </fieldset>
          ) : null}
          {refusals.length > 0 ? (
            <div role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
              <p className="font-medium text-amber-950">Not submitted</p>
              <ul className="mt-1 list-disc pl-5 text-amber-950">
                {refusals.map((r) => (
                  <li key={r.studentId}>
                    {r.name ? <span className="font-medium">{r.name}: </span> : null}
                    {r.reason}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {refusals.length > 0 ? "Close" : "Cancel"}
            </Button>
            <Button type="submit" disabled={busy || !placement}>
              {busy ? "Submitting..." : chosen.size > 1 ? `Submit ${chosen.size} Applications` : "Submit Application"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

const toItems = (m: Map<string, { name: string; notes: string }>) =>
  [...m.entries()].map(([studentId, c]) => ({ studentId, notes: c.notes }));

/** 'Ada Lovelace: Already applied to this placement', or every refusal after 'No application submitted'. */
function nothingSubmittedMessage(refused: Refusal[]) {
  const each = refused.map((r) => (r.name ? `${r.name}: ${r.reason}` : r.reason));
  return each.length === 1 ? each[0] : `No application submitted: ${each.join("; ")}`;
}
