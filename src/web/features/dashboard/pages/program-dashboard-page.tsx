import { Calendar, ClipboardList, Search, Users } from "lucide-react";
import { type QuickAction, QuickActions } from "@/web/components/quick-actions";
import { PageHeader } from "@/web/components/ui/page-header";

const QUICK_ACTIONS: QuickAction[] = [
  { to: "/placements", label: "Search Placements", icon: Search },
  { to: "/applications", label: "View Applications", icon: ClipboardList },
  { to: "/students", label: "Manage Students", icon: Users },
  { to: "/calendar", label: "View Calendar", icon: Calendar },
];

export default function ProgramDashboardPage() {
  return (
    <>
      <PageHeader
        title="Student Placement Dashboard"
        description="Manage your nursing students and clinical placements"
      />
      <QuickActions actions={QUICK_ACTIONS} />
    </>
  );
}
