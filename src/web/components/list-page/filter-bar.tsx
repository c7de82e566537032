import { X } from "lucide-react";
import { createContext, type ReactNode, useContext, useId } from "react";
import { NURSING_SPECIALTIES } from "@/domain/specialties";
import { Button } from "@/web/components/ui/button";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/input";
import { Select } from "@/web/components/ui/select";
import { cn } from "@/web/lib/cn";

/** What the fields need of `useListParams` (any list's filters). */
type BarParams = {
  filters: Record<string, string>;
  set: (patch: Record<string, string>) => void;
  searchText: string;
  setSearchText: (value: string) => void;
  filtered: boolean;
  clear: () => void;
};

const BarContext = createContext<{ params: BarParams; idPrefix: string } | null>(null);

function useBar() {
  const bar = useContext(BarContext);
  if (!bar) throw new Error("A filter field stands inside a FilterBar");
  return bar;
}

/** A choice filter, declared like a column: the parameter, its label, its options (see SelectField). */
export type FilterField = {
  name: string;
  label: string;
  options: readonly Option[];
  all?: string;
  value?: string;
  onChange?: (value: string) => void;
};

/** The search box's words: its placeholder, or also its label (Search by default) and its grid cell. */
type SearchCopy = string | { placeholder: string; label?: string; className?: string };

/**
 * A list's filters in one `search` landmark: the search box, the `fields`, any other field given as
 * children, and 'Clear filters' while any is set. The fields read and write the list's address
 * parameters by name. `className` sets the columns (lists differ in how many fields they have).
 */
export function FilterBar({
  label,
  params,
  search,
  fields = [],
  className = "sm:grid-cols-2 lg:grid-cols-4",
  children,
}: {
  label: string;
  params: BarParams;
  search: SearchCopy;
  fields?: readonly FilterField[];
  className?: string;
  children?: ReactNode;
}) {
  const idPrefix = useId();
  const searchCopy = typeof search === "string" ? { placeholder: search } : search;
  return (
    <BarContext.Provider value={{ params, idPrefix }}>
      <search
        aria-label={label}
        className={cn("mb-4 grid gap-3 rounded-lg border border-border bg-white p-4", className)}
      >
        <SearchField {...searchCopy} />
        {fields.map((field) => (
          <SelectField key={field.name} {...field} />
        ))}
        {children}
        {params.filtered ? (
          <div className="col-span-full">
            <Button size="sm" variant="ghost" onClick={params.clear}>
              <X aria-hidden /> Clear filters
            </Button>
          </div>
        ) : null}
      </search>
    </BarContext.Provider>
  );
}

/** The search box: local text while typing, the address follows once typing pauses. */
function SearchField({
  placeholder,
  label = "Search",
  className,
}: {
  placeholder: string;
  label?: string;
  className?: string;
}) {
  const { params, idPrefix } = useBar();
  const id = `${idPrefix}-search`;
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

/**
 * A choice among `options` for the parameter `name`; `all` is the first option's text when the
 * filter can be left unset (""). `value` and `onChange` replace the parameter for a choice that
 * sets several (a sort and its order).
 */
function SelectField(props: FilterField) {
  const { params, idPrefix } = useBar();
  const id = `${idPrefix}-${props.name}`;
  const onChange = props.onChange ?? ((value: string) => params.set({ [props.name]: value }));
  return (
    <Field id={id} label={props.label}>
      <Select id={id} value={props.value ?? params.filters[props.name]} onChange={(e) => onChange(e.target.value)}>
        {props.all !== undefined ? <option value="">{props.all}</option> : null}
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    </Field>
  );
}

const SPECIALTY_OPTIONS = NURSING_SPECIALTIES.map((s) => ({ value: s, label: s }));

/** The nursing specialty filter (`specialty`), which most lists have. */
export const specialtyField = (label = "Specialty"): FilterField => ({
  name: "specialty",
  label,
  options: SPECIALTY_OPTIONS,
  all: "All specialties",
});

/** A date bound (`min` / `max` keep a window's two ends in order). */
export function DateField({ name, label, min, max }: { name: string; label: string; min?: string; max?: string }) {
  const { params, idPrefix } = useBar();
  const id = `${idPrefix}-${name}`;
  return (
    <Field id={id} label={label}>
      <Input
        id={id}
        type="date"
        value={params.filters[name]}
        min={min || undefined}
        max={max || undefined}
        onChange={(e) => params.set({ [name]: e.target.value })}
      />
    </Field>
  );
}
