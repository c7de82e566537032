// One CSV cell, the same in every export (server downloads and the browser's chart files).

/** A leading = + - @ tab or CR makes a spreadsheet read the cell as a formula: such a cell gets a ' first. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Quoted whenever a spreadsheet could split or end the cell there: a separator it may be set to use
 * (`,` `;` tab), a quote or a line break. Otherwise `Smith;=1+1` opens as a second cell `=1+1`.
 */
const NEEDS_QUOTES = /[",;\t\r\n]/;

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let s = value instanceof Date ? value.toISOString() : String(value);
  if (FORMULA_START.test(s)) s = `'${s}`;
  return NEEDS_QUOTES.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One line of cells, without its line break. */
export function csvRow(cells: readonly unknown[]): string {
  return cells.map(csvCell).join(",");
}
