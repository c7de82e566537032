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
