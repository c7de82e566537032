// A chart's data as a CSV file, made in the browser from the rows the chart shows (the same figures,
// no second request). Cells as the server's exports write them: quoted when needed, and a leading
// = + - @ neutralised so a spreadsheet does not run it as a formula.

export type CsvColumn<R> = { header: string; value: (row: R) => string | number | null };

function cell(value: string | number | null): string {
  if (value === null) return "";
  let s = String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv<R>(columns: readonly CsvColumn<R>[], rows: readonly R[]): string {
  const lines = [columns.map((c) => cell(c.header)), ...rows.map((r) => columns.map((c) => cell(c.value(r))))];
  return `${lines.map((l) => l.join(",")).join("\r\n")}\r\n`;
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
