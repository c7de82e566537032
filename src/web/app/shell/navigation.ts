import {
  BookOpen,
  Building2,
  Calendar,
  CalendarCheck,
  ClipboardCheck,
  ClipboardList,
  Clock,
  FileCheck,
  FileSignature,
  GraduationCap,
  History,
  LayoutDashboard,
  LineChart,
  ListChecks,
  type LucideIcon,
  MessageSquare,
  Search,
  Settings,
  ShieldCheck,
  Shuffle,
  Stethoscope,
  User,
  Users,
} from "lucide-react";
import type { Role } from "@/domain/roles";

export type NavItem = { to: string; label: string; icon: LucideIcon };
export type Area = "program" | "facility" | "admin" | "student" | "preceptor";

/** Each role's navigation (spec section 2). */
export const NAVIGATION: Record<Area, NavItem[]> = {
  program: [
    { to: "/dashboard/program", label: "Dashboard", icon: LayoutDashboard },
    { to: "/students", label: "Students", icon: Users },
    { to: "/compliance", label: "Compliance", icon: ShieldCheck },
    { to: "/placements", label: "Placements", icon: Search },
    { to: "/matching", label: "Match Students", icon: Shuffle },
    { to: "/applications", label: "Applications", icon: ClipboardList },
    { to: "/calendar", label: "Calendar", icon: Calendar },
    { to: "/learning-resources", label: "Learning Resources", icon: BookOpen },
    { to: "/agreements", label: "Agreements", icon: FileSignature },
    { to: "/rotations", label: "Rotation Records", icon: FileCheck },
    { to: "/evaluations", label: "Evaluations", icon: ClipboardCheck },
    { to: "/hours", label: "Hours", icon: Clock },
    { to: "/messages", label: "Messages", icon: MessageSquare },
  ],
  facility: [
    { to: "/dashboard/facility", label: "Dashboard", icon: LayoutDashboard },
    { to: "/dashboard/facility/placements", label: "Placements", icon: Building2 },
    { to: "/dashboard/facility/applications", label: "Applications", icon: ClipboardList },
    { to: "/dashboard/facility/students", label: "Students", icon: Users },
    { to: "/dashboard/facility/calendar", label: "Calendar", icon: Calendar },
    { to: "/dashboard/facility/requirements", label: "Requirements", icon: ListChecks },
    { to: "/dashboard/facility/agreements", label: "Agreements", icon: FileSignature },
    { to: "/dashboard/facility/rotations", label: "Rotations", icon: CalendarCheck },
    { to: "/dashboard/facility/preceptors", label: "Preceptors", icon: Stethoscope },
    { to: "/dashboard/facility/evaluations", label: "Evaluations", icon: ClipboardCheck },
    { to: "/dashboard/facility/hours", label: "Hours", icon: Clock },
    { to: "/messages", label: "Messages", icon: MessageSquare },
  ],
  admin: [
    { to: "/dashboard/admin", label: "Dashboard", icon: LayoutDashboard },
    { to: "/dashboard/admin/programs", label: "Programs", icon: GraduationCap },
    { to: "/dashboard/admin/facilities", label: "Facilities", icon: Building2 },
    { to: "/dashboard/admin/analytics", label: "Analytics", icon: LineChart },
    { to: "/dashboard/admin/audit", label: "Audit Trail", icon: History },
    { to: "/dashboard/admin/agreements", label: "Agreements", icon: FileSignature },
    { to: "/dashboard/admin/admins", label: "Administrators", icon: ShieldCheck },
    { to: "/dashboard/admin/settings", label: "Settings", icon: Settings },
    { to: "/messages", label: "Messages", icon: MessageSquare },
  ],
  // Issue 17: the preceptor's students, the hours they logged and their evaluations.
  preceptor: [
    { to: "/dashboard/preceptor", label: "Dashboard", icon: LayoutDashboard },
    { to: "/dashboard/preceptor/hours", label: "Hours to review", icon: Clock },
    { to: "/dashboard/preceptor/evaluations", label: "Evaluations", icon: ClipboardCheck },
    { to: "/messages", label: "Messages", icon: MessageSquare },
    { to: "/account", label: "Account", icon: User },
  ],
  student: [
    { to: "/dashboard/student", label: "Dashboard", icon: LayoutDashboard },
    { to: "/student/placements", label: "Browse Placements", icon: Search },
    { to: "/student/applications", label: "My Applications", icon: ClipboardList },
    { to: "/student/compliance", label: "Compliance", icon: ShieldCheck },
    { to: "/student/calendar", label: "Calendar", icon: Calendar },
    { to: "/student/hours", label: "Hours", icon: Clock },
    { to: "/student/learning", label: "Learning Center", icon: GraduationCap },
    { to: "/student/evaluations", label: "Evaluations", icon: ClipboardCheck },
    { to: "/student/messages", label: "Messages", icon: MessageSquare },
    { to: "/student/profile", label: "Profile", icon: User },
  ],
};

/** Which area a path belongs to, so the sidebar follows the page (also when an admin views as another role). */
export function areaOf(pathname: string, role: Role | null): Area {
  if (pathname.startsWith("/dashboard/admin")) return "admin";
  if (pathname.startsWith("/dashboard/preceptor")) return "preceptor";
  if (pathname.startsWith("/dashboard/facility") || pathname.startsWith("/facility")) return "facility";
  if (pathname.startsWith("/dashboard/student") || pathname.startsWith("/student/")) return "student";
  if (
    [
      "/dashboard/program",
      "/students",
      "/compliance",
      "/placements",
      "/matching",
      "/applications",
      "/calendar",
      "/learning-resources",
      "/agreements",
      "/rotations",
      "/evaluations",
      "/hours",
    ].some((p) => pathname.startsWith(p))
  )
    return "program";
  if (role === "admin" || role === "super_admin") return "admin";
  return (role as Area | null) ?? "program";
}

/** 'View As' / 'Switch Perspective' (admins and super admins). */
export const PERSPECTIVES = [
  { label: "Administrator", to: "/dashboard/admin" },
  { label: "Nursing Program", to: "/dashboard/program" },
  { label: "Healthcare Facility", to: "/dashboard/facility" },
  { label: "Student", to: "/dashboard/student" },
] as const;

/** Where the header bell leads for each area. */
export const messagesPath = (area: Area) => (area === "student" ? "/student/messages" : "/messages");
