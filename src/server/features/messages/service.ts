import { and, count, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { messages } from "../../db/schema/messages";

export async function unreadCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .where(and(eq(messages.recipientId, userId), eq(messages.read, false)));
  return row.n;
}
