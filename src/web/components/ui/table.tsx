import type { ComponentProps } from "react";
import { cn } from "@/web/lib/cn";

/**
 * A table that scrolls sideways inside itself when it is wider than the page, never the page.
 * The wrapper is `relative` so absolutely positioned content (an `sr-only` header) stays inside the
 * scroll box instead of widening the document.
 */
export const Table = ({ className, ...p }: ComponentProps<"table">) => (
  <div className="relative w-full max-w-full overflow-x-auto rounded-lg border border-border bg-white">
    <table className={cn("w-full caption-bottom text-sm", className)} {...p} />
  </div>
);
export const THead = ({ className, ...p }: ComponentProps<"thead">) => (
  <thead className={cn("bg-slate-50 text-left text-xs uppercase tracking-wide text-slate-600", className)} {...p} />
);
export const TBody = ({ className, ...p }: ComponentProps<"tbody">) => (
  <tbody className={cn("divide-y divide-border", className)} {...p} />
);
export const TR = ({ className, ...p }: ComponentProps<"tr">) => (
  <tr className={cn("group hover:bg-slate-50", className)} {...p} />
);

/** The row actions' column stays pinned to the table's right edge while the rest scrolls under it. */
const ACTIONS = "sticky right-0 z-[1] shadow-[inset_1px_0_0_var(--color-border)]";

type CellProps<T extends "th" | "td"> = ComponentProps<T> & {
  /** The row actions' column: pinned to the right edge, so its buttons are reachable without scrolling. */
  actions?: boolean;
};

export const TH = ({ className, actions, ...p }: CellProps<"th">) => (
  <th
    scope="col"
    className={cn("whitespace-nowrap px-4 py-3 font-semibold", actions && cn(ACTIONS, "bg-slate-50"), className)}
    {...p}
  />
);
export const TD = ({ className, actions, ...p }: CellProps<"td">) => (
  <td
    className={cn("px-4 py-3 align-top", actions && cn(ACTIONS, "bg-white group-hover:bg-slate-50"), className)}
    {...p}
  />
);
