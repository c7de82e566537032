import { Button } from "@/web/components/ui/button";

/**
 * The list-page kit's error state: 'Could not load {what}: {message}' and Try again. Every page and
 * panel that loads data shows its failure this one way (a query's error is not toasted).
 */
export function LoadError({
  what,
  query,
  className,
}: {
  what: string;
  query: { error: Error | null; refetch: () => unknown };
  className?: string;
}) {
  return (
    <div role="alert" className={`rounded-md border border-red-200 bg-red-50 p-4 text-destructive ${className ?? ""}`}>
      <p>
        Could not load {what}: {query.error?.message}
      </p>
      <Button className="mt-2" size="sm" variant="outline" onClick={() => query.refetch()}>
        Try again
      </Button>
    </div>
  );
}
