import { hc } from "hono/client";
import type { AppType } from "../../server/app";
import { withViewedStudent } from "./view-as-student";

export const api = hc<AppType>("/", {
  init: { credentials: "same-origin" },
  // An administrator viewing as a student: the student's own API gets the `?student=` they picked.
  fetch: (input: RequestInfo | URL, init?: RequestInit) => fetch(withViewedStudent(input), init),
});

export type ApiIssue = { path: string; message: string };

/** An error response of our API, in the one envelope of DESIGN.md. */
export class ApiError extends Error {
  constructor(
    public status: number,
    public code: string,
    message: string,
    public issues: ApiIssue[] = [],
    /** The envelope's `error` as sent, for codes that carry more (a 409 not_ready lists what is `missing`). */
    public detail: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

type Success<R> = R extends { ok: true; json(): Promise<infer T> } ? T : never;

/** Turns a response into its JSON, or throws the ApiError its envelope describes. */
export async function unwrap<R extends { ok: boolean; status: number; json(): Promise<unknown> }>(
  response: R,
): Promise<Success<R>> {
  if (response.ok) return (await response.json()) as Success<R>;
  type Envelope = { error?: { code?: string; message?: string; issues?: ApiIssue[] } & Record<string, unknown> };
  let body: Envelope | null = null;
  try {
    body = (await response.json()) as Envelope;
  } catch {
    // Not JSON: a proxy or network failure; fall through to a generic message.
  }
  const e = body?.error;
  throw new ApiError(
    response.status,
    e?.code ?? "http_error",
    e?.message ?? `Request failed (${response.status})`,
    e?.issues ?? [],
    e ?? {},
  );
}
