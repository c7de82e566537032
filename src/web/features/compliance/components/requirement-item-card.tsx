import { Upload } from "lucide-react";
import { type ReactNode, useId } from "react";
import { Button } from "@/web/components/ui/button";
import { formatDate } from "@/web/lib/format";
import type { UploadTarget } from "../api";
import type { ComplianceDocument, ComplianceItem, RequirementType } from "../types";
import { DocumentPreview } from "./document-preview";
import { daysToExpiryText, fileSize, optionalDate } from "./format";
import { ItemStatusBadge } from "./item-status-badge";
import { ReviewActions } from "./review-actions";
import { UploadDocumentDialog } from "./upload-document-dialog";

const DOC_STATUS = { submitted: "Awaiting review", approved: "Approved", rejected: "Rejected" } as const;

/**
 * One required item: its type and the proof it needs, its status, the dates of the document in
 * force, days to expiry, the document itself (preview and download), review actions for the
 * program, a renewal awaiting review (or rejected) beside the approved document it renews, an
 * upload button, and the older uploads under "History".
 */
export function RequirementItemCard({
  item,
  uploadTarget,
  uploadTypes,
  uploadDescription,
  review = false,
  whose,
}: {
  item: ComplianceItem;
  uploadTarget?: UploadTarget;
  /** The requirements the upload dialog offers (this item's preset). */
  uploadTypes?: readonly RequirementType[];
  uploadDescription?: string;
  /** The program side: Approve / Reject a submitted document. */
  review?: boolean;
  /** Whose item, for screen readers ("Ada Lovelace's"); the student's own page leaves it out. */
  whose?: string;
}) {
  const { type, current } = item;
  const headingId = useId();
  const expiry = daysToExpiryText(item.daysToExpiry);
  const docName = `${whose ? `${whose} ` : ""}${type.name} document`;
  return (
    <article aria-labelledby={headingId} className="grid gap-3 rounded-lg border border-border bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="font-semibold">
            {type.name}
          </h3>
          <p className="text-sm text-muted-foreground">{type.proof}</p>
        </div>
        <ItemStatusBadge status={item.status} />
      </div>

      {current ? (
        <div className="grid gap-3">
          <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
            {type.asksIssuedOn !== "no" ? <Info label="Issued">{optionalDate(current.issuedOn)}</Info> : null}
            <Info label="Expires">
              {current.expiresOn ? formatDate(current.expiresOn) : "Does not expire"}
              {expiry ? <span className="block text-xs text-muted-foreground">{expiry}</span> : null}
            </Info>
            <Info label="Uploaded">
              {formatDate(current.uploadedAt)}
              {current.uploadedBy ? (
                <span className="block text-xs text-muted-foreground">by {current.uploadedBy.name}</span>
              ) : null}
            </Info>
          </dl>
          {current.status === "rejected" && current.rejectionReason ? (
            <p className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
              <span className="font-medium">Rejected{current.reviewedBy ? ` by ${current.reviewedBy.name}` : ""}:</span>{" "}
              {current.rejectionReason}
            </p>
          ) : null}
          <p className="text-sm">
            <span className="font-medium">{current.fileName}</span>{" "}
            <span className="text-muted-foreground">({fileSize(current.sizeBytes)})</span>
          </p>
          <DocumentPreview document={current} label={docName} />
          {review && current.status === "submitted" ? <ReviewActions documentId={current.id} what={docName} /> : null}
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">No document uploaded yet.</p>
      )}

      {item.renewal ? <Renewal document={item.renewal} label={`${docName} renewal`} review={review} /> : null}

      {uploadTarget ? (
        <div>
          <UploadDocumentDialog
            target={uploadTarget}
            types={uploadTypes ?? [type]}
            presetTypeId={type.id}
            description={uploadDescription}
            trigger={
              <Button
                size="sm"
                variant={current ? "outline" : "default"}
                aria-label={`${current ? "Upload a new one" : "Upload"}: ${type.name}`}
              >
                <Upload aria-hidden /> {current ? "Upload a new one" : "Upload"}
              </Button>
            }
          />
        </div>
      ) : null}

      {item.history.length > 0 ? <History documents={item.history} typeName={type.name} /> : null}
    </article>
  );
}

/** The newer upload of an item whose approved document stays in force until it expires. */
function Renewal({ document: d, label, review }: { document: ComplianceDocument; label: string; review: boolean }) {
  const headingId = useId();
  const rejected = d.status === "rejected";
  return (
    <section
      aria-labelledby={headingId}
      className="grid gap-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <h4 id={headingId} className="font-medium">
        {rejected ? "Renewal rejected" : "Renewal awaiting review"}
      </h4>
      <p>
        <span className="font-medium">{d.fileName}</span> ({fileSize(d.sizeBytes)}) · uploaded{" "}
        {formatDate(d.uploadedAt)}
        {d.uploadedBy ? ` by ${d.uploadedBy.name}` : ""}
        {d.expiresOn ? ` · expires ${formatDate(d.expiresOn)}` : ""}
      </p>
      {rejected && d.rejectionReason ? (
        <p>
          <span className="font-medium">Rejected{d.reviewedBy ? ` by ${d.reviewedBy.name}` : ""}:</span>{" "}
          {d.rejectionReason}
        </p>
      ) : null}
      <p>
        {rejected
          ? "The approved document above still counts until it expires. Upload a new one to renew it."
          : "The approved document above still counts until it expires or this one is approved."}
      </p>
      <DocumentPreview document={d} label={label} />
      {review && !rejected ? <ReviewActions documentId={d.id} what={label} /> : null}
    </section>
  );
}

function History({ documents, typeName }: { documents: ComplianceDocument[]; typeName: string }) {
  return (
    <details className="rounded-md border border-border p-3 text-sm">
      <summary className="cursor-pointer font-medium">
        History ({documents.length} earlier upload{documents.length === 1 ? "" : "s"})
      </summary>
      <ol className="mt-3 grid gap-3" aria-label={`Earlier ${typeName} uploads`}>
        {documents.map((d) => (
          <li key={d.id} className="grid gap-1 border-t border-border pt-3 first:border-t-0 first:pt-0">
            <p>
              <span className="font-medium">{d.fileName}</span> · uploaded {formatDate(d.uploadedAt)}
              {d.uploadedBy ? ` by ${d.uploadedBy.name}` : ""} · {DOC_STATUS[d.status]}
              {d.reviewedAt ? ` ${formatDate(d.reviewedAt)}` : ""}
            </p>
            {d.issuedOn || d.expiresOn ? (
              <p className="text-muted-foreground">
                {d.issuedOn ? `Issued ${formatDate(d.issuedOn)}` : ""}
                {d.issuedOn && d.expiresOn ? " · " : ""}
                {d.expiresOn ? `Expires ${formatDate(d.expiresOn)}` : ""}
              </p>
            ) : null}
            {d.rejectionReason ? <p className="text-muted-foreground">Reason: {d.rejectionReason}</p> : null}
            <a className="text-primary underline underline-offset-4" href={d.fileUrl} download={d.fileName}>
              Download {d.fileName}
            </a>
          </li>
        ))}
      </ol>
    </details>
  );
}

function Info({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-muted-foreground">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
