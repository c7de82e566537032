import { useId } from "react";
import type { RequirementCategory, RequirementType } from "@/domain/compliance";

/** The catalogue's categories as headings, in the order the checklists group them. */
export const CATEGORY_LABELS: Record<RequirementCategory, string> = {
  immunization: "Immunizations",
  certification: "Certifications",
  screening: "Screenings and checks",
  training: "Training",
  insurance: "Insurance",
  orientation: "Orientation",
};

/** The catalogue grouped by category (categories in CATEGORY_LABELS order, types in catalogue order). */
export function byCategory(types: readonly RequirementType[]): [RequirementCategory, RequirementType[]][] {
  const order = Object.keys(CATEGORY_LABELS) as RequirementCategory[];
  const groups = new Map<RequirementCategory, RequirementType[]>();
  for (const t of types) groups.set(t.category, [...(groups.get(t.category) ?? []), t]);
  return [...groups].sort(([a], [b]) => order.indexOf(a) - order.indexOf(b));
}

/**
 * A checklist of the requirement catalogue, one group per category (a fieldset with its legend),
 * each type with the proof it asks for. `value` is the chosen type ids.
 */
export function RequirementsChecklist({
  types,
  value,
  onChange,
  disabled,
  locked = [],
  lockedNote,
}: {
  types: readonly RequirementType[];
  value: readonly string[];
  onChange: (next: string[]) => void;
  disabled?: boolean;
  /** Types already asked elsewhere (the facility's, on a placement form): shown checked and fixed. */
  locked?: readonly string[];
  lockedNote?: string;
}) {
  const id = useId();
  const chosen = new Set(value);
  const fixed = new Set(locked);
  const toggle = (typeId: string, on: boolean) =>
    onChange(on ? [...value.filter((v) => v !== typeId), typeId] : value.filter((v) => v !== typeId));
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {byCategory(types).map(([category, list]) => (
        <fieldset key={category} disabled={disabled} className="grid content-start gap-2">
          <legend className="mb-1 text-sm font-semibold">{CATEGORY_LABELS[category] ?? category}</legend>
          {list.map((t) => {
            const inputId = `${id}-${t.id}`;
            const isFixed = fixed.has(t.id);
            return (
              <div key={t.id} className="flex items-start gap-2">
                <input
                  id={inputId}
                  type="checkbox"
                  className="mt-1 size-4 shrink-0 accent-primary"
                  checked={isFixed || chosen.has(t.id)}
                  disabled={isFixed}
                  aria-describedby={`${inputId}-proof`}
                  onChange={(e) => toggle(t.id, e.target.checked)}
                />
                <div className="text-sm">
                  <label htmlFor={inputId} className="font-medium">
                    {t.name}
                  </label>
                  <p id={`${inputId}-proof`} className="text-xs text-muted-foreground">
                    {isFixed && lockedNote ? `${lockedNote}. ` : ""}
                    {t.proof}
                  </p>
                </div>
              </div>
            );
          })}
        </fieldset>
      ))}
    </div>
  );
}
