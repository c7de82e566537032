import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { toast } from "sonner";
import { ApiError } from "@/web/lib/api-client";

const toasted = new WeakSet<object>();

/**
 * The one place that toasts a failed call: `title` (default 'Error') with the error's message. Each
 * error is toasted once, whoever reports it first: the QueryClient's mutation cache (providers.tsx)
 * for every mutation, or `failSubmit` for a form's submit.
 */
export function toastError(err: unknown, title = "Error", fallback = "Please try again.") {
  if (typeof err === "object" && err !== null) {
    if (toasted.has(err)) return;
    toasted.add(err);
  }
  toast.error(title, { description: err instanceof Error ? err.message : fallback });
}

/**
 * Puts the server's `issues` of an ApiError under the form's fields it names (D14). `fields` lists
 * the form's field names; an issue about another path stays in the toast only. Returns whether any
 * field got a message.
 */
export function setServerIssues<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, "setError">,
  err: unknown,
  fields: readonly string[],
) {
  if (!(err instanceof ApiError)) return false;
  let any = false;
  for (const issue of err.issues) {
    if (fields.includes(issue.path)) {
      form.setError(issue.path as Path<T>, { message: issue.message });
      any = true;
    }
  }
  return any;
}

/** A form's submit failed: the named fields get the server's messages, and the error is toasted (once). */
export function failSubmit<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, "setError">,
  err: unknown,
  options: { fields: readonly string[]; title?: string; fallback?: string },
) {
  setServerIssues(form, err, options.fields);
  toastError(err, options.title, options.fallback);
}
