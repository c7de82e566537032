import { cn } from "@/web/lib/cn";

/** The guarded routes' loading placeholder (spec section 6: 'Loading...'). */
export function Loading({ label = "Loading...", className }: { label?: string; className?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn("flex min-h-[40vh] items-center justify-center text-muted-foreground", className)}
    >
      {label}
    </div>
  );
}
