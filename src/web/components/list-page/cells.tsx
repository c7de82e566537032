import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/web/components/ui/button";
import { formatDate } from "@/web/lib/format";
import type { Column } from "./list-table";

// The cells list tables share: a name over its detail, a date range, and the row's buttons.

/** A name (bold), the line that tells it apart under it, and an optional small note. */
export function Stacked({ primary, secondary, note }: { primary: ReactNode; secondary?: ReactNode; note?: ReactNode }) {
  return (
    <>
      <div className="font-medium">{primary}</div>
      {secondary ? <div className="text-muted-foreground">{secondary}</div> : null}
      {note ? <div className="text-xs text-muted-foreground">{note}</div> : null}
    </>
  );
}

/** 'Start –' over 'end', with an optional note (a duration) under them. */
export function DateSpan({ start, end, note }: { start: string; end: string; note?: ReactNode }) {
  return (
    <>
      {formatDate(start)} –<br />
      {formatDate(end)}
      {note ? <div className="text-xs text-muted-foreground">{note}</div> : null}
    </>
  );
}

/** One button of a row: its text, the accessible name that says which row, and what it does. */
export type RowAction = {
  text: string;
  label: string;
  onClick: () => void;
  icon?: LucideIcon;
  variant?: "default" | "outline" | "ghost";
  disabled?: boolean;
};

/** The row's buttons (those that apply to it: `null` entries are left out). */
export function RowActions({ actions }: { actions: readonly (RowAction | null | false)[] }) {
  return (
    <div className="flex flex-wrap gap-1">
      {actions.map((a) =>
        a ? (
          <Button
            key={a.text}
            size="sm"
            variant={a.variant ?? "outline"}
            disabled={a.disabled}
            onClick={a.onClick}
            aria-label={a.label}
          >
            {a.icon ? <a.icon aria-hidden /> : null} {a.text}
          </Button>
        ) : null,
      )}
    </div>
  );
}

/** The Dates column: the row's rotation as a DateSpan, with an optional note under it. */
export function datesColumn<T>(
  range: (row: T) => { startDate: string; endDate: string },
  note?: (row: T) => ReactNode,
): Column<T> {
  return {
    id: "dates",
    header: "Dates",
    className: "whitespace-nowrap",
    cell: (row) => <DateSpan start={range(row).startDate} end={range(row).endDate} note={note?.(row)} />,
  };
}
