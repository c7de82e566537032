import type { Context } from "hono";

/** One CSV cell: quoted when needed; a leading = + - @ is neutralised so spreadsheets don't run it as a formula. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let s = value instanceof Date ? value.toISOString() : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(header: string[], rows: unknown[][]): string {
  return `${[header, ...rows].map((r) => r.map(csvCell).join(",")).join("\r\n")}\r\n`;
}

/** Sends a CSV download (UTF-8 with BOM, so Excel reads accents correctly). */
export function sendCsv(c: Context, filename: string, header: string[], rows: unknown[][]) {
  c.header("content-type", "text/csv; charset=utf-8");
  c.header("content-disposition", `attachment; filename="${filename}"`);
  return c.body(`\uFEFF${toCsv(header, rows)}`);
}
