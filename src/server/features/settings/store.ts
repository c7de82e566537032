import { eq } from "drizzle-orm";
import {
  type PlatformSettings,
  SETTING_DEFAULTS,
  SETTING_KEYS,
  type SettingKey,
  settingSchemas,
} from "../../../domain/platform-settings";
import type { Db } from "../../db/client";
import { users } from "../../db/schema/auth";
import { platformSettings } from "../../db/schema/settings";
import type { Logger } from "../../lib/logger";
import type { Realtime } from "../../lib/realtime";

// The platform settings as the code reads them: one cached copy per app instance, dropped when the
// database announces a change on portal_broadcast ({ topic: "settings" }, drizzle/0015) or when the
// LISTEN connection was lost ({ topic: "*" }). Every instance therefore reads a change at once,
// without a restart. While this instance does not hear announcements, nothing is cached.

export type SettingsStore = {
  /** The effective settings: stored values, defaults for the rest. */
  get(): Promise<PlatformSettings>;
  /** Drops this instance's copy (after its own write, before the announcement arrives). */
  invalidate(): void;
};

export function createSettingsStore(opts: {
  db: Db;
  realtime: Pick<Realtime, "onBroadcast" | "hearsViewerChanges">;
  log: Logger;
  /** Defaults that depend on the environment (the sender name in MAIL_FROM). */
  defaults?: Partial<PlatformSettings>;
}): SettingsStore {
  const defaults = { ...SETTING_DEFAULTS, ...opts.defaults };
  let cached: Promise<PlatformSettings> | null = null;
  opts.realtime.onBroadcast((m) => {
    if (m.topic === "settings" || m.topic === "*") cached = null;
  });
  return {
    get() {
      if (cached) return cached;
      const loading = readSettings(opts.db, defaults, opts.log);
      // The same broadcast LISTEN connection carries viewer changes: hearing one is hearing the other.
      if (opts.realtime.hearsViewerChanges()) {
        cached = loading;
        loading.catch(() => {
          if (cached === loading) cached = null;
        });
      }
      return loading;
    },
    invalidate() {
      cached = null;
    },
  };
}

/** Stored rows over the defaults; a stored value that no longer validates is ignored (and logged). */
export async function readSettings(db: Db, defaults: PlatformSettings, log?: Logger): Promise<PlatformSettings> {
  const rows = await db.select({ key: platformSettings.key, value: platformSettings.value }).from(platformSettings);
  const out: Record<string, unknown> = { ...defaults };
  for (const row of rows) {
    if (!(SETTING_KEYS as string[]).includes(row.key)) continue;
    const parsed = settingSchemas[row.key as SettingKey].safeParse(row.value);
    if (parsed.success) out[row.key] = parsed.data;
    else log?.warn({ key: row.key }, "stored platform setting is invalid: its default applies");
  }
  return out as PlatformSettings;
}

/** When each stored key was last changed, and by whom. */
export async function settingsChanges(db: Db) {
  const rows = await db
    .select({ key: platformSettings.key, updatedAt: platformSettings.updatedAt, by: users.name })
    .from(platformSettings)
    .leftJoin(users, eq(users.id, platformSettings.updatedBy));
  return Object.fromEntries(
    rows.map((r) => [r.key, { updatedAt: r.updatedAt.toISOString(), updatedBy: r.by ?? null }]),
  ) as Partial<Record<SettingKey, { updatedAt: string; updatedBy: string | null }>>;
}

/** "Clinical Placement Portal <no-reply@x>" → its address; a bare address is kept as is. */
export function mailAddressOf(from: string): string {
  const m = /<([^>]+)>\s*$/.exec(from);
  return (m ? m[1] : from).trim();
}

/** The display name in MAIL_FROM, when it has one. */
export function mailNameOf(from: string): string | null {
  const m = /^\s*"?([^"<]*?)"?\s*<[^>]+>\s*$/.exec(from);
  return m?.[1] ? m[1] : null;
}

/** The From header: the setting's display name with MAIL_FROM's address. */
export function senderFrom(mailFrom: string, name: string): string {
  return `"${name}" <${mailAddressOf(mailFrom)}>`;
}
