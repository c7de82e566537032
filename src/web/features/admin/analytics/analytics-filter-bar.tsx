import { useQuery } from "@tanstack/react-query";
import { X } from "lucide-react";
import { useId } from "react";
import { Button } from "@/web/components/ui/button";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/input";
import { Select } from "@/web/components/ui/select";
import { filterOptionsQuery } from "./analytics-api";
import type { useAnalyticsFilters } from "./use-analytics-filters";

/** The charts' date range, state and specialty, read from and written to the address. */
export function AnalyticsFilterBar({ params }: { params: ReturnType<typeof useAnalyticsFilters> }) {
  const id = useId();
  const options = useQuery(filterOptionsQuery);
  const { filters, set } = params;
  return (
    <search
      aria-label="Chart filters"
      className="mb-6 grid gap-3 rounded-lg border border-border bg-white p-4 sm:grid-cols-2 lg:grid-cols-4"
    >
      <Field id={`${id}-from`} label="From">
        <Input
          id={`${id}-from`}
          type="date"
          value={filters.from ?? ""}
          max={filters.to}
          onChange={(e) => set({ from: e.target.value })}
        />
      </Field>
      <Field id={`${id}-to`} label="To">
        <Input
          id={`${id}-to`}
          type="date"
          value={filters.to ?? ""}
          min={filters.from}
          onChange={(e) => set({ to: e.target.value })}
        />
      </Field>
      <Field id={`${id}-state`} label="State">
        <Select id={`${id}-state`} value={filters.state ?? ""} onChange={(e) => set({ state: e.target.value })}>
          <option value="">All states</option>
          {(options.data?.states ?? (filters.state ? [filters.state] : [])).map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </Select>
      </Field>
      <Field id={`${id}-specialty`} label="Specialty">
        <Select
          id={`${id}-specialty`}
          value={filters.specialty ?? ""}
          onChange={(e) => set({ specialty: e.target.value })}
        >
          <option value="">All specialties</option>
          {(options.data?.specialties ?? (filters.specialty ? [filters.specialty] : [])).map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </Select>
      </Field>
      <p className="text-xs text-muted-foreground sm:col-span-2 lg:col-span-4">
        Without dates the charts cover the last 365 days.
      </p>
      {params.filtered ? (
        <div className="col-span-full">
          <Button size="sm" variant="ghost" onClick={params.clear}>
            <X aria-hidden /> Clear filters
          </Button>
        </div>
      ) : null}
    </search>
  );
}
