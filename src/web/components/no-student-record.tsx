import { UserX } from "lucide-react";
import { EmptyState } from "@/web/components/ui/empty-state";

/** An admin viewing the student pages without a roster entry linked to their account. */
export function NoStudentRecord() {
  return (
    <EmptyState icon={UserX} title="You are viewing as a student; no student record is linked to your account">
      Student pages show the signed-in student's own placements, applications and profile. Sign in as a student to see
      theirs.
    </EmptyState>
  );
}
