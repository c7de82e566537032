// View As a student (issue 14): an administrator picks a student on the student's pages and the
// choice is `?student=<id>` in the address. Every call to the student's own API
// (`/api/me/student/*`) then carries it, and the server narrows the administrator to exactly that
// student, read only (lib/access.ts viewAsStudent). For anyone else the server ignores it.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The student named in the address, or null. */
export function viewedStudentId(search: string = typeof window === "undefined" ? "" : window.location.search) {
  const id = new URLSearchParams(search).get("student");
  return id && UUID.test(id) ? id : null;
}

/** A request to the student's own API, with the viewed student added (other requests as they are). */
export function withViewedStudent(input: RequestInfo | URL): RequestInfo | URL {
  const id = viewedStudentId();
  if (!id || typeof window === "undefined") return input;
  const raw = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
  const url = new URL(raw, window.location.origin);
  if (!url.pathname.startsWith("/api/me/student") || url.searchParams.has("student")) return input;
  url.searchParams.set("student", id);
  return input instanceof Request ? new Request(url, input) : url.pathname + url.search;
}
