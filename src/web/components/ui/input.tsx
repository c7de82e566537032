import { clsx } from "clsx";
import type { ComponentProps } from "react";

/**
 * A text input (a file input gets its own height). Extra classes must not conflict with these:
 * nothing merges them, so the public pages need not load tailwind-merge (issue 11).
 */
export function Input({ className, type, ...props }: ComponentProps<"input">) {
  return (
    <input
      type={type}
      className={clsx(
        "flex w-full rounded-md border border-slate-300 bg-white px-3 text-sm placeholder:text-slate-500 disabled:opacity-60 aria-[invalid=true]:border-destructive",
        type === "file" ? "h-auto py-1.5" : "h-10 py-2",
        className,
      )}
      {...props}
    />
  );
}
