import { useQuery } from "@tanstack/react-query";
import { ReadyBadge } from "@/web/components/compliance-badge";
import { LoadError } from "@/web/components/list-page/load-error";
import { Loading } from "@/web/components/ui/loading";
import { formatDate } from "@/web/lib/format";
import { facilityReadinessQuery, readinessOverrideQuery } from "../api";
import type { FacilityReadiness } from "../types";
import { DocumentPreview } from "./document-preview";
import { ReadinessBadge } from "./item-status-badge";

const SOURCE = { program: "Program", facility: "Facility", placement: "Placement" } as const;

/**
 * An applicant's readiness for a placement (issue 12): each requirement of the program, the facility
 * and the placement as met, missing, or expiring before the rotation ends, with the document the
 * facility may open.
 */
export function FacilityReadinessPanel({ applicationId, studentName }: { applicationId: string; studentName: string }) {
  const query = useQuery(facilityReadinessQuery(applicationId));
  if (query.isPending) return <Loading label="Loading readiness..." className="min-h-16" />;
  if (query.isError) return <LoadError what="the applicant's readiness" query={query} />;
  return (
    <>
      <Readiness data={query.data} studentName={studentName} />
      <Override applicationId={applicationId} />
    </>
  );
}

/** "Approved without full readiness by Dana Reyes on Mar 3, 2027 (missing: BLS)". */
function Override({ applicationId }: { applicationId: string }) {
  const override = useQuery(readinessOverrideQuery(applicationId)).data;
  if (!override) return null;
  return (
    <p className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      Approved without full readiness{override.by ? ` by ${override.by.name}` : ""} on {formatDate(override.at)}
      {override.missing.length ? ` (missing: ${override.missing.join(", ")})` : ""}.
    </p>
  );
}

function Readiness({ data, studentName }: { data: FacilityReadiness; studentName: string }) {
  return (
    <section aria-label={`${studentName}'s readiness`} className="grid gap-3 text-sm">
      <p className="flex flex-wrap items-center gap-2">
        Readiness: <ReadyBadge ready={data.ready} />
      </p>
      {data.items.length === 0 ? (
        <p className="text-muted-foreground">Neither the program nor this placement asks for any document.</p>
      ) : (
        <ul className="grid gap-2">
          {data.items.map((item) => {
            const what = `${studentName}'s ${item.type.name} document`;
            return (
              <li key={item.type.id} className="grid gap-2 rounded-md border border-border p-3">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div>
                    <p className="font-medium">{item.type.name}</p>
                    <p className="text-xs text-muted-foreground">Asked by: {SOURCE[item.source]}</p>
                  </div>
                  <ReadinessBadge readiness={item.readiness} />
                </div>
                {item.document ? (
                  <>
                    <p className="text-xs text-muted-foreground">
                      {item.document.fileName}
                      {item.document.expiresOn ? ` · expires ${formatDate(item.document.expiresOn)}` : ""}
                    </p>
                    <DocumentPreview document={item.document} label={what} />
                  </>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
