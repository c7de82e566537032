// The study assistant's stream in the prototype's format (spec section 7), which is OpenAI's chat
// completion stream: each piece of the answer a `data:` line carrying `choices[0].delta.content`,
// a last chunk with `finish_reason: "stop"`, then `data: [DONE]`. An error after the stream began
// is a `data:` line with a body field `error`, as OpenAI sends it, so any OpenAI-compatible client
// (the `openai` package included) reads the answer and throws on the error.

export type ChunkMeta = { id: string; model: string; created: number; conversationId: string };

const line = (payload: unknown) => `data: ${JSON.stringify(payload)}\n\n`;

function chunk(meta: ChunkMeta, delta: { role?: "assistant"; content?: string }, finish: "stop" | null) {
  return line({
    id: meta.id,
    object: "chat.completion.chunk",
    created: meta.created,
    model: meta.model,
    conversation_id: meta.conversationId,
    choices: [{ index: 0, delta, finish_reason: finish }],
  });
}

export const sse = {
  /** The first chunk names the role, as OpenAI's does. */
  start: (meta: ChunkMeta) => chunk(meta, { role: "assistant", content: "" }, null),
  delta: (meta: ChunkMeta, content: string) => chunk(meta, { content }, null),
  stop: (meta: ChunkMeta) => chunk(meta, {}, "stop"),
  error: (message: string, code = "assistant_failed") => line({ error: { code, message } }),
  done: () => "data: [DONE]\n\n",
};

/** Text cut into small pieces (a few words each) so the page shows the answer growing. */
export function pieces(text: string, words = 3): string[] {
  const tokens = text.match(/\S+\s*|\s+/g) ?? [];
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i += words) out.push(tokens.slice(i, i + words).join(""));
  return out;
}
