import { createHash, randomBytes } from "node:crypto";
import { and, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { addDays, type CalendarEvent } from "../../../domain/calendar";
import type { Db, DbOrTx } from "../../db/client";
import { users } from "../../db/schema/auth";
import { calendarEvents, calendarFeeds } from "../../db/schema/calendar";
import { isShutOut, loadViewer, type Scope, scopeOf } from "../../lib/access";
import type { Viewer } from "../../lib/context";
import { AppError, conflict, notFound } from "../../lib/errors";
import { buildCalendar, type SeriesStart } from "./ics";
import { CALENDAR_READERS } from "./routes";
import { listCalendarEvents } from "./service";

// Private iCalendar feeds (issue 15). A feed is a long random token in a URL that calendar apps
// poll without a cookie; only the token's SHA-256 is kept, so the URL is shown once, and a lookup
// by hash takes the same path for every wrong token. A feed shows what its owner may see when it is
// read: their roles, organization and student record are read afresh each time, so someone who
// lost their role or membership gets an empty calendar, never their old view.

/** Active (not revoked) feeds one user may have at once. */
export const FEED_LIMIT = 10;
/** What a feed covers: from 60 days back to 400 days ahead. */
export const FEED_DAYS_BACK = 60;
export const FEED_DAYS_AHEAD = 400;
export const FEED_LABEL_MAX = 100;

/** Reads of one feed per window; calendar apps poll every hour or so and retry a few times. */
export const FEED_READ_LIMIT = { max: 60, windowMs: 10 * 60_000 } as const;
/** Unknown tokens one address may try per window; beyond, unknown ones get 429 (valid feeds still answer). */
export const FEED_MISS_LIMIT = { max: 120, windowMs: 10 * 60_000 } as const;
/** last_used_at is written at most this often per feed (every poll would be a write). */
const LAST_USED_EVERY = "1 minute";

/** 32 random bytes as base64url: 43 characters. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
export const feedUrl = (appUrl: string, token: string) =>
  `${appUrl.replace(/\/+$/, "")}/api/calendar/feeds/${token}.ics`;

export type FeedView = {
  id: string;
  label: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
};

const feedColumns = {
  id: calendarFeeds.id,
  label: calendarFeeds.label,
  createdAt: calendarFeeds.createdAt,
  lastUsedAt: calendarFeeds.lastUsedAt,
  revokedAt: calendarFeeds.revokedAt,
};

const view = (row: { id: string; label: string; createdAt: Date; lastUsedAt: Date | null; revokedAt: Date | null }) =>
  ({
    id: row.id,
    label: row.label,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  }) satisfies FeedView;

/** The caller's feeds, newest first (revoked ones too, so they can see what they revoked). Never a token. */
export async function listFeeds(db: Db, viewer: Viewer): Promise<FeedView[]> {
  const rows = await db
    .select(feedColumns)
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, viewer.userId))
    .orderBy(desc(calendarFeeds.createdAt), desc(calendarFeeds.id));
  return rows.map(view);
}

/**
 * A new feed for the caller: its URL is in this answer and nowhere else afterwards. At most
 * FEED_LIMIT active feeds (409 beyond), counted under a per-user lock so simultaneous requests
 * cannot pass it together.
 */
export async function createFeed(
  db: Db,
  viewer: Viewer,
  label: string,
  appUrl: string,
): Promise<FeedView & { url: string }> {
  const token = randomBytes(32).toString("base64url");
  const row = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`calendar-feeds:${viewer.userId}`}, 0))`);
    const [{ n }] = await tx
      .select({ n: count() })
      .from(calendarFeeds)
      .where(and(eq(calendarFeeds.userId, viewer.userId), isNull(calendarFeeds.revokedAt)));
    if (n >= FEED_LIMIT) {
      throw conflict(`You have ${FEED_LIMIT} calendar feeds: revoke one you no longer use before adding another`);
    }
    const [created] = await tx
      .insert(calendarFeeds)
      .values({ userId: viewer.userId, tokenHash: hashToken(token), label })
      .returning(feedColumns);
    return created;
  });
  return { ...view(row), url: feedUrl(appUrl, token) };
}

/** Revokes one of the caller's feeds (another user's: 404); revoking it again changes nothing. */
export async function revokeFeed(db: Db, viewer: Viewer, id: string): Promise<FeedView> {
  const mine = and(eq(calendarFeeds.id, id), eq(calendarFeeds.userId, viewer.userId));
  const [revoked] = await db
    .update(calendarFeeds)
    .set({ revokedAt: sql`coalesce(${calendarFeeds.revokedAt}, now())` })
    .where(mine)
    .returning(feedColumns);
  if (!revoked) throw notFound("Feed");
  return view(revoked);
}

// ---- Reading a feed (public, by token) ----

const RATE_LIMITED = "Too many requests for this calendar feed. Please try again later.";

/**
 * Counts one hit on `key` in a fixed window and returns the count so far, in one statement shared
 * by every instance (the rate_limits table Better Auth keeps its own limits in; our keys have a
 * prefix of their own, and `last_request` holds the window's start).
 */
async function hit(db: Db, key: string, windowMs: number): Promise<{ count: number; resetAt: number }> {
  const now = Date.now();
  const rows = (await db.execute(sql`
    insert into rate_limits (id, key, count, last_request) values (${key}, ${key}, 1, ${now})
    on conflict (key) do update set
      count = case when rate_limits.last_request <= ${now - windowMs} then 1 else rate_limits.count + 1 end,
      last_request = case when rate_limits.last_request <= ${now - windowMs} then ${now} else rate_limits.last_request end
    returning count, last_request`)) as unknown as { rows: { count: number; last_request: string | number }[] };
  const [row] = rows.rows;
  return { count: Number(row.count), resetAt: Number(row.last_request) + windowMs };
}

/** A 429 in the envelope, with the seconds until the window ends (calendar apps honour Retry-After). */
export class FeedRateLimited extends AppError {
  constructor(public retryAfterSeconds: number) {
    super("rate_limited", RATE_LIMITED, 429);
  }
}
const limited = (resetAt: number) => new FeedRateLimited(Math.max(1, Math.ceil((resetAt - Date.now()) / 1000)));

/** Recurring events' first occurrences, in one read (the list gives those in range only). */
async function seriesStarts(db: DbOrTx, events: readonly CalendarEvent[]): Promise<Map<string, SeriesStart>> {
  const ids = [...new Set(events.filter((e) => e.recurrence && e.eventId).map((e) => e.eventId as string))];
  const byEventId = new Map<string, SeriesStart>();
  if (ids.length > 0) {
    const rows = await db
      .select({ id: calendarEvents.id, start: calendarEvents.startsAt, end: calendarEvents.endsAt })
      .from(calendarEvents)
      .where(inArray(calendarEvents.id, ids));
    for (const r of rows) byEventId.set(r.id, { start: r.start.toISOString(), end: r.end.toISOString() });
  }
  const byId = new Map<string, SeriesStart>();
  for (const e of events) {
    const s = e.eventId ? byEventId.get(e.eventId) : undefined;
    if (s) byId.set(e.id, s);
  }
  return byId;
}

/** The calendar's name in calendar apps: the organization it speaks for, else the person. */
export const calendarName = (viewer: Viewer, scope: Scope) =>
  scope.kind === "all" ? "All organizations" : (viewer.organization?.name ?? viewer.name);

/** What the owner may see now: nothing for a shut-out organization's member or a user without standing. */
export function feedScope(viewer: Viewer): Scope {
  if (isShutOut(viewer)) return { kind: "none" };
  return scopeOf(viewer, CALENDAR_READERS);
}

/** The iCalendar text of `events` for a scope (feeds and single events share it). */
export async function icsFor(
  db: DbOrTx,
  events: readonly CalendarEvent[],
  opts: { appUrl: string; name: string; scope: Scope },
): Promise<string> {
  const series = await seriesStarts(db, events);
  return buildCalendar(events, { appUrl: opts.appUrl, name: opts.name, area: opts.scope.kind, series }).toString();
}

export type FeedDeps = { db: Db; appUrl: string };

/**
 * The calendar behind a feed URL's last segment (`<token>.ics`), or 404 for an unknown, malformed
 * or revoked token; 429 beyond the limits (per feed, and per address for unknown tokens). An
 * address past the unknown-token limit still reads its valid feeds: one school behind one NAT
 * keeps its calendars while one of its machines guesses (a 256-bit token is not guessed anyway).
 */
export async function readFeed(
  deps: FeedDeps,
  file: string,
  address: string,
  opts: { today?: string } = {},
): Promise<string> {
  const { db } = deps;
  const token = file.endsWith(".ics") ? file.slice(0, -4) : "";
  const hash = hashToken(token);
  const [feed] = TOKEN.test(token)
    ? await db
        .select({
          id: calendarFeeds.id,
          revokedAt: calendarFeeds.revokedAt,
          owner: { id: users.id, email: users.email, name: users.name },
        })
        .from(calendarFeeds)
        .innerJoin(users, eq(users.id, calendarFeeds.userId))
        .where(eq(calendarFeeds.tokenHash, hash))
    : [];
  if (!feed || feed.revokedAt) {
    const misses = await hit(db, `calendar-feed-miss:${address}`, FEED_MISS_LIMIT.windowMs);
    if (misses.count > FEED_MISS_LIMIT.max) throw limited(misses.resetAt);
    throw notFound("Calendar feed");
  }
  const reads = await hit(db, `calendar-feed:${feed.id}`, FEED_READ_LIMIT.windowMs);
  if (reads.count > FEED_READ_LIMIT.max) throw limited(reads.resetAt);
  await db
    .update(calendarFeeds)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(calendarFeeds.id, feed.id),
        sql`(${calendarFeeds.lastUsedAt} is null or ${calendarFeeds.lastUsedAt} < now() - ${LAST_USED_EVERY}::interval)`,
      ),
    );
  // The owner as a viewer, built now: roles, memberships (the oldest is the active one: a feed has
  // no session to remember a choice) and student record. No session is read.
  const viewer = await loadViewer(db, { id: `feed:${feed.id}`, activeOrganizationId: null }, feed.owner);
  const scope = feedScope(viewer);
  const today = opts.today ?? new Date().toISOString().slice(0, 10);
  const events = await listCalendarEvents(
    db,
    scope,
    {
      from: addDays(today, -FEED_DAYS_BACK),
      to: addDays(today, FEED_DAYS_AHEAD),
      kinds: undefined,
      studentId: undefined,
      facilityId: undefined,
      departmentId: undefined,
      programId: undefined,
      specialty: undefined,
    },
    { today },
  );
  return icsFor(db, events, { appUrl: deps.appUrl, name: calendarName(viewer, scope), scope });
}
