import type { AuditEntry } from "./audit-api";

// How an audit entry reads for people: "Maria Lopez approved an application".

const IRREGULAR: Record<string, string> = {
  send: "sent",
  withdraw: "withdrew",
  put: "put",
  set: "set",
  submit: "submitted",
  email: "emailed",
  act: "acted",
};

/** "Approve" → "approved", "Deny" → "denied"; a word already in the past is kept. */
function past(verb: string): string {
  const w = verb.toLowerCase();
  if (IRREGULAR[w]) return IRREGULAR[w];
  if (w.endsWith("ed")) return w;
  if (w.endsWith("e")) return `${w}d`;
  if (/[^aeiou]y$/.test(w)) return `${w.slice(0, -1)}ied`;
  // One syllable ending in one vowel and one consonant doubles it: "log" → "logged", "ban" → "banned".
  if (/^[^aeiou]*[aeiou][bdglmnprt]$/.test(w)) return `${w}${w.at(-1)}ed`;
  return `${w}ed`;
}

/** The summary's first clause, its verbs in the past: "Edit a placement (capacity…)" → "edited a placement". */
export function pastSummary(summary: string): string {
  const clause = summary.split(/ \(|: |; /)[0].trim();
  const words = clause.split(" ");
  if (words.length === 0 || !/^[A-Z][a-z]+$/.test(words[0])) return clause;
  words[0] = past(words[0]);
  // "Approve or deny an access request": both verbs.
  if (words[1] === "or" && words[2] && /^[a-z]+$/.test(words[2])) words[2] = past(words[2]);
  return words.join(" ");
}

/** Who acted, by name when known. */
export const actorLabel = (e: Pick<AuditEntry, "actorName" | "actorEmail" | "action">) =>
  e.actorName ?? e.actorEmail ?? (e.action === "auth.sign_in_failed" ? "Someone" : "The system");

/** "Maria Lopez approved an application". */
export const sentenceOf = (e: AuditEntry) => `${actorLabel(e)} ${pastSummary(e.summary)}`;

/** Record kinds in words. */
export const RECORD_LABELS: Record<string, string> = {
  applications: "Application",
  students: "Student",
  placements: "Placement",
  organizations: "Organization",
  users: "Account",
  messages: "Message",
  compliance: "Compliance document",
  departments: "Department",
  "access-requests": "Access request",
  "roster-claims": "Roster claim",
  invitations: "Invitation",
  matching: "Match run",
  accounts: "Account",
  settings: "Setting",
};

export const recordLabel = (type: string | null) =>
  type ? (RECORD_LABELS[type] ?? type.replace(/[-_]/g, " ").replace(/^./, (c) => c.toUpperCase())) : "";

/** Where a record has a page: students, placements (the search), organizations (their admin detail pages). */
export function recordHref(e: Pick<AuditEntry, "entityType" | "entityId" | "recordName" | "recordKind">) {
  if (!e.entityId || !e.recordName) return null; // gone, or never had a page
  if (e.entityType === "students") return `/students/${e.entityId}`;
  if (e.entityType === "placements") return `/placements?q=${encodeURIComponent(e.recordName)}`;
  if (e.entityType === "organizations")
    return `/dashboard/admin/${e.recordKind === "facility" ? "facilities" : "programs"}/${e.entityId}`;
  return null;
}

export type FieldChange = { field: string; before: unknown; after: unknown };

/** What changed between before and after, field by field (a value that is not an object: one row). */
export function changesOf(before: unknown, after: unknown): FieldChange[] {
  const isObj = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
  if (!isObj(before) && !isObj(after)) {
    if (before == null && after == null) return [];
    return JSON.stringify(before) === JSON.stringify(after) ? [] : [{ field: "value", before, after }];
  }
  const b = isObj(before) ? before : {};
  const a = isObj(after) ? after : {};
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return fields
    .filter((f) => JSON.stringify(b[f]) !== JSON.stringify(a[f]))
    .map((f) => ({ field: f, before: b[f], after: a[f] }));
}

/** A value as text for the diff: empty shown as "(none)", objects as compact JSON. */
export const valueText = (v: unknown) =>
  v === undefined || v === null || v === "" ? "(none)" : typeof v === "object" ? JSON.stringify(v) : String(v);
