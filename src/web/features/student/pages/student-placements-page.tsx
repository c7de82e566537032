import { useQuery } from "@tanstack/react-query";
import { Building2, CalendarDays, Check, MapPin, Users } from "lucide-react";
import { useState } from "react";
import { spotsLeftBadge } from "@/domain/dashboard";
import { NoStudentRecord } from "@/web/components/no-student-record";
import { PlacementFilterBar, PlacementResults, usePlacementFilters } from "@/web/components/placement-browser";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { PageHeader } from "@/web/components/ui/page-header";
import { formatDate } from "@/web/lib/format";
import { useMe } from "@/web/lib/session";
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
  const filters = usePlacementFilters();
  const [applyTo, setApplyTo] = useState<StudentPlacement | null>(null);
  const list = useQuery(studentPlacementsQuery(filters.query));

  return (
    <>
      <PlacementFilterBar idPrefix="student-placement" filters={filters} />
      <PlacementResults
        list={list}
        filters={filters}
        renderCard={(p) => <PlacementCard placement={p} onApply={() => setApplyTo(p)} />}
      />

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
