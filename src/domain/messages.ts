import { z } from "zod";

// Messages between the portal's people (spec sections 3 and 5): the new-message contract shared by
// the compose dialog and the API, and the reply rules.

export const MESSAGE_BOXES = ["inbox", "sent"] as const;
export type MessageBox = (typeof MESSAGE_BOXES)[number];

export const MESSAGE_SUBJECT_MAX = 200;
export const MESSAGE_CONTENT_MAX = 10_000;

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max.toLocaleString("en-US")} characters`);

/** New message: recipient, subject and content all required (spec section 5). */
export const messageInputSchema = z.object({
  recipientId: required("Recipient", 100),
  subject: required("Subject", MESSAGE_SUBJECT_MAX),
  content: required("Content", MESSAGE_CONTENT_MAX),
});
export type MessageInput = z.input<typeof messageInputSchema>;
export type MessageValues = z.output<typeof messageInputSchema>;

/** 'Re: subject' for a reply; a subject that already starts with 'Re:' is kept as it is. */
export function replySubject(subject: string): string {
  const s = subject.trim();
  const re = /^re:/i.test(s) ? s : `Re: ${s}`;
  return re.length > MESSAGE_SUBJECT_MAX ? re.slice(0, MESSAGE_SUBJECT_MAX) : re;
}
