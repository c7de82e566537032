import { useQuery } from "@tanstack/react-query";
import { FileCheck2, Upload } from "lucide-react";
import { ComplianceBadge } from "@/web/components/compliance-badge";
import { LoadError } from "@/web/components/list-page/load-error";
import { StudentPage, useStudentReadOnly } from "@/web/components/student-page";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { EmptyState } from "@/web/components/ui/empty-state";
import { Loading } from "@/web/components/ui/loading";
import { formatDate } from "@/web/lib/format";
import { myComplianceQuery, requirementTypesQuery } from "../api";
import { ReadinessBadge } from "../components/item-status-badge";
import { RequirementItemCard } from "../components/requirement-item-card";
import { Counts } from "../components/student-compliance-panel";
import { UploadDocumentDialog } from "../components/upload-document-dialog";
import type { ApplicationReadiness, MyCompliance, RequirementType } from "../types";

const TARGET = { kind: "me" } as const;

/** /student/compliance: the student's required items, uploads, and what each application still needs. */
export default function MyCompliancePage() {
  return (
    <StudentPage
      header={{
        title: "My Compliance",
        description: "Upload your immunizations, certifications and checks once: every facility you apply to sees them",
      }}
      content={Records}
    />
  );
}

function Records() {
  const query = useQuery(myComplianceQuery);
  if (query.isPending) return <Loading label="Loading your compliance documents..." />;
  if (query.isError) return <LoadError what="your compliance documents" query={query} />;
  return <Body data={query.data} />;
}

function Body({ data }: { data: MyCompliance }) {
  const readOnly = useStudentReadOnly();
  // Any catalogue type may be uploaded: an application may need more than the program asks.
  const catalogue = useQuery(requirementTypesQuery);
  const types = catalogue.data ?? data.items.map((i) => i.type);
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
          <div>
            <CardTitle>Your status</CardTitle>
            <CardDescription>As your program's requirements and your documents say today</CardDescription>
          </div>
          {types.length > 0 && !readOnly ? (
            <UploadDocumentDialog
              target={TARGET}
              types={types}
              trigger={
                <Button>
                  <Upload aria-hidden /> Upload document
                </Button>
              }
            />
          ) : null}
        </CardHeader>
        <CardContent className="grid gap-1">
          <p className="flex flex-wrap items-center gap-2 text-sm">
            Status: <ComplianceBadge status={data.student.complianceStatus} />
          </p>
          <Counts counts={data.counts} />
        </CardContent>
      </Card>

      {data.applications.length > 0 ? (
        <section aria-labelledby="for-applications" className="grid gap-3">
          <h2 id="for-applications" className="text-lg font-semibold">
            For your applications
          </h2>
          <ul className="grid gap-3 lg:grid-cols-2">
            {data.applications.map((a) => (
              <li key={a.applicationId}>
                <ApplicationNeeds application={a} types={types} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="my-items" className="grid gap-3">
        <h2 id="my-items" className="text-lg font-semibold">
          Required items
        </h2>
        {data.items.length === 0 ? (
          <EmptyState icon={FileCheck2} title="Nothing is required yet">
            Your program has not chosen its requirements yet. Items appear here once it does.
          </EmptyState>
        ) : (
          <ul className="grid gap-3 xl:grid-cols-2" aria-label="Your required items">
            {data.items.map((item) => (
              <li key={item.type.id}>
                <RequirementItemCard item={item} uploadTarget={readOnly ? undefined : TARGET} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** "For ICU Rotation at Mercy General (starts Mar 3, 2027): 2 items missing", then the items. */
function ApplicationNeeds({
  application: a,
  types,
}: {
  application: ApplicationReadiness;
  types: readonly RequirementType[];
}) {
  const readOnly = useStudentReadOnly();
  const missing = a.items.filter((i) => i.readiness === "missing").length;
  const expiring = a.items.filter((i) => i.readiness === "expiring_before_end").length;
  const open = a.items.filter((i) => i.readiness !== "met");
  const parts = [
    missing ? `${missing} item${missing === 1 ? "" : "s"} missing` : null,
    expiring ? `${expiring} expire${expiring === 1 ? "s" : ""} before the rotation ends` : null,
  ].filter(Boolean);
  const summary = a.ready || parts.length === 0 ? "ready" : parts.join(", ");
  return (
    <article className="grid gap-2 rounded-lg border border-border bg-white p-4 text-sm">
      <p>
        For <span className="font-medium">{a.placementTitle}</span> at {a.facilityName} (starts{" "}
        {formatDate(a.startDate)}): <span className="font-medium">{summary}</span>
      </p>
      {open.length > 0 ? (
        <ul className="grid gap-1" aria-label={`What ${a.placementTitle} still needs`}>
          {open.map((i) => (
            <li key={i.requirementTypeId} className="flex flex-wrap items-center justify-between gap-2">
              <span>{i.name}</span>
              <span className="flex flex-wrap items-center gap-2">
                <ReadinessBadge readiness={i.readiness} />
                {!readOnly && types.some((t) => t.id === i.requirementTypeId) ? (
                  <UploadDocumentDialog
                    target={TARGET}
                    types={types}
                    presetTypeId={i.requirementTypeId}
                    trigger={
                      <Button size="sm" variant="outline" aria-label={`Upload ${i.name} for ${a.placementTitle}`}>
                        <Upload aria-hidden /> Upload
                      </Button>
                    }
                  />
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}
