import { ANALYTICS_DEFINITIONS } from "@/domain/admin-analytics";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Table, TBody, TD, TH, THead, TR } from "@/web/components/ui/table";
import type { AdminOverview } from "../overview-api";

/** Demand versus supply by state and specialty: pending applications per open seat, highest first. */
export function RegionalTrendsPanel({ rows }: { rows: AdminOverview["regionalTrends"] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Regional Market Trends</CardTitle>
        <CardDescription>{ANALYTICS_DEFINITIONS.regionalTrends}</CardDescription>
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">No published rotations open yet</p>
        ) : (
          // Focusable: the table scrolls sideways on a narrow screen.
          <Table aria-label="Demand versus supply by state and specialty" tabIndex={0}>
            <THead>
              <TR>
                <TH>State</TH>
                <TH>Specialty</TH>
                <TH className="text-right">Pending applications</TH>
                <TH className="text-right">Open seats</TH>
                <TH className="text-right">Applications per seat</TH>
              </TR>
            </THead>
            <TBody>
              {rows.map((r) => (
                <TR key={`${r.state}-${r.specialty}`}>
                  <TD>{r.state ?? "Unknown"}</TD>
                  <TD>{r.specialty}</TD>
                  <TD className="text-right">{r.pending}</TD>
                  <TD className="text-right">{r.openSeats}</TD>
                  <TD className="text-right font-semibold">
                    {r.applicationsPerSeat === null ? "No open seat" : r.applicationsPerSeat.toFixed(2)}
                  </TD>
                </TR>
              ))}
            </TBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
