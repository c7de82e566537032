import { ApiError } from "@/web/lib/api-client";
import { toastError } from "@/web/lib/api-errors";

/** Downloads a file from our API (for CSV exports), toasting the server's message on failure. */
export async function downloadFile(url: string, filename: string) {
  const res = await fetch(url, { credentials: "same-origin" });
  if (!res.ok) {
    let message = `Export failed (${res.status})`;
    try {
      message = ((await res.json()) as { error?: { message?: string } }).error?.message ?? message;
    } catch {
      // Not our envelope: keep the generic message.
    }
    toastError(new ApiError(res.status, "export_failed", message));
    return;
  }
  const blob = await res.blob();
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = filename;
  link.click();
  URL.revokeObjectURL(link.href);
}

/** A query string from the defined values of an object. */
export function queryString(values: Record<string, string | number | boolean | undefined | null>) {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) if (v !== undefined && v !== null && v !== "") p.set(k, String(v));
  const s = p.toString();
  return s ? `?${s}` : "";
}
