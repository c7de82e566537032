import type { LucideIcon } from "lucide-react";
import { Building2, ClipboardList, GraduationCap, Minus, TrendingDown, TrendingUp, Users } from "lucide-react";
import { Card } from "@/web/components/ui/card";
import type { AdminOverview } from "../overview-api";

type Stat = AdminOverview["stats"]["programs"];

/** "+12 in the last 30 days (vs +8 the 30 days before)": what was added, against the window before (D9). */
export function trendLine({ last30Days, previous30Days }: Stat["trend"], noun: string) {
  return `+${last30Days} ${noun} in the last 30 days (vs +${previous30Days} the 30 days before)`;
}

function OverviewStat({
  label,
  stat,
  icon: Icon,
  detail,
  noun,
}: {
  label: string;
  stat: Stat;
  icon: LucideIcon;
  detail: string;
  noun: string;
}) {
  const { last30Days: now, previous30Days: before } = stat.trend;
  const TrendIcon = now > before ? TrendingUp : now < before ? TrendingDown : Minus;
  return (
    <Card className="p-5">
      <div className="flex items-start justify-between gap-2">
        <h2 className="text-sm font-medium text-slate-700">{label}</h2>
        <Icon className="size-5 text-slate-500" aria-hidden />
      </div>
      <p className="mt-2 text-3xl font-bold tracking-tight">{stat.value}</p>
      <p className="mt-1 text-sm text-muted-foreground">{detail}</p>
      <p className="mt-2 flex items-center gap-1.5 text-xs text-slate-700">
        <TrendIcon className="size-3.5 shrink-0" aria-hidden />
        {trendLine(stat.trend, noun)}
      </p>
    </Card>
  );
}

/** The overview's four platform figures, each with its trend against the previous 30 days. */
export function OverviewStatCards({ stats }: { stats: AdminOverview["stats"] }) {
  return (
    <section aria-label="Platform figures" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <OverviewStat
        label="Nursing Programs"
        stat={stats.programs}
        icon={GraduationCap}
        detail="Verified programs"
        noun="joined"
      />
      <OverviewStat
        label="Healthcare Facilities"
        stat={stats.facilities}
        icon={Building2}
        detail="Verified facilities"
        noun="joined"
      />
      <OverviewStat
        label="Students"
        stat={stats.students}
        icon={Users}
        detail="Active students on every roster"
        noun="added"
      />
      <OverviewStat
        label="Applications"
        stat={stats.applications}
        icon={ClipboardList}
        detail="All applications, every status"
        noun="submitted"
      />
    </section>
  );
}
