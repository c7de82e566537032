import { Calendar } from "lucide-react";
import { SectionPage } from "./section-page";

// Titles and empty states of the pages whose data the next features bring (issue 2 allows this;
// none of them shows a figure).
export const CalendarPage = () => (
  <SectionPage
    title="Calendar"
    description="Rotation dates across your placements"
    icon={Calendar}
    empty="Rotations appear on the calendar once placements are approved."
  />
);
