import {
  Building2,
  Calendar,
  ClipboardList,
  FileCheck2,
  GraduationCap,
  LineChart,
  MessageSquare,
  Search,
  Settings,
  User,
  Users,
} from "lucide-react";
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
export const StudentCompliancePage = () => (
  <SectionPage
    title="Compliance Documents"
    description="Immunizations, certifications and checks"
    icon={FileCheck2}
    empty="This student's compliance items are listed here."
  />
);
export const FacilityPlacementsPage = () => (
  <SectionPage
    title="Placements"
    description="Placements your facility publishes"
    icon={Building2}
    empty="No placements yet. Create one to start receiving applications."
  />
);
export const FacilityApplicationsPage = () => (
  <SectionPage
    title="Applications"
    description="Applications to your placements"
    icon={ClipboardList}
    empty="Applications to your placements are listed here."
  />
);
export const FacilityStudentsPage = () => (
  <SectionPage
    title="Placed Students"
    description="Students with approved placements at your facility"
    icon={Users}
    empty="Students placed at your facility are listed here."
  />
);
export const AdminProgramsPage = () => (
  <SectionPage
    title="Programs"
    description="Nursing programs on the platform"
    icon={GraduationCap}
    empty="Nursing programs on the platform are listed here."
  />
);
export const AdminFacilitiesPage = () => (
  <SectionPage
    title="Facilities"
    description="Healthcare facilities on the platform"
    icon={Building2}
    empty="Healthcare facilities on the platform are listed here."
  />
);
export const AdminAnalyticsPage = () => (
  <SectionPage
    title="Analytics"
    description="Placement and capacity trends"
    icon={LineChart}
    empty="Platform analytics are computed from placement data here."
  />
);
export const AdminSettingsPage = () => (
  <SectionPage
    title="Settings"
    description="Platform settings"
    icon={Settings}
    empty="Platform settings are managed here."
  />
);
export const StudentPlacementsPage = () => (
  <SectionPage
    title="Browse Placements"
    description="Active placements with spots left"
    icon={Search}
    empty="Placements open to you are listed here."
  />
);
export const StudentApplicationsPage = () => (
  <SectionPage
    title="My Applications"
    description="Where each of your applications stands"
    icon={ClipboardList}
    empty="No applications yet. Start by browsing available placements."
  />
);
export const LearningPage = () => (
  <SectionPage
    title="Learning Center"
    description="Study assistant, resources and preparation checklist"
    icon={GraduationCap}
    empty="Resources for your rotations are listed here."
  />
);
export const MessagesPage = () => (
  <SectionPage
    title="Messages"
    description="Inbox and sent messages"
    icon={MessageSquare}
    empty="Your conversations are listed here."
  />
);
export const StudentProfilePage = () => (
  <SectionPage
    title="Profile"
    description="Academic record, preferences, experience and goals"
    icon={User}
    empty="Your profile and preferences are kept here."
  />
);
