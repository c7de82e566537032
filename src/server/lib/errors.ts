import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { REFUSAL_STATUS, type RuleRefusal } from "../../domain/refusals";

export type ErrorIssue = { path: string; message: string };
export type ErrorBody = { error: { code: string; message: string; issues?: ErrorIssue[]; missing?: string[] } };

/** The one error services throw; app.onError turns it into the envelope of DESIGN.md. */
export class AppError extends Error {
  constructor(
    public code: string,
    message: string,
    public status: ContentfulStatusCode = 400,
    public issues?: ErrorIssue[],
    /** Named details a refusal carries beside its message (not_ready: the requirements not met). */
    public details?: { missing?: string[] },
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

/** A business rule's refusal: its code names the rule, its status comes from the one table (ADR 003). */
export const refused = (code: RuleRefusal, message: string, issues?: ErrorIssue[]) =>
  new AppError(code, message, REFUSAL_STATUS[code], issues);

export function errorBody(code: string, message: string, issues?: ErrorIssue[]): ErrorBody {
  return { error: issues ? { code, message, issues } : { code, message } };
}

export function sendError(c: Context, err: AppError) {
  const body = errorBody(err.code, err.message, err.issues);
  if (err.details?.missing) body.error.missing = err.details.missing;
  return c.json(body, err.status);
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
 * Better Auth answers its errors as `{ code, message }`; every error under /api carries our envelope
 * and nothing else (ADR 003), so this maps Better Auth's answer into it: its upper-case code
 * lower-cased (INVALID_EMAIL_OR_PASSWORD → invalid_email_or_password), its message kept. The web
 * reads auth errors through authErrorMessage (web/lib/auth-client.ts), which reads the envelope; the
 * Better Auth client itself reads no field of an error body. A 5xx never shows what went wrong inside.
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
  // Already our envelope (the guards in front of Better Auth throw AppError-shaped answers).
  const inner =
    body.error && typeof body.error === "object"
      ? (body.error as Record<string, unknown>)
      : ({} as Record<string, unknown>);
  const pick = (key: "code" | "message") =>
    typeof inner[key] === "string" && inner[key]
      ? (inner[key] as string)
      : typeof body[key] === "string" && body[key]
        ? (body[key] as string)
        : null;
  const code =
    res.status >= 500 ? "internal" : (pick("code")?.toLowerCase() ?? CODE_BY_STATUS[res.status] ?? "http_error");
  const message = res.status >= 500 ? INTERNAL_MESSAGE : (pick("message") ?? (res.statusText || "Request failed"));
  const issues = res.status < 500 && Array.isArray(inner.issues) ? (inner.issues as ErrorIssue[]) : undefined;
  const headers = new Headers(res.headers);
  headers.delete("content-length");
  headers.set("content-type", "application/json");
  return new Response(JSON.stringify(errorBody(code, message, issues)), {
    status: res.status,
    statusText: res.statusText,
    headers,
  });
}
