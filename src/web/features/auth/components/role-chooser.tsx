import { RadioGroup } from "radix-ui";
import { SIGN_UP_ROLES, type SignUpRole } from "@/domain/roles";
import { cn } from "@/web/lib/cn";

/** 'I am a...' with the prototype's three options and descriptions. */
export function RoleChooser({
  value,
  onChange,
  idPrefix,
}: {
  value: SignUpRole;
  onChange: (v: SignUpRole) => void;
  idPrefix: string;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium text-slate-800">I am a...</legend>
      <RadioGroup.Root value={value} onValueChange={(v) => onChange(v as SignUpRole)} className="grid gap-2">
        {SIGN_UP_ROLES.map((r) => {
          const id = `${idPrefix}-role-${r.value}`;
          return (
            <label
              key={r.value}
              htmlFor={id}
              className={cn(
                "flex cursor-pointer items-start gap-3 rounded-md border p-3",
                value === r.value ? "border-primary bg-primary-soft/40" : "border-border",
              )}
            >
              <RadioGroup.Item
                id={id}
                value={r.value}
                aria-describedby={`${id}-desc`}
                className="mt-0.5 flex size-4 shrink-0 items-center justify-center rounded-full border border-slate-500"
              >
                <RadioGroup.Indicator className="size-2 rounded-full bg-primary" />
              </RadioGroup.Item>
              <span>
                <span className="block text-sm font-medium">{r.label}</span>
                <span id={`${id}-desc`} className="block text-xs text-muted-foreground">
                  {r.description}
                </span>
              </span>
            </label>
          );
        })}
      </RadioGroup.Root>
    </fieldset>
  );
}
