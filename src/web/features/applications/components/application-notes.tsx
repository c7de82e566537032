import type { ReactNode } from "react";
import { applicationNoteLabel } from "@/domain/applications";

// The two notes an application carries, as the applications tables show them: the note sent with it
// (by the student or the program) and the reviewer's.

/** A status badge with the reviewer's note quoted under it. */
export function ReviewNotes({ notes, children }: { notes: string | null; children: ReactNode }) {
  return (
    <>
      {children}
      {notes ? <div className="mt-1 max-w-48 text-xs text-muted-foreground">“{notes}”</div> : null}
    </>
  );
}

/** The note sent with the application, under the words this viewer reads for its author. */
export function SentNote({
  application: a,
  viewer,
}: {
  application: { notes: string | null; notesBy: "student" | "program" | null };
  viewer: "program" | "facility";
}) {
  if (!a.notes) return null;
  return (
    <div className="mt-1 text-xs text-muted-foreground">
      {applicationNoteLabel(a.notesBy ?? "program", viewer)}: {a.notes}
    </div>
  );
}
