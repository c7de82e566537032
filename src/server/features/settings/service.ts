import { sql } from "drizzle-orm";
import type { z } from "zod";
import {
  type PlatformSettings,
  SETTING_INFO,
  SETTING_KEYS,
  type SettingKey,
  type settingsUpdateSchema,
} from "../../../domain/platform-settings";
import { platformSettings } from "../../db/schema/settings";
import type { Deps, Viewer } from "../../lib/context";
import { settingsChanges } from "./store";

type Update = z.output<typeof settingsUpdateSchema>;

export async function getSettings(deps: Deps) {
  const [values, changes] = await Promise.all([deps.settings.get(), settingsChanges(deps.db)]);
  return { values, changes };
}

/**
 * Writes the keys that change (one upsert each, in one transaction) and answers the new settings
 * with what changed before and after, for the audit trail. The database announces the change to
 * every instance; this one drops its copy at once.
 */
export async function updateSettings(deps: Deps, viewer: Viewer, update: Update) {
  const before = await deps.settings.get();
  const changed = SETTING_KEYS.filter(
    (k) => update[k] !== undefined && JSON.stringify(update[k]) !== JSON.stringify(before[k]),
  );
  if (changed.length > 0) {
    await deps.db.transaction(async (tx) => {
      for (const key of changed) {
        await tx
          .insert(platformSettings)
          .values({ key, value: update[key], updatedBy: viewer.userId, updatedAt: new Date() })
          .onConflictDoUpdate({
            target: platformSettings.key,
            set: { value: sql`excluded.value`, updatedBy: viewer.userId, updatedAt: new Date() },
          });
      }
    });
    deps.settings.invalidate();
  }
  const after = await deps.settings.get();
  const pick = (s: PlatformSettings) => Object.fromEntries(changed.map((k) => [k, s[k]]));
  return {
    changed,
    before: pick(before),
    after: pick(after),
    summary:
      changed.length === 0
        ? "Saved platform settings (nothing changed)"
        : `Changed platform settings: ${changed.map((k: SettingKey) => SETTING_INFO[k].label).join(", ")}`,
  };
}
