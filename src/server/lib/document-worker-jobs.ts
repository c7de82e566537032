import { proposeDates } from "../../domain/document-dates";
import { pdfTextLayer } from "./document-text";
import type { DocumentJob, DocumentJobValue } from "./document-worker";
import { checkPdf } from "./file-inspection";

/** The jobs a document worker runs (document-worker-thread.mjs loads this module on its thread). */
export async function runJob(job: DocumentJob): Promise<DocumentJobValue[DocumentJob["kind"]]> {
  const day = (today: string) => new Date(`${today}T00:00:00Z`);
  switch (job.kind) {
    case "pdf-text":
      return pdfTextLayer(job.bytes);
    case "pdf-dates":
      return proposeDates(await pdfTextLayer(job.bytes), day(job.today));
    case "text-dates":
      return proposeDates(job.text, day(job.today));
    case "pdf-check":
      return checkPdf(job.bytes);
    default: {
      const unknown: never = job;
      throw new Error(`unknown document job ${(unknown as { kind?: string }).kind}`);
    }
  }
}
