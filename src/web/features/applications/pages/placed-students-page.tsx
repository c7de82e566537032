import { useQuery } from "@tanstack/react-query";
import { Users } from "lucide-react";
import { useState } from "react";
import { useSearchParams } from "react-router";
import type { PlacedPhase } from "@/domain/placements";
import { LoadError } from "@/web/components/list-page/load-error";
import { Pagination } from "@/web/components/pagination";
import { Badge } from "@/web/components/ui/badge";
import { EmptyState } from "@/web/components/ui/empty-state";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/input";
import { Loading } from "@/web/components/ui/loading";
import { PageHeader } from "@/web/components/ui/page-header";
import { Select } from "@/web/components/ui/select";
import { Table, TBody, TD, TH, THead, TR } from "@/web/components/ui/table";
import { formatDate } from "@/web/lib/format";
import { useDebouncedValue } from "@/web/lib/use-debounced-value";
import { placedStudentsQuery } from "../facility-api";

const PHASE_LABELS: Record<PlacedPhase, string> = { current: "Current", upcoming: "Upcoming", past: "Completed" };

/** /dashboard/facility/students: students with approved placements at this facility, current and upcoming. */
export default function PlacedStudentsPage() {
  const [params] = useSearchParams();
  const facilityId = params.get("facility") ?? undefined;
  const [search, setSearch] = useState("");
  const [phase, setPhase] = useState<PlacedPhase | "">("");
  const [page, setPage] = useState(1);
  const debouncedSearch = useDebouncedValue(search.trim());
  const list = useQuery(placedStudentsQuery({ search: debouncedSearch, phase: phase || undefined, facilityId, page }));
  const filtered = !!(debouncedSearch || phase);

  return (
    <>
      <PageHeader title="Placed Students" description="Students with approved placements at your facility" />
      <search
        aria-label="Filter placed students"
        className="mb-4 grid gap-3 rounded-lg border border-border bg-white p-4 sm:grid-cols-2"
      >
        <Field id="placed-search" label="Search">
          <Input
            id="placed-search"
            type="search"
            placeholder="Student, email, placement or program"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
          />
        </Field>
        <Field id="placed-phase" label="Show">
          <Select
            id="placed-phase"
            value={phase}
            onChange={(e) => {
              setPhase(e.target.value as PlacedPhase | "");
              setPage(1);
            }}
          >
            <option value="">Current and upcoming</option>
            <option value="current">Current</option>
            <option value="upcoming">Upcoming</option>
            <option value="past">Completed</option>
          </Select>
        </Field>
      </search>

      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <LoadError what="placed students" query={list} />
      ) : list.data.items.length === 0 ? (
        <EmptyState
          icon={Users}
          title={filtered ? "No placed students match these filters" : "No students placed yet"}
        />
      ) : (
        <>
          <Table aria-label="Placed students">
            <THead>
              <tr>
                <TH>Student</TH>
                <TH>Program</TH>
                <TH>Placement</TH>
                <TH>Department</TH>
                <TH>Dates</TH>
                <TH>When</TH>
              </tr>
            </THead>
            <TBody>
              {list.data.items.map((s) => (
                <TR key={s.applicationId}>
                  <TD>
                    <div className="font-medium">{s.student.name}</div>
                    <div className="text-muted-foreground">{s.student.email}</div>
                  </TD>
                  <TD>{s.program.name}</TD>
                  <TD>
                    <div>{s.placement.title}</div>
                    <div className="text-muted-foreground">{s.placement.specialty}</div>
                  </TD>
                  <TD>{s.department?.name ?? "—"}</TD>
                  <TD className="whitespace-nowrap">
                    {formatDate(s.placement.startDate)} –<br />
                    {formatDate(s.placement.endDate)}
                  </TD>
                  <TD>
                    <Badge variant={s.phase === "current" ? "success" : s.phase === "upcoming" ? "default" : "muted"}>
                      {PHASE_LABELS[s.phase]}
                    </Badge>
                  </TD>
                </TR>
              ))}
            </TBody>
          </Table>
          <Pagination page={list.data.page} pageSize={list.data.pageSize} total={list.data.total} onPage={setPage} />
        </>
      )}
    </>
  );
}
