import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import {
  RESOURCE_CATEGORIES,
  RESOURCE_CATEGORY_LABELS,
  RESOURCE_KIND_LABELS,
  RESOURCE_KINDS,
  resourceInputSchema,
} from "@/domain/learning";
import { NURSING_SPECIALTIES } from "@/domain/specialties";
import { Button } from "@/web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/web/components/ui/dialog";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/input";
import { Select } from "@/web/components/ui/select";
import { Textarea } from "@/web/components/ui/textarea";
import { ApiError } from "@/web/lib/api-client";
import { type ResourceForm, resourceFileUrl, useResourceFile, useSaveResource } from "../api";
import type { ResourceCard } from "../types";

// 'Add resource' and 'Edit' for coordinators (their program's) and administrators (shared ones):
// text, a link, or both; the server checks every field and names the one it refuses (422).

const EMPTY: ResourceForm = {
  title: "",
  summary: "",
  body: "",
  category: "clinical_skills",
  kind: "guide",
  durationMinutes: "15",
  specialties: [],
  url: "",
};

export function ResourceFormDialog({
  editing,
  onClose,
}: {
  /** A resource to edit (with its text), "new", or null when closed. */
  editing: (ResourceCard & { body?: string }) | "new" | null;
  onClose: () => void;
}) {
  const open = editing !== null;
  const initial: ResourceForm =
    editing && editing !== "new"
      ? {
          title: editing.title,
          summary: editing.summary,
          body: editing.body ?? "",
          category: editing.category,
          kind: editing.kind,
          durationMinutes: String(editing.durationMinutes),
          specialties: editing.specialties,
          url: editing.url ?? "",
        }
      : EMPTY;
  return (
    <Dialog open={open} onOpenChange={(o) => (o ? null : onClose())}>
      <DialogContent className="max-h-[90vh] max-w-2xl overflow-y-auto">
        <DialogTitle>{editing === "new" ? "Add resource" : "Edit resource"}</DialogTitle>
        <DialogDescription>Write the text, give a link to a video or course, or both.</DialogDescription>
        {open ? (
          <FormBody
            key={editing === "new" ? "new" : editing.id}
            id={editing === "new" ? undefined : editing.id}
            currentFile={editing === "new" ? null : (editing.file ?? null)}
            initial={initial}
            onDone={onClose}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function FormBody({
  id: editedId,
  currentFile,
  initial,
  onDone,
}: {
  id?: string;
  currentFile: ResourceCard["file"];
  initial: ResourceForm;
  onDone: () => void;
}) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // A new resource saved whose file was then refused: saving again edits it rather than adding another.
  const [savedId, setSavedId] = useState<string | undefined>(undefined);
  const id = editedId ?? savedId;
  const [file, setFile] = useState<File | null>(null);
  const [removeFile, setRemoveFile] = useState(false);
  const save = useSaveResource();
  const fileSave = useResourceFile();
  const busy = save.isPending || fileSave.isPending;
  const set = (patch: Partial<ResourceForm>) => setValues((v) => ({ ...v, ...patch }));
  const describedBy = (name: string) => (errors[name] ? `resource-${name}-error` : undefined);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    // The API's own schema first: a missing title is named here, without a round trip.
    const checked = resourceInputSchema.safeParse(values);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0] ?? "body"), i.message])));
      return;
    }
    setErrors({});
    save.mutate(
      { id, values },
      {
        onSuccess: async (saved) => {
          setSavedId(saved.id);
          const change = file ?? (removeFile && currentFile ? "remove" : null);
          if (change) {
            try {
              await fileSave.mutateAsync({ id: saved.id, file: change });
            } catch (err) {
              const message = err instanceof Error ? err.message : "Could not upload the file";
              setErrors({ file: message });
              return;
            }
          }
          toast.success(id ? "Resource updated" : "Resource added", { description: saved.title });
          onDone();
        },
        onError: (err) => {
          if (err instanceof ApiError && err.issues.length > 0) {
            setErrors(Object.fromEntries(err.issues.map((i) => [i.path.split(".")[0], i.message])));
          } else {
            toast.error("Error", { description: err instanceof Error ? err.message : "Could not save the resource" });
          }
        },
      },
    );
  }

  return (
    <form onSubmit={onSubmit} className="grid gap-4" noValidate>
      <Field id="resource-title" label="Title" error={errors.title}>
        <Input
          id="resource-title"
          value={values.title}
          maxLength={200}
          aria-invalid={Boolean(errors.title)}
          aria-describedby={describedBy("title")}
          onChange={(e) => set({ title: e.target.value })}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field id="resource-category" label="Category" error={errors.category}>
          <Select id="resource-category" value={values.category} onChange={(e) => set({ category: e.target.value })}>
            {RESOURCE_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {RESOURCE_CATEGORY_LABELS[c]}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="resource-kind" label="Type" error={errors.kind}>
          <Select id="resource-kind" value={values.kind} onChange={(e) => set({ kind: e.target.value })}>
            {RESOURCE_KINDS.map((k) => (
              <option key={k} value={k}>
                {RESOURCE_KIND_LABELS[k]}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="resource-duration" label="Duration (minutes)" error={errors.durationMinutes}>
          <Input
            id="resource-duration"
            type="number"
            min={1}
            max={6000}
            value={values.durationMinutes}
            aria-invalid={Boolean(errors.durationMinutes)}
            aria-describedby={describedBy("durationMinutes")}
            onChange={(e) => set({ durationMinutes: e.target.value })}
          />
        </Field>
      </div>
      <Field id="resource-summary" label="Summary" error={errors.summary}>
        <Input
          id="resource-summary"
          value={values.summary}
          maxLength={500}
          onChange={(e) => set({ summary: e.target.value })}
        />
      </Field>
      <Field id="resource-url" label="Link (optional)" error={errors.url} hint="A video, course or document online">
        <Input
          id="resource-url"
          type="url"
          value={values.url}
          aria-invalid={Boolean(errors.url)}
          aria-describedby={describedBy("url")}
          onChange={(e) => set({ url: e.target.value })}
        />
      </Field>
      <Field
        id="resource-body"
        label="Text"
        error={errors.body}
        hint="Start a section with '## '; leave a blank line between paragraphs"
      >
        <Textarea
          id="resource-body"
          rows={8}
          value={values.body}
          aria-invalid={Boolean(errors.body)}
          aria-describedby={describedBy("body")}
          onChange={(e) => set({ body: e.target.value })}
        />
      </Field>
      <div className="grid gap-1.5">
        <label htmlFor="resource-file" className="text-sm font-medium">
          {currentFile ? "Replace the file" : "File (optional)"}
        </label>
        {currentFile ? (
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <a href={resourceFileUrl(editedId ?? "")} download={currentFile.name} className="text-primary underline">
              {currentFile.name}
            </a>
            <label className="flex items-center gap-1">
              <input
                type="checkbox"
                className="size-4 accent-teal-700"
                checked={removeFile}
                onChange={(e) => setRemoveFile(e.target.checked)}
              />
              Remove the file
            </label>
          </p>
        ) : null}
        <input
          id="resource-file"
          type="file"
          accept="application/pdf,image/jpeg,image/png"
          aria-invalid={Boolean(errors.file)}
          aria-describedby={errors.file ? "resource-file-error" : "resource-file-hint"}
          className="text-sm file:mr-3 file:rounded-md file:border file:border-border file:bg-white file:px-3 file:py-1.5"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
        <p id="resource-file-hint" className="text-sm text-muted-foreground">
          PDF, JPEG or PNG, at most 10 MB. Students download it from the resource.
        </p>
        {errors.file ? (
          <p id="resource-file-error" role="alert" className="text-sm text-destructive">
            {errors.file}
          </p>
        ) : null}
      </div>
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium">Specialties</legend>
        <div className="grid gap-1 sm:grid-cols-2">
          {NURSING_SPECIALTIES.map((s) => (
            <label key={s} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-teal-700"
                checked={values.specialties.includes(s)}
                onChange={(e) =>
                  set({
                    specialties: e.target.checked
                      ? [...values.specialties, s]
                      : values.specialties.filter((x) => x !== s),
                  })
                }
              />
              {s}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onDone} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : id ? "Save changes" : "Add resource"}
        </Button>
      </div>
    </form>
  );
}
