import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { NURSING_SPECIALTIES } from "@/domain/specialties";
import { type StudentInput, type StudentValues, studentInputSchema } from "@/domain/students";
import { Button } from "@/web/components/ui/button";
import { DialogClose } from "@/web/components/ui/dialog";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/input";
import { Select } from "@/web/components/ui/select";
import { ApiError } from "@/web/lib/api-client";
import { failSubmit } from "@/web/lib/api-errors";

const TEXT_FIELDS = [
  { name: "firstName", label: "First name", type: "text", autoComplete: "off" },
  { name: "lastName", label: "Last name", type: "text", autoComplete: "off" },
  { name: "email", label: "Email", type: "email", autoComplete: "off" },
  { name: "phone", label: "Phone (optional)", type: "tel", autoComplete: "off" },
] as const;

export const EMPTY_STUDENT: StudentInput = {
  firstName: "",
  lastName: "",
  email: "",
  phone: "",
  gpa: "",
  specialtyInterest: "",
};

/**
 * The add and edit form: the same zod schema the API validates with. A server refusal toasts
 * 'Error' with its message and puts each named field's message under that field (D14).
 */
export function StudentForm({
  idPrefix,
  defaultValues,
  submitLabel,
  busyLabel,
  onSubmit,
}: {
  idPrefix: string;
  defaultValues: StudentInput;
  submitLabel: string;
  busyLabel: string;
  onSubmit: (values: StudentValues) => Promise<void>;
}) {
  const form = useForm<StudentInput, unknown, StudentValues>({
    resolver: zodResolver(studentInputSchema),
    defaultValues,
  });
  const { errors, isSubmitting } = form.formState;
  const currentSpecialty = typeof defaultValues.specialtyInterest === "string" ? defaultValues.specialtyInterest : "";
  const specialties =
    currentSpecialty && !(NURSING_SPECIALTIES as readonly string[]).includes(currentSpecialty)
      ? [currentSpecialty, ...NURSING_SPECIALTIES]
      : NURSING_SPECIALTIES;

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (err) {
      if (err instanceof ApiError && err.status === 409 && /email/i.test(err.message))
        form.setError("email", { message: err.message });
      failSubmit(form, err, { fields: Object.keys(EMPTY_STUDENT) });
    }
  });

  const describedBy = (id: string, error?: string, hint?: boolean) =>
    error ? `${id}-error` : hint ? `${id}-hint` : undefined;

  const textField = (f: (typeof TEXT_FIELDS)[number]) => {
    const id = `${idPrefix}-${f.name}`;
    const error = errors[f.name]?.message;
    return (
      <Field key={f.name} id={id} label={f.label} error={error}>
        <Input
          id={id}
          type={f.type}
          autoComplete={f.autoComplete}
          aria-invalid={!!error}
          aria-describedby={describedBy(id, error)}
          {...form.register(f.name)}
        />
      </Field>
    );
  };

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      <fieldset className="grid gap-4" disabled={isSubmitting}>
        <div className="grid gap-4 sm:grid-cols-2">{TEXT_FIELDS.slice(0, 2).map(textField)}</div>
        {TEXT_FIELDS.slice(2).map(textField)}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={`${idPrefix}-gpa`} label="GPA (optional)" error={errors.gpa?.message} hint="0.00 to 4.00">
            <Input
              id={`${idPrefix}-gpa`}
              type="number"
              inputMode="decimal"
              step="0.01"
              min="0"
              max="4"
              aria-invalid={!!errors.gpa}
              aria-describedby={describedBy(`${idPrefix}-gpa`, errors.gpa?.message, true)}
              {...form.register("gpa")}
            />
          </Field>
          <Field
            id={`${idPrefix}-specialty`}
            label="Specialty interest (optional)"
            error={errors.specialtyInterest?.message}
          >
            <Select
              id={`${idPrefix}-specialty`}
              aria-invalid={!!errors.specialtyInterest}
              aria-describedby={describedBy(`${idPrefix}-specialty`, errors.specialtyInterest?.message)}
              {...form.register("specialtyInterest")}
            >
              <option value="">No preference</option>
              {specialties.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </Select>
          </Field>
        </div>
      </fieldset>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline" disabled={isSubmitting}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? busyLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
