import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { serverSettings } from "../db/schema/settings";

/**
 * AUTH_SECRET when configured; otherwise one generated on first start and kept in the database,
 * so every instance sharing the database signs sessions alike and restarts keep users signed in.
 */
export async function resolveAuthSecret(db: Db, configured?: string): Promise<string> {
  if (configured) return configured;
  await db
    .insert(serverSettings)
    .values({ key: "auth_secret", value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSettings).where(eq(serverSettings.key, "auth_secret"));
  return row.value;
}
