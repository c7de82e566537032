import { useQuery } from "@tanstack/react-query";
import { Sparkles } from "lucide-react";
import { useEffect, useId } from "react";
import { Link, useSearchParams } from "react-router";
import { Button } from "@/web/components/ui/button";
import { myRecommendationsQuery, type Recommendation } from "@/web/features/matching/api";
import { RecommendationList } from "@/web/features/matching/components/recommendation-list";
import StudentPlacementsPage from "@/web/features/placements/pages/student-placements-page";
import type { StudentPlacement } from "@/web/features/placements/student-placements-api";

/**
 * /student/placements, composed here: the placements feature's page with "Recommended for you"
 * (the matching feature, issue 13) above the list. `?apply={placementId}` (the dashboard's Apply)
 * opens the apply dialog for that recommendation.
 */
export default function StudentPlacementsRoute() {
  return <StudentPlacementsPage recommended={(apply) => <RecommendedForYou onApply={apply} />} />;
}

/** A recommendation as the apply dialog takes a placement: not applied to (recommendations never are). */
const asStudentPlacement = (item: Recommendation): StudentPlacement => ({ ...item.placement, myApplication: null });

function RecommendedForYou({ onApply }: { onApply: (placement: StudentPlacement) => void }) {
  const recommendations = useQuery(myRecommendationsQuery);
  const [params, setParams] = useSearchParams();
  const headingId = useId();
  const applyId = params.get("apply");

  useEffect(() => {
    if (!applyId || !recommendations.data) return;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete("apply");
        return next;
      },
      { replace: true },
    );
    const item = recommendations.data.items.find((i) => i.placement.id === applyId);
    if (item) onApply(asStudentPlacement(item));
  }, [applyId, recommendations.data, setParams, onApply]);

  return (
    <section id="recommended" aria-labelledby={headingId} className="mb-8 grid gap-3">
      <div>
        <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold">
          <Sparkles className="size-5 text-primary" aria-hidden /> Recommended for you
        </h2>
        <p className="text-sm text-muted-foreground">
          Open placements that fit your interests, preferred locations, schedule and documents, best first.
        </p>
      </div>
      <RecommendationList
        query={recommendations}
        voice="student"
        show={3}
        label="Recommended for you"
        listClassName="grid gap-3 md:grid-cols-2 xl:grid-cols-3"
        empty={
          <>
            No open placement with spots left fits you at the moment. Add specialty interests and preferred locations on
            your{" "}
            <Link className="font-medium text-primary underline" to="/student/profile">
              profile
            </Link>
            .
          </>
        }
        action={(item) => (
          <Button
            size="sm"
            onClick={() => onApply(asStudentPlacement(item))}
            aria-label={`Apply (recommended): ${item.placement.title}`}
          >
            Apply
          </Button>
        )}
      />
    </section>
  );
}
