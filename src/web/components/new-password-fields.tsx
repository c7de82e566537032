import { zodResolver } from "@hookform/resolvers/zod";
import { type UseFormReturn, useForm } from "react-hook-form";
import { resetPasswordSchema } from "@/domain/auth";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/input";

// Choosing a password, with its confirmation: the student's and the preceptor's invitations and the
// reset link. Not used by /auth (its sign-up forms build their fields from a list, and the public
// page's weight is kept down: ADR 028).

export type NewPasswordValues = { password: string; confirm: string };

/** The form of a page that sets a password: at least 8 characters, and the confirmation must match. */
export function useNewPasswordForm() {
  return useForm<NewPasswordValues>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { password: "", confirm: "" },
  });
}

/**
 * The password and confirmation inputs. Each page keeps its own ids (`ids`, also the targets of the
 * error and hint text) and labels ("New password" on the reset page).
 */
export function NewPasswordFields({
  form,
  ids,
  labels = { password: "Password", confirm: "Confirm password" },
}: {
  form: UseFormReturn<NewPasswordValues>;
  ids: { password: string; confirm: string };
  labels?: { password: string; confirm: string };
}) {
  const { errors } = form.formState;
  return (
    <>
      <Field id={ids.password} label={labels.password} error={errors.password?.message} hint="At least 8 characters.">
        <Input
          id={ids.password}
          type="password"
          autoComplete="new-password"
          aria-invalid={!!errors.password}
          aria-describedby={errors.password ? `${ids.password}-error` : `${ids.password}-hint`}
          {...form.register("password")}
        />
      </Field>
      <Field id={ids.confirm} label={labels.confirm} error={errors.confirm?.message}>
        <Input
          id={ids.confirm}
          type="password"
          autoComplete="new-password"
          aria-invalid={!!errors.confirm}
          aria-describedby={errors.confirm ? `${ids.confirm}-error` : undefined}
          {...form.register("confirm")}
        />
      </Field>
    </>
  );
}
