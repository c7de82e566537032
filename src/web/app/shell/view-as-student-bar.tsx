import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import { SearchPicker } from "@/web/components/search-picker";
import { Button } from "@/web/components/ui/button";
import { type Student, studentQuery, studentsQuery } from "@/web/features/students/api";
import { viewedStudentId } from "@/web/lib/view-as-student";

/** The student's own pages, where an administrator may view as a student they pick. */
export const VIEW_AS_STUDENT_PAGES: readonly string[] = [
  "/dashboard/student",
  "/student/placements",
  "/student/applications",
  "/student/compliance",
  "/student/calendar",
  "/student/learning",
  "/student/profile",
];

export const isViewAsStudentPage = (pathname: string) =>
  VIEW_AS_STUDENT_PAGES.includes(pathname.replace(/\/+$/, "") || "/");

/**
 * View As a student (issue 14): an administrator picks any student of any program; the choice is
 * `?student=` in the address, every call to the student's API carries it and the server shows
 * exactly that student's records, read only (lib/view-as-student.ts).
 */
export function ViewAsStudentBar() {
  const [params, setParams] = useSearchParams();
  const chosen = viewedStudentId(`?${params.toString()}`);
  const detail = useQuery({ ...studentQuery(chosen ?? ""), enabled: Boolean(chosen) });

  const set = (id: string | null) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (id) next.set("student", id);
      else next.delete("student");
      return next;
    });

  if (chosen) {
    const s = detail.data?.student;
    return (
      <section
        aria-label="View As"
        className="mb-6 flex flex-wrap items-center justify-between gap-2 rounded-md border border-border bg-muted/40 p-3 text-sm"
      >
        <p>
          Viewing as{" "}
          <strong>
            {s ? `${s.firstName} ${s.lastName}` : detail.isError ? "an unknown student" : "the chosen student"}
          </strong>
          {s ? ` (${s.programName})` : null}: read only.
        </p>
        <Button size="sm" variant="outline" onClick={() => set(null)}>
          Choose another student
        </Button>
      </section>
    );
  }
  return (
    <section aria-label="View As" className="mb-6 rounded-md border border-border bg-muted/40 p-3">
      <SearchPicker<Student>
        label="View as which student?"
        placeholder="Type a name or email"
        query={(search, page) => studentsQuery({ search, page, enrollment: "all", sort: "name" })}
        nameOf={(s) => `${s.firstName} ${s.lastName}`}
        detailOf={(s) => `${s.email} · ${s.programName}`}
        onPick={(s) => set(s.id)}
      />
    </section>
  );
}
