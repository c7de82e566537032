import { useQuery } from "@tanstack/react-query";
import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { toast } from "sonner";
import {
  defaultForm,
  EVALUATION_KIND_LABELS,
  EVALUATION_KINDS,
  type EvaluationKind,
  type EvaluationQuestion,
  evaluationFormSchema,
  MAX_QUESTIONS,
} from "@/domain/evaluations";
import { LoadError } from "@/web/components/list-page/load-error";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/web/components/ui/dialog";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/input";
import { Loading } from "@/web/components/ui/loading";
import { Select } from "@/web/components/ui/select";
import { ApiError } from "@/web/lib/api-client";
import { type EvaluationFormRecord, formsQuery, useSaveForm, useSetFormActive } from "../api";
import { EvaluationFormFields } from "./evaluation-form";

// The program's evaluation forms (issue 17): the built-in defaults and its own, which one each kind
// uses, a preview, and an editor. A form already given to evaluations is copied when edited.

type Editing = {
  kind: EvaluationKind;
  form: EvaluationFormRecord | null;
  start: { name: string; questions: EvaluationQuestion[] };
};

export function EvaluationFormsPanel({ programId }: { programId?: string }) {
  const query = useQuery(formsQuery(programId));
  const activate = useSetFormActive();
  const [preview, setPreview] = useState<{ name: string; questions: EvaluationQuestion[] } | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  if (query.isPending) return <Loading label="Loading forms..." className="min-h-24" />;
  if (query.isError) return <LoadError what="the forms" query={query} />;
  const data = query.data;
  return (
    <div className="grid gap-6">
      {EVALUATION_KINDS.map((kind) => {
        const own = data.items.filter((f) => f.kind === kind);
        const def = data.defaults[kind];
        return (
          <Card key={kind} aria-labelledby={`forms-${kind}`}>
            <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
              <div>
                <CardTitle id={`forms-${kind}`}>{EVALUATION_KIND_LABELS[kind]} forms</CardTitle>
                <CardDescription>
                  {kind === "student"
                    ? "What preceptors answer about your students"
                    : "What your students answer about the sites"}
                </CardDescription>
              </div>
              <Button onClick={() => setEditing({ kind, form: null, start: defaultForm(kind) })}>
                <Plus aria-hidden /> New {kind === "student" ? "student" : "site"} form
              </Button>
            </CardHeader>
            <CardContent>
              <ul className="grid gap-2">
                <FormLine
                  name={`${def.name} (built-in)`}
                  questions={def.questions.length}
                  active={def.active}
                  onPreview={() => setPreview(def)}
                />
                {own.map((f) => (
                  <FormLine
                    key={f.id}
                    name={f.name}
                    questions={f.questions.length}
                    active={f.active}
                    inUse={f.inUse}
                    onPreview={() => setPreview(f)}
                    onEdit={() => setEditing({ kind, form: f, start: f })}
                    onToggle={async () => {
                      await activate.mutateAsync({ formId: f.id, active: !f.active });
                      toast.success(f.active ? "Form set aside" : "Form in use", {
                        description: f.active
                          ? `New ${kind} evaluations get the built-in form.`
                          : `New ${kind} evaluations get "${f.name}".`,
                      });
                    }}
                  />
                ))}
              </ul>
            </CardContent>
          </Card>
        );
      })}
      <Dialog open={preview !== null} onOpenChange={(o) => !o && setPreview(null)}>
        <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-3xl">
          <DialogTitle>Preview: {preview?.name}</DialogTitle>
          <DialogDescription>The form as it is answered. Nothing is sent from a preview.</DialogDescription>
          {preview ? <EvaluationFormFields questions={preview.questions} preview /> : null}
        </DialogContent>
      </Dialog>
      <Dialog open={editing !== null} onOpenChange={(o) => !o && setEditing(null)}>
        <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-3xl">
          {editing ? (
            <FormEditor
              key={editing.form?.id ?? `new-${editing.kind}`}
              editing={editing}
              programId={programId}
              onDone={() => setEditing(null)}
            />
          ) : null}
        </DialogContent>
      </Dialog>
    </div>
  );
}

function FormLine({
  name,
  questions,
  active,
  inUse,
  onPreview,
  onEdit,
  onToggle,
}: {
  name: string;
  questions: number;
  active: boolean;
  inUse?: number;
  onPreview: () => void;
  onEdit?: () => void;
  onToggle?: () => void;
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border bg-white p-3">
      <div className="grid gap-1">
        <span className="font-medium">{name}</span>
        <span className="text-sm text-muted-foreground">
          {questions} question{questions === 1 ? "" : "s"}
          {inUse ? ` · given to ${inUse} evaluation${inUse === 1 ? "" : "s"}` : ""}
        </span>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {active ? <Badge variant="success">In use</Badge> : null}
        <Button variant="outline" size="sm" onClick={onPreview} aria-label={`Preview ${name}`}>
          Preview
        </Button>
        {onEdit ? (
          <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${name}`}>
            Edit
          </Button>
        ) : null}
        {onToggle ? (
          <Button
            variant="outline"
            size="sm"
            onClick={onToggle}
            aria-label={`${active ? "Stop using" : "Use this form"}: ${name}`}
          >
            {active ? "Stop using" : "Use this form"}
          </Button>
        ) : null}
      </div>
    </li>
  );
}

let fresh = 0;
const newId = (questions: EvaluationQuestion[]) => {
  let id: string;
  do id = `q${++fresh}`;
  while (questions.some((q) => q.id === id));
  return id;
};

function FormEditor({ editing, programId, onDone }: { editing: Editing; programId?: string; onDone: () => void }) {
  const base = useId();
  const save = useSaveForm();
  const [name, setName] = useState(editing.form ? editing.start.name : `${editing.start.name} (ours)`);
  const [questions, setQuestions] = useState<EvaluationQuestion[]>(editing.start.questions);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = (i: number, q: EvaluationQuestion) => setQuestions((all) => all.map((x, j) => (j === i ? q : x)));
  const move = (i: number, by: number) =>
    setQuestions((all) => {
      const next = [...all];
      const [q] = next.splice(i, 1);
      next.splice(i + by, 0, q);
      return next;
    });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = { name, kind: editing.kind, questions };
    const parsed = evaluationFormSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join("."), i.message])));
      return;
    }
    setErrors({});
    try {
      const saved = await save.mutateAsync({
        formId: editing.form?.id,
        input: parsed.data as typeof body,
        programId,
        active: editing.form ? undefined : false,
      });
      const copied = "copied" in saved && saved.copied;
      toast.success(copied ? "Saved as a new form" : "Form saved", {
        description: copied
          ? "Evaluations already given the form keep its questions."
          : `"${saved.name}" has ${saved.questions.length} questions.`,
      });
      onDone();
    } catch (err) {
      if (err instanceof ApiError) setErrors(Object.fromEntries(err.issues.map((i) => [i.path, i.message])));
    }
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <DialogTitle>
        {editing.form ? `Edit ${editing.form.name}` : `New ${EVALUATION_KIND_LABELS[editing.kind].toLowerCase()} form`}
      </DialogTitle>
      <DialogDescription>
        {editing.form && editing.form.inUse > 0
          ? "This form was given to evaluations: saving makes a new form (and uses it if this one is in use)."
          : "1 to 40 questions: ratings on a scale of 2 to 10 points, or comments."}
      </DialogDescription>
      <Field id={`${base}-name`} label="Form name" error={errors.name}>
        <Input
          id={`${base}-name`}
          value={name}
          onChange={(e) => setName(e.target.value)}
          aria-invalid={errors.name ? true : undefined}
        />
      </Field>
      {errors.questions ? (
        <p role="alert" className="text-sm text-destructive">
          {errors.questions}
        </p>
      ) : null}
      <ol className="grid gap-3">
        {questions.map((q, i) => {
          const at = (field: string) => errors[`questions.${i}.${field}`];
          const fid = `${base}-q${i}`;
          return (
            <li key={q.id} className="grid gap-3 rounded-lg border border-border p-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="text-sm font-medium">Question {i + 1}</span>
                <div className="flex gap-1">
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    disabled={i === 0}
                    onClick={() => move(i, -1)}
                    aria-label={`Move question ${i + 1} up`}
                  >
                    <ArrowUp aria-hidden />
                  </Button>
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    disabled={i === questions.length - 1}
                    onClick={() => move(i, 1)}
                    aria-label={`Move question ${i + 1} down`}
                  >
                    <ArrowDown aria-hidden />
                  </Button>
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    onClick={() => setQuestions((all) => all.filter((_, j) => j !== i))}
                    aria-label={`Remove question ${i + 1}`}
                  >
                    <Trash2 aria-hidden />
                  </Button>
                </div>
              </div>
              <Field id={`${fid}-label`} label="Question" error={at("label") ?? at("id")}>
                <Input
                  id={`${fid}-label`}
                  value={q.label}
                  onChange={(e) => update(i, { ...q, label: e.target.value })}
                />
              </Field>
              <div className="grid gap-3 sm:grid-cols-3">
                <Field id={`${fid}-section`} label="Section (optional)" error={at("section")}>
                  <Input
                    id={`${fid}-section`}
                    value={q.section ?? ""}
                    onChange={(e) => update(i, { ...q, section: e.target.value || undefined })}
                  />
                </Field>
                <Field id={`${fid}-type`} label="Answer">
                  <Select
                    id={`${fid}-type`}
                    value={q.type}
                    onChange={(e) =>
                      update(
                        i,
                        e.target.value === "rating"
                          ? {
                              id: q.id,
                              type: "rating",
                              label: q.label,
                              section: q.section,
                              required: q.required,
                              scale: 5,
                            }
                          : { id: q.id, type: "comment", label: q.label, section: q.section, required: q.required },
                      )
                    }
                  >
                    <option value="rating">Rating</option>
                    <option value="comment">Comment</option>
                  </Select>
                </Field>
                {q.type === "rating" ? (
                  <Field id={`${fid}-scale`} label="Points (2–10)" error={at("scale") ?? at("scaleLabels")}>
                    <Input
                      id={`${fid}-scale`}
                      type="number"
                      min={2}
                      max={10}
                      value={q.scale}
                      onChange={(e) => {
                        const scale = Number(e.target.value);
                        update(i, {
                          ...q,
                          scale,
                          scaleLabels: q.scaleLabels?.length === scale ? q.scaleLabels : undefined,
                        });
                      }}
                    />
                  </Field>
                ) : null}
              </div>
              {q.type === "rating" && q.scaleLabels ? (
                <p className="text-sm text-muted-foreground">
                  Points: {q.scaleLabels.map((l, n) => `${n + 1} ${l}`).join(" · ")}
                </p>
              ) : null}
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4"
                  checked={q.required}
                  onChange={(e) => update(i, { ...q, required: e.target.checked })}
                />
                Required
              </label>
            </li>
          );
        })}
      </ol>
      <div className="flex flex-wrap justify-between gap-2">
        <Button
          type="button"
          variant="outline"
          disabled={questions.length >= MAX_QUESTIONS}
          onClick={() =>
            setQuestions((all) => [...all, { id: newId(all), type: "rating", label: "", scale: 5, required: true }])
          }
        >
          <Plus aria-hidden /> Add question
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving..." : "Save form"}
        </Button>
      </div>
    </form>
  );
}
