import { type FormEvent, useId, useState } from "react";
import { type EvaluationAnswer, type EvaluationQuestion, MAX_COMMENT, validateAnswers } from "@/domain/evaluations";
import { Button } from "@/web/components/ui/button";
import { Textarea } from "@/web/components/ui/textarea";
import { ApiError } from "@/web/lib/api-client";
import { cn } from "@/web/lib/cn";

// One evaluation form, answered or read: rating questions as radio groups whose points carry their
// words ("1 Unsafe" … "5 Exceeds expectations"), comment questions as text areas, grouped by
// section. Errors (the domain's check before sending, the server's `answers.<id>` issues after)
// show under the question they name and are announced.

type Errors = Record<string, string>;

function sections(questions: readonly EvaluationQuestion[]) {
  const out: { title: string | null; questions: EvaluationQuestion[] }[] = [];
  for (const q of questions) {
    const title = q.section ?? null;
    const last = out[out.length - 1];
    if (last && last.title === title) last.questions.push(q);
    else out.push({ title, questions: [q] });
  }
  return out;
}

const pointLabel = (q: Extract<EvaluationQuestion, { type: "rating" }>, n: number) =>
  q.scaleLabels?.[n - 1] ? `${n} ${q.scaleLabels[n - 1]}` : String(n);

/** The questions with their answers, read only (a submitted evaluation, a preview). */
export function EvaluationAnswers({
  questions,
  answers,
}: {
  questions: readonly EvaluationQuestion[];
  answers: readonly EvaluationAnswer[];
}) {
  const byId = new Map(answers.map((a) => [a.questionId, a]));
  return (
    <div className="grid gap-5">
      {sections(questions).map((s) => (
        <section key={s.questions[0].id} className="grid gap-3">
          {s.title ? (
            <h3 className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">{s.title}</h3>
          ) : null}
          <dl className="grid gap-3">
            {s.questions.map((q) => {
              const a = byId.get(q.id);
              return (
                <div key={q.id} className="grid gap-1">
                  <dt className="font-medium">{q.label}</dt>
                  <dd className="text-sm">
                    {q.type === "rating" ? (
                      typeof a?.rating === "number" ? (
                        `${pointLabel(q, a.rating)} (of ${q.scale})`
                      ) : (
                        "Not rated"
                      )
                    ) : a?.comment ? (
                      <span className="whitespace-pre-wrap">{a.comment}</span>
                    ) : (
                      <span className="text-muted-foreground">No comment</span>
                    )}
                  </dd>
                </div>
              );
            })}
          </dl>
        </section>
      ))}
    </div>
  );
}

/** The form to fill: calls `onSubmit` with the answers once they pass the form's own rules. */
export function EvaluationFormFields({
  questions,
  submitLabel = "Submit evaluation",
  pending,
  onSubmit,
  preview = false,
}: {
  questions: readonly EvaluationQuestion[];
  submitLabel?: string;
  pending?: boolean;
  onSubmit?: (answers: EvaluationAnswer[]) => Promise<unknown>;
  /** A preview: the controls work, nothing is sent. */
  preview?: boolean;
}) {
  const base = useId();
  const [answers, setAnswers] = useState<Record<string, EvaluationAnswer>>({});
  const [errors, setErrors] = useState<Errors>({});
  const set = (a: EvaluationAnswer) => {
    setAnswers((all) => ({ ...all, [a.questionId]: a }));
    setErrors((all) => {
      const { [a.questionId]: _, ...rest } = all;
      return rest;
    });
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (preview || !onSubmit) return;
    const list = Object.values(answers);
    const checked = validateAnswers(questions, list);
    if (!checked.ok) {
      setErrors(Object.fromEntries(checked.issues.map((i) => [i.path.replace(/^answers\./, ""), i.message])));
      const first = checked.issues[0]?.path.replace(/^answers\./, "");
      if (first) document.getElementById(`${base}-${first}`)?.focus();
      return;
    }
    try {
      await onSubmit(checked.answers);
    } catch (err) {
      if (err instanceof ApiError) {
        setErrors(
          Object.fromEntries(
            err.issues.filter((i) => i.path.startsWith("answers.")).map((i) => [i.path.slice(8), i.message]),
          ),
        );
      }
    }
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-6">
      {sections(questions).map((s) => (
        <section key={s.questions[0].id} className="grid gap-4">
          {s.title ? (
            <h3 className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">{s.title}</h3>
          ) : null}
          {s.questions.map((q) => {
            const fieldId = `${base}-${q.id}`;
            const error = errors[q.id];
            const errorId = `${fieldId}-error`;
            const label = `${q.label}${q.required ? "" : " (optional)"}`;
            if (q.type === "rating") {
              return (
                <fieldset
                  key={q.id}
                  id={fieldId}
                  tabIndex={-1}
                  aria-describedby={error ? errorId : undefined}
                  aria-invalid={error ? true : undefined}
                  className="grid gap-2"
                >
                  <legend className="mb-2 font-medium">
                    {label}
                    {q.required ? <span className="sr-only"> (required)</span> : null}
                  </legend>
                  {q.help ? <p className="text-sm text-muted-foreground">{q.help}</p> : null}
                  <div className="flex flex-wrap gap-2">
                    {Array.from({ length: q.scale }, (_, i) => i + 1).map((n) => {
                      const checked = answers[q.id]?.rating === n;
                      return (
                        <label
                          key={n}
                          className={cn(
                            "flex min-h-11 cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
                            checked ? "border-primary bg-primary-soft" : "border-border bg-white",
                          )}
                        >
                          <input
                            type="radio"
                            name={fieldId}
                            value={n}
                            checked={checked}
                            onChange={() => set({ questionId: q.id, rating: n })}
                            className="accent-primary"
                          />
                          {pointLabel(q, n)}
                        </label>
                      );
                    })}
                  </div>
                  {error ? (
                    <p id={errorId} role="alert" className="text-sm text-destructive">
                      {error}
                    </p>
                  ) : null}
                </fieldset>
              );
            }
            return (
              <div key={q.id} className="grid gap-1.5">
                <label htmlFor={fieldId} className="font-medium">
                  {label}
                </label>
                {q.help ? <p className="text-sm text-muted-foreground">{q.help}</p> : null}
                <Textarea
                  id={fieldId}
                  rows={3}
                  maxLength={MAX_COMMENT}
                  aria-required={q.required || undefined}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorId : undefined}
                  value={answers[q.id]?.comment ?? ""}
                  onChange={(ev) => set({ questionId: q.id, comment: ev.target.value })}
                />
                {error ? (
                  <p id={errorId} role="alert" className="text-sm text-destructive">
                    {error}
                  </p>
                ) : null}
              </div>
            );
          })}
        </section>
      ))}
      {preview ? null : (
        <div className="flex justify-end">
          <Button type="submit" disabled={pending}>
            {pending ? "Submitting..." : submitLabel}
          </Button>
        </div>
      )}
    </form>
  );
}
