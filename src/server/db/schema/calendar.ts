import { sql } from "drizzle-orm";
import { check, index, integer, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { organizations } from "./organizations";
import { placements } from "./placements";

const ts = (name: string) => timestamp(name, { withTimezone: true });

// Calendars (issue 15). Most events are derived from the data (rotations, placement dates,
// application deadlines, compliance expiries) and never stored twice; only what a coordinator adds
// by hand (orientation days, site visits) lives here, with the private feed tokens.

/** Who sees an event a coordinator added: their organization only, its students, or one placement's students. */
export const calendarAudienceEnum = pgEnum("calendar_audience", ["organization", "students", "placement"]);

export const calendarEvents = pgTable(
  "calendar_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The program or facility whose coordinators added it and manage it. */
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    /** orientation, site_visit, meeting, other (src/domain/calendar.ts). */
    category: text("category").notNull().default("other"),
    description: text("description").notNull().default(""),
    location: text("location").notNull().default(""),
    /** The first occurrence; each later one keeps its wall-clock time in `time_zone`. */
    startsAt: ts("starts_at").notNull(),
    endsAt: ts("ends_at").notNull(),
    /** IANA time zone the event was planned in (feeds carry it as TZID). */
    timeZone: text("time_zone").notNull(),
    /** An RFC 5545 RRULE (weekly, with COUNT or UNTIL), or null for a single event. */
    recurrence: text("recurrence"),
    /** The end of the last occurrence: what a range query filters on. */
    lastEndsAt: ts("last_ends_at").notNull(),
    audience: calendarAudienceEnum("audience").notNull().default("organization"),
    placementId: uuid("placement_id").references(() => placements.id, { onDelete: "cascade" }),
    /** RFC 5545 SEQUENCE: raised on every change so subscribers replace their copy. */
    sequence: integer("sequence").notNull().default(0),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check("calendar_events_order", sql`${t.endsAt} > ${t.startsAt} and ${t.lastEndsAt} >= ${t.endsAt}`),
    check("calendar_events_placement", sql`(${t.audience} = 'placement') = (${t.placementId} is not null)`),
    index("calendar_events_org_idx").on(t.organizationId, t.startsAt),
    index("calendar_events_range_idx").on(t.startsAt, t.lastEndsAt),
    index("calendar_events_placement_idx").on(t.placementId),
  ],
);

/**
 * A user's private iCalendar feed (`/api/calendar/feeds/{token}.ics`). Only the token's SHA-256 is
 * kept: the URL is shown once. A feed shows what its owner may see when it is read.
 */
export const calendarFeeds = pgTable(
  "calendar_feeds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    label: text("label").notNull().default(""),
    createdAt: ts("created_at").notNull().defaultNow(),
    lastUsedAt: ts("last_used_at"),
    revokedAt: ts("revoked_at"),
  },
  (t) => [index("calendar_feeds_user_idx").on(t.userId, t.createdAt)],
);
