import { ClipboardList, MessageSquare, Search, User } from "lucide-react";
import { type QuickAction, QuickActions } from "@/web/components/quick-actions";
import { PageHeader } from "@/web/components/ui/page-header";

const QUICK_ACTIONS: QuickAction[] = [
  { to: "/student/placements", label: "Browse Placements", icon: Search },
  { to: "/student/applications", label: "My Applications", icon: ClipboardList },
  { to: "/student/messages", label: "Messages", icon: MessageSquare },
  { to: "/student/profile", label: "Profile", icon: User },
];

export default function StudentDashboardPage() {
  return (
    <>
      <PageHeader title="Student Dashboard" description="Your placements, applications and messages" />
      <QuickActions actions={QUICK_ACTIONS} />
    </>
  );
}
