import { useQuery } from "@tanstack/react-query";
import { Building2, CalendarDays, Check, MapPin, Search, Users, X } from "lucide-react";
import { useState } from "react";
import { spotsLeftBadge } from "@/domain/dashboard";
import { NURSING_SPECIALTIES } from "@/domain/specialties";
import { NoStudentRecord } from "@/web/components/no-student-record";
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
import { useMe } from "@/web/features/auth/api";
import { formatDate } from "@/web/lib/format";
import { useDebouncedValue } from "@/web/lib/use-debounced-value";
import { type StudentPlacement, studentPlacementsQuery } from "../api";
import { ApplyDialog } from "../components/apply-dialog";

/** /student/placements: open placements with spots left; 'Applied' where the student already applied. */
export default function StudentPlacementsPage() {
  const me = useMe();
  return (
    <>
      <PageHeader title="Browse Placements" description="Active clinical placements with spots left" />
      {me.data?.studentId ? <Browse /> : <NoStudentRecord />}
    </>
  );
}

function Browse() {
  const [search, setSearch] = useState("");
  const [specialty, setSpecialty] = useState("");
  const [startFrom, setStartFrom] = useState("");
  const [endBy, setEndBy] = useState("");
  const [page, setPage] = useState(1);
  const [applyTo, setApplyTo] = useState<StudentPlacement | null>(null);
  const debouncedSearch = useDebouncedValue(search.trim());
  const list = useQuery(studentPlacementsQuery({ search: debouncedSearch, specialty, startFrom, endBy, page }));
  const filtered = !!(debouncedSearch || specialty || startFrom || endBy);
  const reset =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };

  return (
    <>
      <search
        aria-label="Filter placements"
        className="mb-4 grid gap-3 rounded-lg border border-border bg-white p-4 sm:grid-cols-2 lg:grid-cols-4"
      >
        <Field id="student-placement-search" label="Search">
          <Input
            id="student-placement-search"
            type="search"
            placeholder="Title, facility, city or specialty"
            value={search}
            onChange={(e) => reset(setSearch)(e.target.value)}
          />
        </Field>
        <Field id="student-placement-specialty" label="Specialty">
          <Select
            id="student-placement-specialty"
            value={specialty}
            onChange={(e) => reset(setSpecialty)(e.target.value)}
          >
            <option value="">All specialties</option>
            {NURSING_SPECIALTIES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="student-placement-start" label="Starts on or after">
          <Input
            id="student-placement-start"
            type="date"
            value={startFrom}
            max={endBy || undefined}
            onChange={(e) => reset(setStartFrom)(e.target.value)}
          />
        </Field>
        <Field id="student-placement-end" label="Ends on or before">
          <Input
            id="student-placement-end"
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

      <ApplyDialog
        placement={applyTo}
        onOpenChange={(open) => {
          if (!open) setApplyTo(null);
        }}
      />
    </>
  );
}

function PlacementCard({ placement: p, onApply }: { placement: StudentPlacement; onApply: () => void }) {
  const badge = spotsLeftBadge(p.capacity, p.slotsFilled);
  const where = [p.facility.city, p.facility.state].filter(Boolean).join(", ");
  const applied = p.myApplication !== null;
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
          {applied ? (
            <Button className="w-full" variant="secondary" disabled aria-label={`Applied: ${p.title}`}>
              <Check aria-hidden /> Applied
            </Button>
          ) : (
            <Button className="w-full" onClick={onApply} aria-label={`Apply: ${p.title}`}>
              Apply
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
