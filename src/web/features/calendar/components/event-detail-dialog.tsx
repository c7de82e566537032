import { AlertTriangle, Download, ExternalLink, Pencil, Trash2 } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import {
  CALENDAR_KIND_LABELS,
  type CalendarEvent,
  EVENT_AUDIENCE_LABELS,
  EVENT_CATEGORY_LABELS,
} from "@/domain/calendar";
import { Button } from "@/web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/web/components/ui/dialog";
import { downloadFile } from "@/web/lib/download";
import { eventIcsUrl, useDeleteEvent } from "../api";
import { KIND_STYLE } from "../event-style";
import { describeRecurrence, describeWhen } from "../event-when";
import type { RecordLink } from "../record-link";

const icsName = (e: CalendarEvent) =>
  `${
    e.title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 60) || "event"
  }.ics`;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7.5rem_1fr] gap-2 py-1.5">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

/**
 * One event's facts, its conflicts, a link to its record, its .ics, and for a coordinator's own
 * events Edit and Delete (after a confirmation; a series is deleted whole).
 */
export function EventDetailDialog({
  event,
  link,
  onClose,
  onEdit,
}: {
  event: CalendarEvent | null;
  link: RecordLink | null;
  onClose: () => void;
  onEdit: (event: CalendarEvent) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteEvent();
  const close = () => {
    setConfirming(false);
    onClose();
  };
  if (!event) return null;
  const style = KIND_STYLE[event.kind];
  const Icon = style.icon;

  function onDelete(e: CalendarEvent) {
    if (!e.eventId) return;
    remove.mutate(e.eventId, {
      onSuccess: () => {
        toast.success("Event deleted", { description: e.title });
        close();
      },
    });
  }

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : close())}>
      <DialogContent className="max-w-lg">
        <p
          className="mb-2 inline-flex items-center gap-1 rounded border-l-4 px-2 py-0.5 text-xs font-medium"
          style={{ background: style.fill, borderColor: style.border, color: style.text }}
        >
          <Icon className="size-3.5" aria-hidden />
          {event.kind === "custom" && event.category
            ? EVENT_CATEGORY_LABELS[event.category]
            : CALENDAR_KIND_LABELS[event.kind]}
        </p>
        <DialogTitle className="pr-6">{event.title}</DialogTitle>
        <DialogDescription>{describeWhen(event)}</DialogDescription>

        {event.conflicts.length > 0 ? (
          <section aria-label="Conflicts" className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
            <p className="flex items-center gap-2 font-semibold text-amber-900">
              <AlertTriangle className="size-4" aria-hidden />
              {event.conflicts.length === 1 ? "1 conflict" : `${event.conflicts.length} conflicts`}
            </p>
            <ul className="mt-1 list-disc pl-6 text-amber-950">
              {event.conflicts.map((c) => (
                <li key={`${c.kind}-${c.message}`}>{c.message}</li>
              ))}
            </ul>
          </section>
        ) : null}

        <dl className="mt-4 divide-y divide-border text-sm">
          {event.recurrence ? <Fact label="Repeats">{describeRecurrence(event.recurrence)}</Fact> : null}
          {event.studentName ? <Fact label="Student">{event.studentName}</Fact> : null}
          {event.placementTitle ? <Fact label="Placement">{event.placementTitle}</Fact> : null}
          {event.facilityName ? (
            <Fact label="Facility">
              {event.facilityName}
              {event.departmentName ? ` · ${event.departmentName}` : ""}
            </Fact>
          ) : null}
          {event.specialty ? <Fact label="Specialty">{event.specialty}</Fact> : null}
          {event.location ? <Fact label="Location">{event.location}</Fact> : null}
          {event.audience ? <Fact label="Who sees it">{EVENT_AUDIENCE_LABELS[event.audience]}</Fact> : null}
          {event.description ? (
            <Fact label="Details">
              <span className="whitespace-pre-line">{event.description}</span>
            </Fact>
          ) : null}
        </dl>

        {confirming ? (
          <div role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm">
            <p className="font-medium text-red-900">
              Delete “{event.title}”{event.recurrence ? " and every occurrence of it" : ""}? Subscribed calendars drop
              it at their next refresh.
            </p>
            <div className="mt-3 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button size="sm" variant="outline" onClick={() => setConfirming(false)}>
                Keep it
              </Button>
              <Button size="sm" variant="destructive" disabled={remove.isPending} onClick={() => onDelete(event)}>
                {remove.isPending ? "Deleting..." : "Delete event"}
              </Button>
            </div>
          </div>
        ) : null}

        <div className="mt-6 flex flex-wrap gap-2">
          {link ? (
            <Button asChild size="sm">
              <Link to={link.to}>
                <ExternalLink aria-hidden /> {link.label}
              </Link>
            </Button>
          ) : null}
          <Button size="sm" variant="outline" onClick={() => void downloadFile(eventIcsUrl(event.id), icsName(event))}>
            <Download aria-hidden /> Download .ics
          </Button>
          {event.editable && event.eventId ? (
            <>
              <Button size="sm" variant="outline" onClick={() => onEdit(event)}>
                <Pencil aria-hidden /> Edit
              </Button>
              <Button size="sm" variant="outline" disabled={confirming} onClick={() => setConfirming(true)}>
                <Trash2 aria-hidden /> Delete
              </Button>
            </>
          ) : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}
