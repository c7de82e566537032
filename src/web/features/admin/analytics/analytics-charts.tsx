import { useQuery } from "@tanstack/react-query";
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { ANALYTICS_DEFINITIONS } from "@/domain/admin-analytics";
import {
  type AnalyticsFilters,
  applicationsOverTimeQuery,
  complianceByProgramQuery,
  facilityDecisionsQuery,
  seatUtilizationQuery,
  unmetDemandQuery,
} from "./analytics-api";
import { ChartCard } from "./chart-card";

// The five charts of /dashboard/admin/analytics (issue 14). recharts is imported here only, so only
// this lazy page's chunk carries it. No animation (the figures are there at once, and nothing moves for
// those who prefer reduced motion). Its own keyboard layer is off: the chart is one image to
// assistive technology, and its rows are in the table the card can show instead.

const COLORS = { pending: "#b45309", approved: "#15803d", rejected: "#b91c1c", withdrawn: "#64748b", blue: "#1d4ed8" };
const region = (r: { specialty: string; state: string | null }) => `${r.specialty} (${r.state ?? "no state"})`;
const pct = (v: number | null) => (v === null ? null : `${v}%`);
const slug = (f: AnalyticsFilters) =>
  [f.from, f.to, f.state, f.specialty]
    .filter(Boolean)
    .join("_")
    .replace(/[^A-Za-z0-9_-]+/g, "-");
const file = (name: string, f: AnalyticsFilters) => `${name}${slug(f) ? `_${slug(f)}` : ""}.csv`;
const axis = { fontSize: 12 };

export function ApplicationsOverTimeChart({ filters }: { filters: AnalyticsFilters }) {
  const query = useQuery(applicationsOverTimeQuery(filters));
  const bucket = query.data?.bucket ?? "month";
  return (
    <ChartCard
      id="applications-over-time"
      title="Applications over time"
      definition={ANALYTICS_DEFINITIONS.applicationsOverTime}
      query={query}
      rows={(d) => d.items}
      filename={file("applications-over-time", filters)}
      columns={[
        { header: bucket === "week" ? "Week of" : "Month of", value: (r) => r.period },
        { header: "Pending", value: (r) => r.pending },
        { header: "Approved", value: (r) => r.approved },
        { header: "Not selected", value: (r) => r.rejected },
        { header: "Withdrawn", value: (r) => r.withdrawn },
        { header: "Total", value: (r) => r.total },
      ]}
      summary={(rows) =>
        `Line chart: ${rows.reduce((s, r) => s + r.total, 0)} applications over ${rows.length} ${bucket}s, from ${rows[0].period} to ${rows[rows.length - 1].period}; the busiest ${bucket} began ${[...rows].sort((a, b) => b.total - a.total)[0].period}.`
      }
    >
      {(rows) => (
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={[...rows]} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="period" tick={axis} />
            <YAxis allowDecimals={false} tick={axis} />
            <Tooltip />
            <Legend />
            <Line isAnimationActive={false} dataKey="pending" name="Pending" stroke={COLORS.pending} dot={false} />
            <Line isAnimationActive={false} dataKey="approved" name="Approved" stroke={COLORS.approved} dot={false} />
            <Line
              isAnimationActive={false}
              dataKey="rejected"
              name="Not selected"
              stroke={COLORS.rejected}
              dot={false}
            />
            <Line
              isAnimationActive={false}
              dataKey="withdrawn"
              name="Withdrawn"
              stroke={COLORS.withdrawn}
              dot={false}
            />
          </LineChart>
        </ResponsiveContainer>
      )}
    </ChartCard>
  );
}

export function FacilityDecisionsChart({ filters }: { filters: AnalyticsFilters }) {
  const query = useQuery(facilityDecisionsQuery(filters));
  return (
    <ChartCard
      id="facility-decisions"
      title="Acceptance rate and time to decision by facility"
      definition={ANALYTICS_DEFINITIONS.facilityDecisions}
      query={query}
      rows={(d) => d.items}
      filename={file("facility-decisions", filters)}
      columns={[
        { header: "Facility", value: (r) => r.facility },
        { header: "State", value: (r) => r.state },
        { header: "Applications", value: (r) => r.applications },
        { header: "Decided", value: (r) => r.decided },
        { header: "Approved", value: (r) => r.approved },
        { header: "Acceptance rate", value: (r) => pct(r.acceptanceRate) },
        { header: "Median days to decision", value: (r) => r.medianDays },
      ]}
      summary={(rows) => {
        const decided = rows.filter((r) => r.acceptanceRate !== null);
        const best = [...decided].sort((a, b) => (b.acceptanceRate ?? 0) - (a.acceptanceRate ?? 0))[0];
        return `Bar chart of ${rows.length} facilities' acceptance rates and median days to decision${best ? `; highest acceptance: ${best.facility}, ${best.acceptanceRate}%` : ""}.`;
      }}
    >
      {(rows) => (
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={[...rows]} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="facility" tick={axis} interval={0} angle={-20} textAnchor="end" height={70} />
            <YAxis yAxisId="rate" unit="%" domain={[0, 100]} tick={axis} />
            <YAxis yAxisId="days" orientation="right" unit=" d" tick={axis} />
            <Tooltip />
            <Legend />
            <Bar yAxisId="rate" dataKey="acceptanceRate" name="Acceptance rate (%)" fill={COLORS.approved} />
            <Bar yAxisId="days" dataKey="medianDays" name="Median days to decision" fill={COLORS.blue} />
          </BarChart>
        </ResponsiveContainer>
      )}
    </ChartCard>
  );
}

export function SeatUtilizationChart({ filters }: { filters: AnalyticsFilters }) {
  const query = useQuery(seatUtilizationQuery(filters));
  return (
    <ChartCard
      id="seat-utilization"
      title="Seat utilization by specialty and state"
      definition={ANALYTICS_DEFINITIONS.seatUtilization}
      query={query}
      rows={(d) => d.items.map((r) => ({ ...r, label: region(r) }))}
      filename={file("seat-utilization", filters)}
      columns={[
        { header: "Specialty", value: (r) => r.specialty },
        { header: "State", value: (r) => r.state },
        { header: "Rotations", value: (r) => r.rotations },
        { header: "Seats", value: (r) => r.capacity },
        { header: "Approved", value: (r) => r.approved },
        { header: "Utilization", value: (r) => pct(r.utilization) },
      ]}
      summary={(rows) => {
        const seats = rows.reduce((s, r) => s + r.capacity, 0);
        const approved = rows.reduce((s, r) => s + r.approved, 0);
        return `Bar chart: ${approved} of ${seats} seats approved across ${rows.length} specialty and state pairs.`;
      }}
    >
      {(rows) => (
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={[...rows]} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="label" tick={axis} interval={0} angle={-20} textAnchor="end" height={70} />
            <YAxis allowDecimals={false} tick={axis} />
            <Tooltip />
            <Legend />
            <Bar isAnimationActive={false} dataKey="capacity" name="Seats" fill={COLORS.withdrawn} />
            <Bar isAnimationActive={false} dataKey="approved" name="Approved" fill={COLORS.approved} />
          </BarChart>
        </ResponsiveContainer>
      )}
    </ChartCard>
  );
}

export function UnmetDemandChart({ filters }: { filters: AnalyticsFilters }) {
  const query = useQuery(unmetDemandQuery(filters));
  return (
    <ChartCard
      id="unmet-demand"
      title="Unmet demand by specialty and state"
      definition={ANALYTICS_DEFINITIONS.unmetDemand}
      query={query}
      rows={(d) => d.items.map((r) => ({ ...r, label: region(r) }))}
      filename={file("unmet-demand", filters)}
      columns={[
        { header: "Specialty", value: (r) => r.specialty },
        { header: "State", value: (r) => r.state },
        { header: "Applications", value: (r) => r.applications },
        { header: "Not selected", value: (r) => r.notSelected },
        { header: "Pending beyond capacity", value: (r) => r.pendingBeyondCapacity },
        { header: "Without a seat", value: (r) => r.unmet },
      ]}
      summary={(rows) =>
        `Stacked bar chart: ${rows.reduce((s, r) => s + r.unmet, 0)} applications without a seat across ${rows.length} specialty and state pairs; most in ${rows[0].label} (${rows[0].unmet}).`
      }
    >
      {(rows) => (
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={[...rows]} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="label" tick={axis} interval={0} angle={-20} textAnchor="end" height={70} />
            <YAxis allowDecimals={false} tick={axis} />
            <Tooltip />
            <Legend />
            <Bar
              isAnimationActive={false}
              dataKey="notSelected"
              stackId="unmet"
              name="Not selected"
              fill={COLORS.rejected}
            />
            <Bar
              isAnimationActive={false}
              dataKey="pendingBeyondCapacity"
              stackId="unmet"
              name="Pending beyond capacity"
              fill={COLORS.pending}
            />
          </BarChart>
        </ResponsiveContainer>
      )}
    </ChartCard>
  );
}

export function ComplianceByProgramChart({ filters }: { filters: AnalyticsFilters }) {
  const query = useQuery(complianceByProgramQuery(filters));
  return (
    <ChartCard
      id="compliance-by-program"
      title="Compliance rates by program"
      definition={ANALYTICS_DEFINITIONS.complianceByProgram}
      query={query}
      rows={(d) => d.items}
      filename={file("compliance-by-program", filters)}
      columns={[
        { header: "Program", value: (r) => r.program },
        { header: "State", value: (r) => r.state },
        { header: "Active students", value: (r) => r.students },
        { header: "Compliant", value: (r) => r.compliant },
        { header: "Compliance rate", value: (r) => pct(r.complianceRate) },
      ]}
      summary={(rows) =>
        `Bar chart of ${rows.length} programs' compliance rates: ${rows.map((r) => `${r.program} ${pct(r.complianceRate) ?? "no data"}`).join(", ")}.`
      }
    >
      {(rows) => (
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={[...rows]} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="program" tick={axis} interval={0} angle={-20} textAnchor="end" height={70} />
            <YAxis unit="%" domain={[0, 100]} tick={axis} />
            <Tooltip />
            <Bar isAnimationActive={false} dataKey="complianceRate" name="Compliance rate (%)" fill={COLORS.blue} />
          </BarChart>
        </ResponsiveContainer>
      )}
    </ChartCard>
  );
}
