import { useQuery } from "@tanstack/react-query";
import { Send } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/web/components/ui/button";
import { StudentCompliancePanel } from "@/web/features/compliance/components/student-compliance-panel";
import { studentRecommendationsQuery } from "@/web/features/matching/api";
import { RecommendationList } from "@/web/features/matching/components/recommendation-list";
import StudentDetailPage from "@/web/features/students/pages/student-detail-page";

/**
 * /students/{id}, composed here: the student's page with the compliance feature's panel as its
 * Compliance Documents tab and the matching feature's list as its Recommended Placements tab.
 */
export default function StudentDetailRoute() {
  return (
    <StudentDetailPage
      compliance={(studentId) => <StudentCompliancePanel studentId={studentId} />}
      recommendations={(studentId) => <StudentRecommendations studentId={studentId} />}
    />
  );
}

/** The student's recommendations as their coordinator sees them, each with Submit Application. */
function StudentRecommendations({ studentId }: { studentId: string }) {
  const recommendations = useQuery(studentRecommendationsQuery(studentId));
  return (
    <RecommendationList
      query={recommendations}
      voice="coordinator"
      show={5}
      label="Recommended placements for this student"
      listClassName="grid gap-3 md:grid-cols-2"
      action={(item) => (
        <Button asChild size="sm" variant="outline">
          <Link
            to={`/placements?student=${studentId}&q=${encodeURIComponent(item.placement.title)}`}
            aria-label={`Submit Application (recommended): ${item.placement.title}`}
          >
            <Send aria-hidden /> Submit Application
          </Link>
        </Button>
      )}
    />
  );
}
