import { formatDate } from "@/web/lib/format";

export { CATEGORY_LABELS } from "@/web/components/requirements-checklist";

/** "Expires in 12 days", "Expires today", "Expired 3 days ago". */
export function daysToExpiryText(days: number | null): string | null {
  if (days === null) return null;
  if (days === 0) return "Expires today";
  if (days > 0) return `Expires in ${days} day${days === 1 ? "" : "s"}`;
  const ago = -days;
  return `Expired ${ago} day${ago === 1 ? "" : "s"} ago`;
}

export const optionalDate = (value: string | null, none = "Not given") => (value ? formatDate(value) : none);

/** "1.2 MB", "340 KB". */
export function fileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

export const studentName = (s: { firstName: string; lastName: string }) => `${s.firstName} ${s.lastName}`;
