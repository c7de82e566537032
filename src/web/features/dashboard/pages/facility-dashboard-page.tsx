import { Building2, Calendar, ClipboardList, Users } from "lucide-react";
import { type QuickAction, QuickActions } from "@/web/components/quick-actions";
import { PageHeader } from "@/web/components/ui/page-header";

const QUICK_ACTIONS: QuickAction[] = [
  { to: "/dashboard/facility/applications", label: "Review Applications", icon: ClipboardList },
  { to: "/dashboard/facility/placements", label: "Manage Placements", icon: Building2 },
  { to: "/dashboard/facility/students", label: "Placed Students", icon: Users },
  { to: "/dashboard/facility/calendar", label: "View Calendar", icon: Calendar },
];

export default function FacilityDashboardPage() {
  return (
    <>
      <PageHeader
        title="Placement Management"
        description="Publish placements, review applications and manage capacity"
      />
      <QuickActions actions={QUICK_ACTIONS} />
    </>
  );
}
