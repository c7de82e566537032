import type { LucideIcon } from "lucide-react";
import { Minus, TrendingDown, TrendingUp } from "lucide-react";
import type { ReactNode } from "react";
import { Card } from "@/web/components/ui/card";
import { cn } from "@/web/lib/cn";

export type Trend = { last30Days: number; previous30Days: number };

/** "5 submitted in the last 30 days, up from 3": a trend against the previous 30 days (D9). */
export function trendText(trend: Trend, verb: string): string {
  const { last30Days: now, previous30Days: before } = trend;
  const head = `${now} ${verb} in the last 30 days`;
  if (now === before) return before === 0 ? head : `${head}, same as the 30 days before`;
  return `${head}, ${now > before ? "up" : "down"} from ${before}`;
}

/** A dashboard figure: what it counts, its value, and a line of context or trend. */
export function StatCard({
  label,
  value,
  icon: Icon,
  detail,
  trend,
  trendVerb,
  valueClassName,
}: {
  label: string;
  value: ReactNode;
  icon: LucideIcon;
  detail?: ReactNode;
  trend?: Trend;
  trendVerb?: string;
  valueClassName?: string;
}) {
  const TrendIcon = !trend
    ? null
    : trend.last30Days > trend.previous30Days
      ? TrendingUp
      : trend.last30Days < trend.previous30Days
        ? TrendingDown
        : Minus;
  return (
    <Card className="p-5">
      <div className="flex items-start justify-between gap-2">
        <h2 className="text-sm font-medium text-slate-700">{label}</h2>
        <Icon className="size-5 text-slate-500" aria-hidden />
      </div>
      <p className={cn("mt-2 text-3xl font-bold tracking-tight", valueClassName)}>{value}</p>
      {detail ? <p className="mt-1 text-sm text-muted-foreground">{detail}</p> : null}
      {trend && TrendIcon ? (
        <p className="mt-2 flex items-center gap-1.5 text-xs text-slate-700">
          <TrendIcon className="size-3.5 shrink-0" aria-hidden />
          {trendText(trend, trendVerb ?? "")}
        </p>
      ) : null}
    </Card>
  );
}
