import type { ComponentProps } from "react";
import { cn } from "@/web/lib/cn";

/** A table that scrolls sideways on a phone instead of breaking the page. */
export const Table = ({ className, ...p }: ComponentProps<"table">) => (
  <div className="w-full overflow-x-auto rounded-lg border border-border bg-white">
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
  <tr className={cn("hover:bg-slate-50", className)} {...p} />
);
export const TH = ({ className, ...p }: ComponentProps<"th">) => (
  <th scope="col" className={cn("whitespace-nowrap px-4 py-3 font-semibold", className)} {...p} />
);
export const TD = ({ className, ...p }: ComponentProps<"td">) => (
  <td className={cn("px-4 py-3 align-top", className)} {...p} />
);
