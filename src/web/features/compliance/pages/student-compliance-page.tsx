import { useQuery } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { Link, useParams } from "react-router";
import { PageHeader } from "@/web/components/ui/page-header";
import { studentComplianceQuery } from "../api";
import { studentName } from "../components/format";
import { StudentCompliancePanel } from "../components/student-compliance-panel";

/** /students/{id}/compliance: one student's required items, documents, review and history. */
export default function StudentCompliancePage() {
  const { id = "" } = useParams();
  // The same query the panel reads: the heading names the student once it is known.
  const query = useQuery(studentComplianceQuery(id));
  const name = query.data ? studentName(query.data.student) : null;
  return (
    <>
      <Link
        to={`/students/${encodeURIComponent(id)}`}
        className="mb-3 inline-flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden />
        {name ? `Back to ${name}` : "Back to the student"}
      </Link>
      <PageHeader
        title={name ? `Compliance Documents: ${name}` : "Compliance Documents"}
        description="Immunizations, certifications and checks"
      />
      <StudentCompliancePanel studentId={id} />
    </>
  );
}
