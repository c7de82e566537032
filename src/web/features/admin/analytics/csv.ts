// A chart's data as a CSV file, made in the browser from the rows the chart shows (the same figures,
// no second request). Cells by the same rule as the server's exports (csvCell).

import { csvRow } from "@/domain/csv-cell";

export type CsvColumn<R> = { header: string; value: (row: R) => string | number | null };

export function toCsv<R>(columns: readonly CsvColumn<R>[], rows: readonly R[]): string {
  const lines = [columns.map((c) => c.header), ...rows.map((r) => columns.map((c) => c.value(r)))];
  return `${lines.map(csvRow).join("\r\n")}\r\n`;
}

/** Saves `csv` as `filename` (UTF-8 with BOM, so Excel reads accents correctly). */
export function saveCsv(filename: string, csv: string) {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([`\uFEFF${csv}`], { type: "text/csv;charset=utf-8" }));
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 0);
}
