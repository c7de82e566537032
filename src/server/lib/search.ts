/**
 * An ILIKE pattern matching `term` anywhere: `%`, `_` and `\` in what the user typed are literal
 * characters, not wildcards (PostgreSQL's default LIKE escape is the backslash).
 */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}
