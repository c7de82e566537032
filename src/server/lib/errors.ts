import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

export type ErrorIssue = { path: string; message: string };
export type ErrorBody = { error: { code: string; message: string; issues?: ErrorIssue[] } };

/** The one error services throw; app.onError turns it into the envelope of DESIGN.md. */
export class AppError extends Error {
  constructor(
    public code: string,
    message: string,
    public status: ContentfulStatusCode = 400,
    public issues?: ErrorIssue[],
  ) {
    super(message);
  }
}

export const notFound = (what = "Record") => new AppError("not_found", `${what} not found`, 404);
export const forbidden = (message = "You are not allowed to do this") => new AppError("forbidden", message, 403);
export const unauthorized = () => new AppError("unauthorized", "Please sign in to continue", 401);
export const conflict = (message: string) => new AppError("conflict", message, 409);
export const invalid = (issues: ErrorIssue[], message?: string) =>
  new AppError("invalid", message ?? issues.map((i) => `${i.path}: ${i.message}`).join("; "), 422, issues);

export function errorBody(code: string, message: string, issues?: ErrorIssue[]): ErrorBody {
  return { error: issues ? { code, message, issues } : { code, message } };
}

export function sendError(c: Context, err: AppError) {
  return c.json(errorBody(err.code, err.message, err.issues), err.status);
}

/** zod issues → our issues, with dotted paths naming the field. */
export function zodIssues(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): ErrorIssue[] {
  return issues.map((i) => ({ path: i.path.map(String).join(".") || "body", message: i.message }));
}

export const CODE_BY_STATUS: Record<number, string> = {
  400: "malformed",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  409: "conflict",
  413: "too_large",
  415: "unsupported_media_type",
  422: "invalid",
  429: "rate_limited",
};

/**
 * An error as the log may keep it: a failed query's message carries its parameters (session
 * tokens, emails, password hashes), so they are cut from the message, the stack and every cause.
 */
export function loggableError(err: unknown, depth = 0): Record<string, unknown> {
  const redact = (text: string) => text.replace(/(\bparams: )[^\n]*/g, "$1[redacted]");
  if (!(err instanceof Error)) return { message: redact(String(err)) };
  const out: Record<string, unknown> = { name: err.name, message: redact(err.message), stack: redact(err.stack ?? "") };
  const code = (err as { code?: unknown }).code;
  if (typeof code === "string") out.code = code;
  if (err.cause !== undefined && depth < 5) out.cause = loggableError(err.cause, depth + 1);
  return out;
}

/** Details a library logs beside its message, made safe to keep (see loggableError). */
export function loggableDetail(detail: unknown): unknown {
  if (detail instanceof Error) return loggableError(detail);
  if (detail === null || typeof detail !== "object") return detail;
  if (Array.isArray(detail)) return detail.map(loggableDetail);
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(detail)) {
    if (/^(params|password|token|secret|cookie|authorization)$/i.test(key)) out[key] = "[redacted]";
    else out[key] = loggableDetail(value);
  }
  return out;
}

export const INTERNAL_MESSAGE = "Something went wrong on our side. Please try again.";

/**
 * Better Auth answers its errors as `{ code, message }`. Every error under /api carries our envelope
 * (DESIGN.md), so this adds `error: { code, message }` and keeps the top-level fields that the
 * Better Auth client reads. A 5xx never shows what went wrong inside.
 */
export async function withErrorEnvelope(res: Response): Promise<Response> {
  if (res.status < 400) return res;
  let body: Record<string, unknown> = {};
  const text = await res.clone().text();
  if (text) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
    } catch {
      // Not JSON: the envelope below replaces it.
    }
  }
  const existing = body.error;
  if (existing && typeof existing === "object" && "code" in existing && "message" in existing && res.status < 500)
    return res;
  const code =
    res.status >= 500
      ? "internal"
      : typeof body.code === "string" && body.code
        ? body.code.toLowerCase()
        : (CODE_BY_STATUS[res.status] ?? "http_error");
  const message =
    res.status >= 500
      ? INTERNAL_MESSAGE
      : typeof body.message === "string" && body.message
        ? body.message
        : res.statusText || "Request failed";
  const headers = new Headers(res.headers);
  headers.delete("content-length");
  headers.set("content-type", "application/json");
  const envelope =
    res.status >= 500 ? { ...errorBody(code, message), message } : { ...body, ...errorBody(code, message), message };
  return new Response(JSON.stringify(envelope), { status: res.status, statusText: res.statusText, headers });
}
