/** The guarded routes' loading placeholder (spec section 6: 'Loading...'). */
export function Loading({ label = "Loading..." }: { label?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-[40vh] items-center justify-center text-muted-foreground"
    >
      {label}
    </div>
  );
}
