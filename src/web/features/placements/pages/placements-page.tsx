import { useQuery } from "@tanstack/react-query";
import { Building2, CalendarDays, MapPin, Search, Users, X } from "lucide-react";
import { useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { spotsLeftBadge } from "@/domain/dashboard";
import { NURSING_SPECIALTIES } from "@/domain/specialties";
import { Pagination } from "@/web/components/pagination";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { EmptyState } from "@/web/components/ui/empty-state";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/input";
import { Loading } from "@/web/components/ui/loading";
import { PageHeader } from "@/web/components/ui/page-header";
import { Select } from "@/web/components/ui/select";
import { formatDate } from "@/web/lib/format";
import { useDebouncedValue } from "@/web/lib/use-debounced-value";
import { type OpenPlacement, openPlacementsQuery, studentNameQuery } from "../api";
import { SubmitApplicationDialog } from "../components/submit-application-dialog";

/** /placements: open placements for the program's students, with search, filters and the apply dialog. */
export default function PlacementsPage() {
  const [params, setParams] = useSearchParams();
  const studentId = params.get("student");
  const [search, setSearch] = useState("");
  const [specialty, setSpecialty] = useState("");
  const [startFrom, setStartFrom] = useState("");
  const [endBy, setEndBy] = useState("");
  const [page, setPage] = useState(1);
  const [applyTo, setApplyTo] = useState<OpenPlacement | null>(null);
  const debouncedSearch = useDebouncedValue(search.trim());

  const list = useQuery(openPlacementsQuery({ search: debouncedSearch, specialty, startFrom, endBy, page }));
  const student = useQuery(studentNameQuery(studentId));
  const preselected = useMemo(
    () => (student.data ? { id: student.data.id, name: student.data.name } : null),
    [student.data],
  );
  const filtered = !!(debouncedSearch || specialty || startFrom || endBy);

  const reset =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };

  function clearStudent() {
    const next = new URLSearchParams(params);
    next.delete("student");
    setParams(next, { replace: true });
  }

  return (
    <>
      <PageHeader title="Placements" description="Find available clinical placements for your students" />

      {preselected ? (
        <div
          className="mb-4 flex flex-wrap items-center justify-between gap-2 rounded-md border border-teal-200 bg-primary-soft px-4 py-2 text-sm text-teal-950"
          role="status"
        >
          <span>
            Choosing a placement for <strong>{preselected.name}</strong>
          </span>
          <Button size="sm" variant="ghost" onClick={clearStudent}>
            <X aria-hidden /> Clear
          </Button>
        </div>
      ) : null}

      <search
        aria-label="Filter placements"
        className="mb-4 grid gap-3 rounded-lg border border-border bg-white p-4 sm:grid-cols-2 lg:grid-cols-4"
      >
        <Field id="placement-search" label="Search">
          <Input
            id="placement-search"
            type="search"
            placeholder="Title, facility, city or specialty"
            value={search}
            onChange={(e) => reset(setSearch)(e.target.value)}
          />
        </Field>
        <Field id="placement-specialty" label="Specialty">
          <Select id="placement-specialty" value={specialty} onChange={(e) => reset(setSpecialty)(e.target.value)}>
            <option value="">All specialties</option>
            {NURSING_SPECIALTIES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="placement-start" label="Starts on or after">
          <Input
            id="placement-start"
            type="date"
            value={startFrom}
            max={endBy || undefined}
            onChange={(e) => reset(setStartFrom)(e.target.value)}
          />
        </Field>
        <Field id="placement-end" label="Ends on or before">
          <Input
            id="placement-end"
            type="date"
            value={endBy}
            min={startFrom || undefined}
            onChange={(e) => reset(setEndBy)(e.target.value)}
          />
        </Field>
        {filtered ? (
          <div className="sm:col-span-2 lg:col-span-4">
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                setSearch("");
                setSpecialty("");
                setStartFrom("");
                setEndBy("");
                setPage(1);
              }}
            >
              <X aria-hidden /> Clear filters
            </Button>
          </div>
        ) : null}
      </search>

      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-destructive">
          Could not load placements: {list.error.message}
        </p>
      ) : list.data.items.length === 0 ? (
        <EmptyState icon={Search} title={filtered ? "No placements match these filters" : "No placements available"}>
          {filtered
            ? "Try another search, specialty or date range."
            : "Placements with open spots at verified facilities appear here."}
        </EmptyState>
      ) : (
        <>
          <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Available placements">
            {list.data.items.map((p) => (
              <li key={p.id}>
                <PlacementCard placement={p} onApply={() => setApplyTo(p)} />
              </li>
            ))}
          </ul>
          <Pagination page={list.data.page} pageSize={list.data.pageSize} total={list.data.total} onPage={setPage} />
        </>
      )}

      <SubmitApplicationDialog
        placement={applyTo}
        preselected={preselected}
        open={applyTo !== null}
        onOpenChange={(open) => {
          if (!open) setApplyTo(null);
        }}
      />
    </>
  );
}

function PlacementCard({ placement: p, onApply }: { placement: OpenPlacement; onApply: () => void }) {
  const badge = spotsLeftBadge(p.capacity, p.slotsFilled);
  const where = [p.facility.city, p.facility.state].filter(Boolean).join(", ");
  return (
    <Card className="flex h-full flex-col">
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <CardTitle>{p.title}</CardTitle>
          {badge ? <Badge variant="warning">{badge}</Badge> : null}
        </div>
        <CardDescription>
          <Badge variant="default">{p.specialty}</Badge>
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-3 text-sm">
        <dl className="grid gap-1.5">
          <div className="flex items-center gap-2">
            <dt>
              <Building2 className="size-4 text-slate-500" aria-hidden />
              <span className="sr-only">Facility</span>
            </dt>
            <dd>
              {p.facility.name}
              {p.department ? <span className="text-muted-foreground"> · {p.department.name}</span> : null}
            </dd>
          </div>
          {where ? (
            <div className="flex items-center gap-2">
              <dt>
                <MapPin className="size-4 text-slate-500" aria-hidden />
                <span className="sr-only">Location</span>
              </dt>
              <dd>{where}</dd>
            </div>
          ) : null}
          <div className="flex items-center gap-2">
            <dt>
              <CalendarDays className="size-4 text-slate-500" aria-hidden />
              <span className="sr-only">Dates</span>
            </dt>
            <dd>
              {formatDate(p.startDate)} – {formatDate(p.endDate)} · {p.durationWeeks} weeks
            </dd>
          </div>
          <div className="flex items-center gap-2">
            <dt>
              <Users className="size-4 text-slate-500" aria-hidden />
              <span className="sr-only">Spots</span>
            </dt>
            <dd>
              {p.availableSpots} of {p.capacity} spots available
            </dd>
          </div>
        </dl>
        {p.description ? <p className="line-clamp-3 text-muted-foreground">{p.description}</p> : null}
        {p.requirements.length > 0 ? (
          <p className="text-xs text-muted-foreground">Requirements: {p.requirements.join(", ")}</p>
        ) : null}
        <div className="mt-auto pt-2">
          <Button className="w-full" onClick={onApply} aria-label={`Submit Application: ${p.title}`}>
            Submit Application
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
