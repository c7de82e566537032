import { UserX } from "lucide-react";
import type { ComponentType, ReactNode } from "react";
import { EmptyState } from "@/web/components/ui/empty-state";
import { PageHeader } from "@/web/components/ui/page-header";
import { useMe } from "@/web/lib/session";

/** An admin viewing the student pages without a roster entry linked to their account. */
export function NoStudentRecord() {
  return (
    <EmptyState icon={UserX} title="You are viewing as a student; no student record is linked to your account">
      Student pages show the signed-in student's own placements, applications and profile. Sign in as a student to see
      theirs.
    </EmptyState>
  );
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
  const me = useMe();
  return (
    <>
      <PageHeader title={header.title} description={header.description} />
      {me.data?.studentId ? Content ? <Content /> : children : <NoStudentRecord />}
    </>
  );
}
