import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import {
  EXPERIENCE_KIND_LABELS,
  EXPERIENCE_KINDS,
  type Experience,
  type ExperienceInput,
  experienceSchema,
} from "@/domain/student-profile";
import { Button } from "@/web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/web/components/ui/dialog";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/input";
import { Select } from "@/web/components/ui/select";
import { Textarea } from "@/web/components/ui/textarea";
import { failSubmit } from "@/web/lib/api-errors";
import { type StudentExperience, useSaveExperience } from "../student-profile-api";

type Values = {
  kind: (typeof EXPERIENCE_KINDS)[number];
  organization: string;
  title: string;
  startDate: string;
  endDate: string;
  description: string;
};
const EMPTY: Values = { kind: "clinical", organization: "", title: "", startDate: "", endDate: "", description: "" };

/** Add or edit one experience entry; `entry` null adds. */
export function ExperienceDialog({
  open,
  entry,
  onOpenChange,
}: {
  open: boolean;
  entry: StudentExperience | null;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const save = useSaveExperience();
  const form = useForm<Values, unknown, Experience>({
    resolver: zodResolver(experienceSchema) as never,
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (!open) return;
    form.reset(
      entry
        ? {
            kind: entry.kind,
            organization: entry.organization,
            title: entry.title,
            startDate: entry.startDate,
            endDate: entry.endDate ?? "",
            description: entry.description,
          }
        : EMPTY,
    );
  }, [open, entry, form]);

  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: entry?.id ?? null, input: values as ExperienceInput });
      toast.success(entry ? "Experience updated" : "Experience added");
      onOpenChange(false);
    } catch (err) {
      failSubmit(form, err, { fields: Object.keys(EMPTY), fallback: "Could not save the experience" });
    }
  });

  const field = (name: keyof Values) => ({
    id: `${id}-${name}`,
    "aria-invalid": !!errors[name],
    "aria-describedby": errors[name] ? `${id}-${name}-error` : undefined,
    ...form.register(name),
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] max-w-lg overflow-y-auto">
        <DialogTitle>{entry ? "Edit experience" : "Add experience"}</DialogTitle>
        <DialogDescription>Prior clinical, work or volunteer experience.</DialogDescription>
        <form className="mt-4 grid gap-4" onSubmit={submit} noValidate>
          <Field id={`${id}-kind`} label="Kind" error={errors.kind?.message}>
            <Select {...field("kind")}>
              {EXPERIENCE_KINDS.map((k) => (
                <option key={k} value={k}>
                  {EXPERIENCE_KIND_LABELS[k]}
                </option>
              ))}
            </Select>
          </Field>
          <Field id={`${id}-organization`} label="Organization" error={errors.organization?.message}>
            <Input {...field("organization")} />
          </Field>
          <Field id={`${id}-title`} label="Role or title" error={errors.title?.message}>
            <Input {...field("title")} />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id={`${id}-startDate`} label="Start date" error={errors.startDate?.message}>
              <Input type="date" {...field("startDate")} />
            </Field>
            <Field
              id={`${id}-endDate`}
              label="End date (optional)"
              error={errors.endDate?.message}
              hint="Leave empty if ongoing."
            >
              <Input type="date" {...field("endDate")} />
            </Field>
          </div>
          <Field id={`${id}-description`} label="Description (optional)" error={errors.description?.message}>
            <Textarea rows={3} {...field("description")} />
          </Field>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting || save.isPending}>
              {isSubmitting || save.isPending ? "Saving..." : entry ? "Save experience" : "Add experience"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
