import { clsx } from "clsx";

/**
 * The guarded routes' loading placeholder (spec section 6: 'Loading...'). `className` replaces its
 * height (`min-h-[40vh]` by default), so nothing needs merging (tailwind-merge is not loaded by the
 * public pages, issue 11).
 */
export function Loading({ label = "Loading...", className = "min-h-[40vh]" }: { label?: string; className?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={clsx("flex items-center justify-center text-muted-foreground", className)}
    >
      {label}
    </div>
  );
}
