import { useQuery } from "@tanstack/react-query";
import { FileCheck2, Upload } from "lucide-react";
import { ComplianceBadge } from "@/web/components/compliance-badge";
import { LoadError } from "@/web/components/list-page/load-error";
import { Button } from "@/web/components/ui/button";
import { EmptyState } from "@/web/components/ui/empty-state";
import { Loading } from "@/web/components/ui/loading";
import { requirementTypesQuery, studentComplianceQuery } from "../api";
import type { ComplianceCounts, StudentCompliance } from "../types";
import { studentName } from "./format";
import { RequirementItemCard } from "./requirement-item-card";
import { UploadDocumentDialog } from "./upload-document-dialog";

/**
 * A student's compliance for their program: the overall status, each required item with its
 * document, review actions and history, and "Upload on behalf". The page /students/{id}/compliance
 * and the student detail's Compliance Documents tab show this same panel.
 */
export function StudentCompliancePanel({ studentId }: { studentId: string }) {
  const query = useQuery(studentComplianceQuery(studentId));
  if (query.isPending) return <Loading label="Loading compliance documents..." className="min-h-24" />;
  if (query.isError) return <LoadError what="the compliance documents" query={query} />;
  return <Records data={query.data} />;
}

function Records({ data }: { data: StudentCompliance }) {
  const name = studentName(data.student);
  // Any catalogue type may be uploaded (a facility or placement may ask for more than the program).
  const catalogue = useQuery(requirementTypesQuery);
  const types = catalogue.data ?? data.items.map((i) => i.type);
  const target = { kind: "student", studentId: data.student.id } as const;
  const onBehalf = `On behalf of ${name}`;
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          <p className="flex flex-wrap items-center gap-2 text-sm">
            Status: <ComplianceBadge status={data.student.complianceStatus} />
          </p>
          <Counts counts={data.counts} />
        </div>
        {types.length > 0 ? (
          <UploadDocumentDialog
            target={target}
            types={types}
            description={onBehalf}
            trigger={
              <Button>
                <Upload aria-hidden /> Upload on behalf
              </Button>
            }
          />
        ) : null}
      </div>
      {data.items.length === 0 ? (
        <EmptyState icon={FileCheck2} title="No requirements yet">
          Your program asks nothing of its students yet. Choose the requirements on the Compliance page.
        </EmptyState>
      ) : (
        <ul className="grid gap-3 xl:grid-cols-2" aria-label={`${name}'s required items`}>
          {data.items.map((item) => (
            <li key={item.type.id}>
              <RequirementItemCard
                item={item}
                review
                whose={`${name}'s`}
                uploadTarget={target}
                uploadDescription={onBehalf}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** "8 of 10 approved · 1 awaiting review · 1 missing". */
export function Counts({ counts }: { counts: ComplianceCounts }) {
  const parts = [
    `${counts.approved} of ${counts.required} approved`,
    counts.submitted ? `${counts.submitted} awaiting review` : null,
    counts.missing ? `${counts.missing} missing` : null,
    counts.rejected ? `${counts.rejected} rejected` : null,
    counts.expiring ? `${counts.expiring} expiring` : null,
    counts.expired ? `${counts.expired} expired` : null,
  ].filter(Boolean);
  return <p className="text-sm text-muted-foreground">{parts.join(" · ")}</p>;
}
