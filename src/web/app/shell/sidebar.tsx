import { NavLink, useSearchParams } from "react-router";
import { viewAsKindOf } from "@/web/features/admin/components/view-as-organization-bar";
import { cn } from "@/web/lib/cn";
import { viewedStudentId } from "@/web/lib/view-as-student";
import type { NavItem } from "./navigation";
import { isViewAsStudentPage } from "./view-as-student-bar";

/**
 * Where a sidebar link leads, keeping what an administrator views as (`?student=`, `?program=`,
 * `?facility=`) when the next page narrows by it too: moving between a student's pages keeps the
 * student picked instead of asking again.
 */
export function withViewAs(to: string, params: URLSearchParams): string {
  const student = viewedStudentId(`?${params.toString()}`);
  if (student && isViewAsStudentPage(to)) return `${to}?student=${student}`;
  const kind = viewAsKindOf(to);
  const org = kind ? params.get(kind) : null;
  return kind && org ? `${to}?${kind}=${encodeURIComponent(org)}` : to;
}

export function SidebarNav({ items, onNavigate }: { items: NavItem[]; onNavigate?: () => void }) {
  const [params] = useSearchParams();
  return (
    <nav aria-label="Main" className="grid gap-1 p-3">
      {items.map((item) => (
        <NavLink
          key={item.to}
          to={withViewAs(item.to, params)}
          end
          onClick={onNavigate}
          className={({ isActive }) =>
            cn(
              "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium",
              isActive ? "bg-primary-soft text-teal-900" : "text-slate-700 hover:bg-muted",
            )
          }
        >
          <item.icon className="size-4" aria-hidden />
          {item.label}
        </NavLink>
      ))}
    </nav>
  );
}
