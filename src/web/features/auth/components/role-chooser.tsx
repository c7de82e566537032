import { SIGN_UP_ROLES, type SignUpRole } from "@/domain/roles";

/**
 * 'I am a...' with the prototype's three options and descriptions: the browser's own radio group
 * in a fieldset named by its legend (arrow keys move and select, one tab stop, announced as 'radio,
 * 1 of 3'), so /auth needs no radio-group library (issue 11).
 */
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
      <div className="grid gap-2">
        {SIGN_UP_ROLES.map((r) => {
          const id = `${idPrefix}-role-${r.value}`;
          return (
            <label
              key={r.value}
              htmlFor={id}
              className={`flex cursor-pointer items-start gap-3 rounded-md border p-3 ${
                value === r.value ? "border-primary bg-primary-soft/40" : "border-border"
              }`}
            >
              <input
                type="radio"
                id={id}
                name={`${idPrefix}-role`}
                value={r.value}
                checked={value === r.value}
                onChange={() => onChange(r.value)}
                aria-describedby={`${id}-desc`}
                className="mt-0.5 size-4 shrink-0 accent-primary"
              />
              <span>
                <span className="block text-sm font-medium">{r.label}</span>
                <span id={`${id}-desc`} className="block text-xs text-muted-foreground">
                  {r.description}
                </span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
