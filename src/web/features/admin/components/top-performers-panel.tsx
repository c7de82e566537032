import { formatRate } from "@/domain/dashboard";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import type { AdminOverview } from "../overview-api";

const where = (state: string | null) => (state ? ` · ${state}` : "");
const days = (d: number | null) =>
  d === null ? "no decisions yet" : `median ${d} day${d === 1 ? "" : "s"} to decision`;

/** Facilities by placements filled (then fastest decisions), programs by placement rate. */
export function TopPerformersPanel({ data }: { data: Pick<AdminOverview, "topFacilities" | "topPrograms"> }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Top Performers</CardTitle>
        <CardDescription>From every application and roster on the platform</CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-[minmax(0,1fr)] gap-6">
        <div>
          <h3 className="mb-2 text-sm font-semibold">Facilities by placements filled</h3>
          {data.topFacilities.length === 0 ? (
            <p className="text-sm text-muted-foreground">No placements filled yet</p>
          ) : (
            <ol className="divide-y divide-border" aria-label="Facilities by placements filled">
              {data.topFacilities.map((f) => (
                <li key={f.id} className="flex items-start justify-between gap-3 py-2">
                  <div className="min-w-0">
                    <p className="truncate font-medium">{f.name}</p>
                    <p className="text-xs text-muted-foreground">
                      {days(f.medianDays)}
                      {where(f.state)}
                    </p>
                  </div>
                  <p className="shrink-0 text-sm font-semibold">{f.filled} filled</p>
                </li>
              ))}
            </ol>
          )}
        </div>
        <div>
          <h3 className="mb-2 text-sm font-semibold">Programs by placement rate</h3>
          {data.topPrograms.length === 0 ? (
            <p className="text-sm text-muted-foreground">No active students yet</p>
          ) : (
            <ol className="divide-y divide-border" aria-label="Programs by placement rate">
              {data.topPrograms.map((p) => (
                <li key={p.id} className="flex items-start justify-between gap-3 py-2">
                  <div className="min-w-0">
                    <p className="truncate font-medium">{p.name}</p>
                    <p className="text-xs text-muted-foreground">
                      {p.placed} of {p.students} active students placed{where(p.state)}
                    </p>
                  </div>
                  <p className="shrink-0 text-sm font-semibold">{formatRate(p.placementRate)}</p>
                </li>
              ))}
            </ol>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
