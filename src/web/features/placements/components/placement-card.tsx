import { Building2, CalendarClock, CalendarDays, GraduationCap, MapPin, Users } from "lucide-react";
import type { ReactNode } from "react";
import { spotsLeftBadge } from "@/domain/dashboard";
import { applyByLabel } from "@/domain/placements";
import {
  type AgreementFlags,
  AgreementRequiredNotice,
  type AgreementViewer,
  agreementBlocks,
} from "@/web/components/agreement-required-notice";
import { Badge } from "@/web/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { formatDate } from "@/web/lib/format";
import type { OpenPlacement } from "../api";

/** What a card shows: the program's and the student's placement lists both answer with these fields. */
export type CardPlacement = Pick<
  OpenPlacement,
  | "title"
  | "specialty"
  | "capacity"
  | "slotsFilled"
  | "availableSpots"
  | "facility"
  | "department"
  | "startDate"
  | "endDate"
  | "durationWeeks"
  | "description"
  | "requirements"
> & { allowLateJoiners?: boolean; minGpa?: number | null; applicationDeadline?: string | null } & AgreementFlags;

/** An open placement in the browse grids; `action` is the viewer's button (apply, applied, closed). */
export function PlacementCard({
  placement: p,
  action,
  viewer,
}: {
  placement: CardPlacement;
  action: ReactNode;
  viewer: AgreementViewer;
}) {
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
          <Fact icon={Building2} term="Facility">
            {p.facility.name}
            {p.department ? <span className="text-muted-foreground"> · {p.department.name}</span> : null}
          </Fact>
          {where ? (
            <Fact icon={MapPin} term="Location">
              {where}
            </Fact>
          ) : null}
          <Fact icon={CalendarDays} term="Dates">
            {formatDate(p.startDate)} – {formatDate(p.endDate)} · {p.durationWeeks} weeks
            {p.allowLateJoiners ? <span className="text-muted-foreground"> · late joiners accepted</span> : null}
          </Fact>
          {p.applicationDeadline ? (
            <Fact icon={CalendarClock} term="Application deadline">
              {applyByLabel(p.applicationDeadline)}
            </Fact>
          ) : null}
          <Fact icon={Users} term="Spots">
            {p.availableSpots} of {p.capacity} spots available
          </Fact>
          {p.minGpa ? (
            <Fact icon={GraduationCap} term="Academic requirement">
              Minimum GPA {p.minGpa.toFixed(2)}
            </Fact>
          ) : null}
        </dl>
        {p.description ? <p className="line-clamp-3 text-muted-foreground">{p.description}</p> : null}
        {p.requirements.length > 0 ? (
          <p className="text-xs text-muted-foreground">Requirements: {p.requirements.join(", ")}</p>
        ) : null}
        <div className="mt-auto pt-2">
          {/* Issue 17: the facility's agreement rule refuses this program: say so instead of offering Apply. */}
          {agreementBlocks(p) ? (
            <AgreementRequiredNotice facilityName={p.facility.name} title={p.title} viewer={viewer} />
          ) : (
            action
          )}
        </div>
      </CardContent>
    </Card>
  );
}

/** One line of the card: an icon standing for the term (named for screen readers), then the value. */
function Fact({ icon: Icon, term, children }: { icon: typeof Users; term: string; children: ReactNode }) {
  return (
    <div className="flex items-center gap-2">
      <dt>
        <Icon className="size-4 text-slate-500" aria-hidden />
        <span className="sr-only">{term}</span>
      </dt>
      <dd>{children}</dd>
    </div>
  );
}
