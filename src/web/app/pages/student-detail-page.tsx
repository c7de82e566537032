import { StudentCompliancePanel } from "@/web/features/compliance/components/student-compliance-panel";
import StudentDetailPage from "@/web/features/students/pages/student-detail-page";

/** /students/{id}, composed here: the student's page with the compliance feature's panel as its Compliance Documents tab. */
export default function StudentDetailRoute() {
  return <StudentDetailPage compliance={(studentId) => <StudentCompliancePanel studentId={studentId} />} />;
}
