import type { Context } from "hono";

// A stored file sent to a browser that may read it: shown inline where the browser can, but never
// as a page of ours (sandboxed, no sniffing, not cached) — as the agreements' signed document is.

export function sendResourceFile(c: Context, file: { fileName: string; contentType: string; bytes: Uint8Array }) {
  const ascii = file.fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  c.header("content-type", file.contentType);
  c.header("content-disposition", `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`);
  c.header("x-content-type-options", "nosniff");
  c.header(
    "content-security-policy",
    "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; object-src 'self'",
  );
  c.header("cache-control", "private, no-store");
  c.header("x-frame-options", "SAMEORIGIN");
  c.header("content-length", String(file.bytes.byteLength));
  return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200) as never;
}
