import { GraduationCap } from "lucide-react";
import { SectionPage } from "./section-page";

// Titles and empty states of the pages whose data the next features bring (issue 2 allows this;
// none of them shows a figure).
export const LearningPage = () => (
  <SectionPage
    title="Learning Center"
    description="Study assistant, resources and preparation checklist"
    icon={GraduationCap}
    empty="Resources for your rotations are listed here."
  />
);
