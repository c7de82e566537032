import { Download, Eye, EyeOff } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/web/components/ui/button";
import type { ComplianceDocument } from "../types";

type Previewable = Pick<ComplianceDocument, "fileUrl" | "fileName" | "contentType">;

/**
 * A document in the page: a PDF in an iframe, an image as an image, from its authorized file route.
 * Nothing is fetched until "Preview" is pressed (a list of items does not load every file); the
 * Download link is always there.
 */
export function DocumentPreview({ document: doc, label }: { document: Previewable; label?: string }) {
  const [open, setOpen] = useState(false);
  const regionId = useId();
  const what = label ?? doc.fileName;
  const isPdf = doc.contentType === "application/pdf";
  const isImage = doc.contentType.startsWith("image/");
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap gap-2">
        {isPdf || isImage ? (
          <Button
            size="sm"
            variant="outline"
            aria-expanded={open}
            aria-controls={regionId}
            aria-label={`${open ? "Hide preview of" : "Preview"} ${what}`}
            onClick={() => setOpen((v) => !v)}
          >
            {open ? <EyeOff aria-hidden /> : <Eye aria-hidden />} {open ? "Hide preview" : "Preview"}
          </Button>
        ) : null}
        <Button asChild size="sm" variant="outline">
          <a href={doc.fileUrl} download={doc.fileName} aria-label={`Download ${what}`}>
            <Download aria-hidden /> Download
          </a>
        </Button>
      </div>
      <div id={regionId} hidden={!open}>
        {open && isPdf ? (
          <iframe
            src={doc.fileUrl}
            title={`Preview of ${what}`}
            loading="lazy"
            className="h-[28rem] w-full rounded-md border border-border bg-white"
          />
        ) : null}
        {open && isImage ? (
          <img
            src={doc.fileUrl}
            alt={`Preview of ${what}`}
            loading="lazy"
            className="max-h-[28rem] max-w-full rounded-md border border-border object-contain"
          />
        ) : null}
      </div>
    </div>
  );
}
