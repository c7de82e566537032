import type { ReactNode } from "react";

/** A status badge with the reviewer's note quoted under it, as every applications table shows it. */
export function ReviewNotes({ notes, children }: { notes: string | null; children: ReactNode }) {
  return (
    <>
      {children}
      {notes ? <div className="mt-1 max-w-48 text-xs text-muted-foreground">“{notes}”</div> : null}
    </>
  );
}
