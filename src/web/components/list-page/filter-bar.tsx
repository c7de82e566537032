import { X } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/web/components/ui/button";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/input";
import { Select } from "@/web/components/ui/select";
import { cn } from "@/web/lib/cn";

/**
 * A list's filters in one `search` landmark, and 'Clear filters' while any is set. `className`
 * sets the columns (the fields differ in number and width from list to list).
 */
export function FilterBar({
  label,
  filtered,
  onClear,
  className = "sm:grid-cols-2 lg:grid-cols-4",
  children,
}: {
  label: string;
  filtered: boolean;
  onClear: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <search
      aria-label={label}
      className={cn("mb-4 grid gap-3 rounded-lg border border-border bg-white p-4", className)}
    >
      {children}
      {filtered ? (
        <div className="col-span-full">
          <Button size="sm" variant="ghost" onClick={onClear}>
            <X aria-hidden /> Clear filters
          </Button>
        </div>
      ) : null}
    </search>
  );
}

/** The search box, bound to `useListParams`' local text (the address follows once typing pauses). */
export function SearchField({
  id,
  label = "Search",
  placeholder,
  params,
  className,
}: {
  id: string;
  label?: string;
  placeholder: string;
  params: { searchText: string; setSearchText: (value: string) => void };
  className?: string;
}) {
  return (
    <div className={className}>
      <Field id={id} label={label}>
        <Input
          id={id}
          type="search"
          placeholder={placeholder}
          value={params.searchText}
          onChange={(e) => params.setSearchText(e.target.value)}
        />
      </Field>
    </div>
  );
}

export type Option = { value: string; label: string };

/** A choice among `options`; `all` is the first option's text when the filter can be left unset (""). */
export function SelectField({
  id,
  label,
  value,
  onChange,
  options,
  all,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly Option[];
  all?: string;
}) {
  return (
    <Field id={id} label={label}>
      <Select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {all !== undefined ? <option value="">{all}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    </Field>
  );
}

/** Options whose value is their label (specialties, for instance). */
export const plainOptions = (values: readonly string[]): Option[] => values.map((v) => ({ value: v, label: v }));
