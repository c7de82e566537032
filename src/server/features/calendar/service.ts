import type { CalendarEvent, CalendarEventKind, CalendarQuery } from "../../../domain/calendar";
import type { DbOrTx } from "../../db/client";
import type { Scope } from "../../lib/access";
import { notFound } from "../../lib/errors";
import { today as todayIso } from "../compliance/records";
import { customEvents } from "./custom-events";
import { type DeriveFilter, deadlineEvents, expiryEvents, filterOf, placementEvents, rotationEvents } from "./derive";

// The one calendar read (issue 15, ADR 020): the page, the dashboard's upcoming events and the
// subscribed feeds all call listCalendarEvents, so a subscribed calendar shows what the page does.
// Each kind is one query (plus two bulk reads for rotation conflicts); the scope decides whose
// records each reads (D1), the query's filters narrow them.

export type CalendarOptions = {
  /** The day conflicts and "not ended" are judged on (YYYY-MM-DD); tests fix it. Default: today (UTC). */
  today?: string;
};

type Loader = (db: DbOrTx, scope: Scope, f: DeriveFilter) => Promise<CalendarEvent[]>;

const LOADERS: Record<CalendarEventKind, Loader> = {
  rotation: rotationEvents,
  placement: placementEvents,
  deadline: deadlineEvents,
  expiry: expiryEvents,
  custom: customEvents,
};

/** Sorted by start, then kind and id, so lists and feeds are stable. */
const byStart = (a: CalendarEvent, b: CalendarEvent) =>
  a.start.localeCompare(b.start) || a.kind.localeCompare(b.kind) || a.id.localeCompare(b.id);

/** Every event the scope may see that overlaps the query's days, narrowed by its filters. */
export async function listCalendarEvents(
  db: DbOrTx,
  scope: Scope,
  q: CalendarQuery,
  opts: CalendarOptions = {},
): Promise<CalendarEvent[]> {
  if (scope.kind === "none") return [];
  const f = filterOf(q, opts.today ?? todayIso());
  const kinds = q.kinds?.length ? q.kinds : (Object.keys(LOADERS) as CalendarEventKind[]);
  const lists = await Promise.all(kinds.map((k) => LOADERS[k](db, scope, f)));
  return lists.flat().sort(byStart);
}

const EVENT_ID =
  /^(rotation|placement|deadline|expiry|event)-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** One event by its stable id (the feed's UID), or 404 when it does not exist or the caller may not see it. */
export async function findCalendarEvent(
  db: DbOrTx,
  scope: Scope,
  id: string,
  opts: CalendarOptions = {},
): Promise<CalendarEvent> {
  const m = EVENT_ID.exec(id);
  if (!m || scope.kind === "none") throw notFound("Event");
  const kind = (m[1] === "event" ? "custom" : m[1]) as CalendarEventKind;
  const [found] = await LOADERS[kind](db, scope, { recordId: m[2].toLowerCase(), today: opts.today ?? todayIso() });
  if (!found) throw notFound("Event");
  return found;
}
