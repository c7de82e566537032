import { UserX } from "lucide-react";
import type { ComponentType, ReactNode } from "react";
import { useSearchParams } from "react-router";
import { isAdmin } from "@/domain/roles";
import { EmptyState } from "@/web/components/ui/empty-state";
import { PageHeader } from "@/web/components/ui/page-header";
import { useMe } from "@/web/lib/session";
import { viewedStudentId } from "@/web/lib/view-as-student";

/** An admin viewing the student pages without a roster entry linked to their account. */
export function NoStudentRecord() {
  return (
    <EmptyState icon={UserX} title="You are viewing as a student; no student record is linked to your account">
      Student pages show a student's own placements, applications and profile. Pick a student above to see theirs (read
      only).
    </EmptyState>
  );
}

/**
 * Whether the student pages have a student to show: the signed-in student's own record, or the
 * student an administrator picked (View As, `?student=`; the server checks it is an administrator).
 */
export function useHasStudentRecord() {
  const me = useMe();
  const [params] = useSearchParams();
  return Boolean(me.data?.studentId || viewedStudentId(`?${params.toString()}`));
}

/**
 * Whether the student pages are read only: an administrator viewing as a student (View As,
 * `?student=`). The server refuses their writes (403 view_as_read_only); the pages hide the write
 * buttons so nobody is offered an action that cannot succeed.
 */
export function useStudentReadOnly() {
  const me = useMe();
  const [params] = useSearchParams();
  return Boolean(me.data && isAdmin(me.data.role) && viewedStudentId(`?${params.toString()}`));
}

/**
 * A student's own page (placements, applications, profile): its header, then its content when a
 * student record is linked to the account, else why there is none.
 */
export function StudentPage({
  header,
  content: Content,
  children,
}: {
  header: { title: string; description: string };
  /** The content, as a component; or `children`. */
  content?: ComponentType;
  children?: ReactNode;
}) {
  const hasRecord = useHasStudentRecord();
  return (
    <>
      <PageHeader title={header.title} description={header.description} />
      {hasRecord ? Content ? <Content /> : children : <NoStudentRecord />}
    </>
  );
}
