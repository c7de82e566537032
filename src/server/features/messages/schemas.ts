import { z } from "@hono/zod-openapi";
import { ROLES } from "../../../domain/roles";

// The messages domain's response bodies: messages in a box and one in full, the people one may
// write to, the unread count.

const PartySchema = z
  .object({ id: z.string(), fullName: z.string(), organizationName: z.string() })
  .openapi("MessageParty");

const messageFields = {
  id: z.string(),
  subject: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
  sender: PartySchema,
  recipient: PartySchema,
};

/** A message in a list: a preview instead of the content. */
export const MessageItemSchema = z
  .object({ ...messageFields, preview: z.string().openapi({ description: "The content's first characters" }) })
  .openapi("MessageItem");

export const MessageSchema = z.object({ ...messageFields, content: z.string() }).openapi("Message");

/** A message sent. */
export const MessageSentSchema = z.object({ message: z.literal("Message sent"), item: MessageSchema });

/** How many messages to the signed-in user are unread. */
export const UnreadCountSchema = z.object({ unread: z.number().int() });

const RecipientSchema = PartySchema.extend({ role: z.enum(ROLES).nullable() }).openapi("MessageRecipient");

/** The people the signed-in user may write to, by name. */
export const RecipientListSchema = z.object({ items: z.array(RecipientSchema) });
