import type { AuditEntry } from "../audit-api";
import { changesOf, valueText } from "../audit-words";

/** An entry's before and after as a readable diff (field: was → now), then what else it kept. */
export function AuditEntryDetails({ entry }: { entry: AuditEntry }) {
  const changes = changesOf(entry.before, entry.after);
  const detail = Object.entries(entry.detail ?? {});
  return (
    <div className="grid gap-4 text-sm md:grid-cols-2">
      <div>
        <h3 className="mb-2 font-semibold">Changes</h3>
        {changes.length === 0 ? (
          <p className="text-muted-foreground">No before and after were recorded for this entry.</p>
        ) : (
          <dl className="grid gap-2">
            {changes.map((c) => (
              <div key={c.field} className="grid gap-1">
                <dt className="font-medium">{c.field}</dt>
                <dd className="flex flex-wrap items-center gap-2 break-all">
                  <span className="sr-only">was</span>
                  <del className="rounded bg-red-50 px-1.5 text-red-900">{valueText(c.before)}</del>
                  <span aria-hidden>→</span>
                  <span className="sr-only">now</span>
                  <ins className="rounded bg-emerald-50 px-1.5 text-emerald-900 no-underline">{valueText(c.after)}</ins>
                </dd>
              </div>
            ))}
          </dl>
        )}
      </div>
      <div>
        <h3 className="mb-2 font-semibold">Detail</h3>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          <dt className="text-muted-foreground">Action</dt>
          <dd className="break-all font-mono text-xs leading-5">{entry.action}</dd>
          {entry.actorRole ? (
            <>
              <dt className="text-muted-foreground">Role</dt>
              <dd>{entry.actorRole}</dd>
            </>
          ) : null}
          {entry.organizationName ? (
            <>
              <dt className="text-muted-foreground">Organization</dt>
              <dd>{entry.organizationName}</dd>
            </>
          ) : null}
          {entry.entityId ? (
            <>
              <dt className="text-muted-foreground">Record id</dt>
              <dd className="break-all font-mono text-xs leading-5">{entry.entityId}</dd>
            </>
          ) : null}
          {detail.map(([key, value]) => (
            <div key={key} className="contents">
              <dt className="text-muted-foreground">{key}</dt>
              <dd className="break-all">{valueText(value)}</dd>
            </div>
          ))}
        </dl>
      </div>
    </div>
  );
}
