import OpenAI, { APIError } from "openai";

// The optional model mode (issue 13, PRODUCT.md D12): an OpenAI-compatible endpoint rewords the
// engine's reasons, nothing else. Scores and order stay the engine's. The model is sent only the
// placements' titles and the engine's sentences, never the student's name, email, GPA or records.
// Its answer is used only when it is one plain sentence per placement, in order; anything else
// (an error, a timeout, a malformed answer) leaves the engine's words. A 429 or a 402 from the
// model is the prototype's rate-limit or credits path (spec section 8): the caller says so.

export type ModelConfig = { baseURL: string; apiKey: string; model: string; timeoutMs: number };

/** The model refused for a reason the user is told: too many requests (429) or no credits (402). */
export class ModelLimitError extends Error {
  constructor(public status: 429 | 402) {
    super(status === 429 ? "The language model is rate limited" : "The language model has no credits left");
  }
}

/** Why the engine's words were kept: logged, never shown. */
export class ModelUnusableError extends Error {}

export type RewordItem = { title: string; facility: string; reason: string };
export type Voice = "student" | "coordinator";

/** Longest reworded reason taken (the engine's are shorter). */
const MAX_REASON = 280;

const SYSTEM = [
  "You rewrite short explanations of why a clinical placement was recommended to a nursing student.",
  "Keep every fact of each explanation and add none: no new qualities, places, dates or promises.",
  "Write one plain, friendly sentence per placement, at most 200 characters, without quotation marks.",
  'Answer with JSON only, exactly {"reasons": ["...", "..."]}: one reason per placement, in the order given.',
].join(" ");

export function createModelClient(config: ModelConfig) {
  const client = new OpenAI({
    baseURL: config.baseURL,
    apiKey: config.apiKey,
    timeout: config.timeoutMs,
    // One try: a slow or failing model falls back to the engine's words at once.
    maxRetries: 0,
  });
  return {
    model: config.model,
    /** The reasons reworded, one per item in order; throws ModelLimitError or ModelUnusableError. */
    async reword(items: readonly RewordItem[], voice: Voice): Promise<string[]> {
      const audience =
        voice === "student" ? "the student (say 'you')" : "the student's program coordinator (say 'they')";
      let content: string | null | undefined;
      try {
        const completion = await client.chat.completions.create({
          model: config.model,
          temperature: 0.2,
          messages: [
            { role: "system", content: SYSTEM },
            {
              role: "user",
              content: JSON.stringify({
                audience,
                placements: items.map((i) => ({ placement: `${i.title} at ${i.facility}`, reason: i.reason })),
              }),
            },
          ],
        });
        content = completion.choices?.[0]?.message?.content;
      } catch (err) {
        if (err instanceof APIError && (err.status === 429 || err.status === 402)) {
          throw new ModelLimitError(err.status);
        }
        throw new ModelUnusableError(err instanceof Error ? `${err.name}: ${err.message}` : String(err));
      }
      return readReasons(content, items.length);
    },
  };
}

export type ModelClient = ReturnType<typeof createModelClient>;

/** The model's answer as reasons, or ModelUnusableError: JSON with exactly `count` plain sentences. */
export function readReasons(content: string | null | undefined, count: number): string[] {
  if (typeof content !== "string") throw new ModelUnusableError("no content");
  // Some models wrap JSON in a code fence or a sentence: take the outermost object.
  const start = content.indexOf("{");
  const end = content.lastIndexOf("}");
  if (start < 0 || end <= start) throw new ModelUnusableError("no JSON object");
  let parsed: unknown;
  try {
    parsed = JSON.parse(content.slice(start, end + 1));
  } catch {
    throw new ModelUnusableError("invalid JSON");
  }
  const reasons = (parsed as { reasons?: unknown })?.reasons;
  if (!Array.isArray(reasons) || reasons.length !== count) throw new ModelUnusableError("wrong number of reasons");
  return reasons.map((r) => {
    if (typeof r !== "string") throw new ModelUnusableError("a reason is not text");
    const text = r.replace(/\s+/g, " ").trim();
    if (!text || text.length > MAX_REASON) throw new ModelUnusableError("a reason is empty or too long");
    if (/[<>]|https?:\/\//i.test(text)) throw new ModelUnusableError("a reason carries markup or a link");
    return text;
  });
}
