import { type ApplicationStatus, applicationStatusLabel, applicationStatusTone } from "@/domain/applications";
import { Stacked } from "@/web/components/list-page/cells";
import type { Column } from "@/web/components/list-page/list-table";
import { Badge } from "@/web/components/ui/badge";
import { formatDate } from "@/web/lib/format";
import { ReviewNotes } from "./application-notes";

// The columns every applications table has, in the viewer's words.

type Reviewed = { status: ApplicationStatus; reviewNotes: string | null };

/** Status, in this viewer's label, with the reviewer's note under it. */
export const statusColumn = <T extends Reviewed>(viewer: "program" | "facility"): Column<T> => ({
  id: "status",
  header: "Status",
  cell: (a) => (
    <ReviewNotes notes={a.reviewNotes}>
      <Badge variant={applicationStatusTone(a.status)}>{applicationStatusLabel(a.status, viewer)}</Badge>
    </ReviewNotes>
  ),
});

/** When the application was submitted. */
export const submittedColumn = <T extends { submittedAt: string }>(): Column<T> => ({
  id: "submitted",
  header: "Submitted",
  className: "whitespace-nowrap",
  cell: (a) => formatDate(a.submittedAt),
});

type Applicant = { student: { name: string; email: string; gpa: number | null } };

/** The student: name, email, and GPA (or what to say when there is none; nothing if not given). */
export const studentColumn = <T extends Applicant>(noGpa?: string): Column<T> => ({
  id: "student",
  header: "Student",
  cell: ({ student: s }) => (
    <Stacked
      primary={s.name}
      secondary={s.email}
      note={s.gpa !== null ? `GPA ${s.gpa.toFixed(2)}` : noGpa ? `GPA ${noGpa}` : null}
    />
  ),
});
