import type { DbOrTx } from "../db/client";
import { messages } from "../db/schema/messages";

// Messages between two users, as the demo world and the tests make them.

type MessageRow = typeof messages.$inferInsert;
export type MessageValues = Partial<Omit<MessageRow, "senderId" | "recipientId">>;

/** A message from `senderId` to `recipientId`, unread unless told otherwise. */
export function messageRow(senderId: string, recipientId: string, values: MessageValues = {}): MessageRow {
  return { subject: "Hello", content: "A message", read: false, ...values, senderId, recipientId };
}

export async function createMessage(db: DbOrTx, senderId: string, recipientId: string, values: MessageValues = {}) {
  const [row] = await db
    .insert(messages)
    .values(messageRow(senderId, recipientId, values))
    .returning();
  return row;
}
