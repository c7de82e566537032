import { useQuery } from "@tanstack/react-query";
import { Building2, CalendarDays, MapPin, Users, X } from "lucide-react";
import { useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { spotsLeftBadge } from "@/domain/dashboard";
import { PlacementFilterBar, PlacementResults, usePlacementFilters } from "@/web/components/placement-browser";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { PageHeader } from "@/web/components/ui/page-header";
import { formatDate } from "@/web/lib/format";
import { type OpenPlacement, openPlacementsQuery, studentNameQuery } from "../api";
import { SubmitApplicationDialog } from "../components/submit-application-dialog";

/** /placements: open placements for the program's students, with search, filters and the apply dialog. */
export default function PlacementsPage() {
  const [params, setParams] = useSearchParams();
  const studentId = params.get("student");
  const filters = usePlacementFilters();
  const [applyTo, setApplyTo] = useState<OpenPlacement | null>(null);

  const list = useQuery(openPlacementsQuery(filters.query));
  const student = useQuery(studentNameQuery(studentId));
  const preselected = useMemo(
    () => (student.data ? { id: student.data.id, name: student.data.name } : null),
    [student.data],
  );

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

      <PlacementFilterBar idPrefix="placement" filters={filters} />
      <PlacementResults
        list={list}
        filters={filters}
        renderCard={(p) => <PlacementCard placement={p} onApply={() => setApplyTo(p)} />}
      />

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
              {p.allowLateJoiners ? <span className="text-muted-foreground"> · late joiners accepted</span> : null}
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
          {/* The server offers only rotations taking applications today (issue 9); none other gets the button. */}
          {p.acceptsApplications ? (
            <Button className="w-full" onClick={onApply} aria-label={`Submit Application: ${p.title}`}>
              Submit Application
            </Button>
          ) : (
            <p className="text-sm text-muted-foreground">No longer taking applications</p>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
