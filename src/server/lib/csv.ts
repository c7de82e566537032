import type { Context } from "hono";
import { csvRow } from "../../domain/csv-cell";

/** The one cell rule (quoting and formula neutralisation), for writers that build their own lines. */
export { csvCell } from "../../domain/csv-cell";

export function toCsv(header: string[], rows: unknown[][]): string {
  return `${[header, ...rows].map(csvRow).join("\r\n")}\r\n`;
}

/** Sends a CSV download (UTF-8 with BOM, so Excel reads accents correctly). */
export function sendCsv(c: Context, filename: string, header: string[], rows: unknown[][]) {
  c.header("content-type", "text/csv; charset=utf-8");
  c.header("content-disposition", `attachment; filename="${filename}"`);
  return c.body(`\uFEFF${toCsv(header, rows)}`);
}
