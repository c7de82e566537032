import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { MAX_DATE_TEXT_CHARS, type ProposedDates } from "../../domain/document-dates";
import { createLimit, runDocumentJob, stopDocumentWorkers } from "./document-worker";
import type { UploadContentType } from "./file-inspection";

/**
 * The text of an accepted upload, and the dates it proposes (src/domain/document-dates.ts): a
 * PDF's text layer (first pages, first characters only) or an image read by OCR. Nothing here runs
 * on the thread serving requests: the PDF and the dates on a document worker (document-worker.ts),
 * killed at its deadline; OCR in tesseract's own worker, one at a time, killed at its timeout.
 * Any failure (timeout, busy, a damaged file) answers "" or no dates: the form then proposes nothing.
 * Nothing is fetched: tesseract's worker, core and English data all come from node_modules.
 */
export const TEXT_TIMEOUT_MS = 20_000;
export const TEXT_MAX_PAGES = 3;
/** A PDF's text layer and its dates: a real card takes well under a second. */
export const PDF_TEXT_DEADLINE_MS = 8_000;
/** Dates of a text already read (OCR): bounded by proposeDates itself, the deadline is a backstop. */
const DATES_DEADLINE_MS = 2_000;
/** OCR at once per process, and how many may wait (each is a core's worth of work for seconds). */
const OCR_AT_ONCE = 1;
const OCR_WAITING = 4;
const OCR_WAIT_MS = 10_000;

const NO_DATES: ProposedDates = { found: [] };

export async function extractText(input: {
  bytes: Uint8Array;
  contentType: UploadContentType | string;
  timeoutMs?: number;
}): Promise<string> {
  if (input.contentType === "application/pdf") {
    const out = await runDocumentJob(
      { kind: "pdf-text", bytes: input.bytes },
      { deadlineMs: input.timeoutMs ?? PDF_TEXT_DEADLINE_MS },
    );
    return out.ok ? out.value : "";
  }
  if (input.contentType === "image/png" || input.contentType === "image/jpeg") {
    return imageText(input.bytes, input.timeoutMs ?? TEXT_TIMEOUT_MS);
  }
  return "";
}

/** The dates a document's text proposes (`today` as YYYY-MM-DD decides two-digit years), or none. */
export async function proposeDocumentDates(input: {
  bytes: Uint8Array;
  contentType: UploadContentType | string;
  today: string;
}): Promise<ProposedDates> {
  if (input.contentType === "application/pdf") {
    const out = await runDocumentJob(
      { kind: "pdf-dates", bytes: input.bytes, today: input.today },
      { deadlineMs: PDF_TEXT_DEADLINE_MS },
    );
    return out.ok ? out.value : NO_DATES;
  }
  const text = await extractText(input);
  if (!text) return NO_DATES;
  const out = await runDocumentJob({ kind: "text-dates", text, today: input.today }, { deadlineMs: DATES_DEADLINE_MS });
  return out.ok ? out.value : NO_DATES;
}

/** Shutdown: running extractions and OCR are killed, so requests waiting on them answer at once. */
export async function stopDocumentWork(): Promise<void> {
  ocrLimit.close();
  await Promise.all([stopDocumentWorkers(), ...[...ocrWorkers].map((w) => w.terminate().catch(() => {}))]);
}

/**
 * A PDF's text layer, on a document worker only (document-worker-jobs.ts): its first
 * TEXT_MAX_PAGES pages, read as a stream and left as soon as MAX_DATE_TEXT_CHARS characters are in
 * (a page can hold millions of text runs).
 */
export async function pdfTextLayer(bytes: Uint8Array): Promise<string> {
  const { getDocumentProxy } = await import("unpdf");
  // pdf.js takes the buffer over (detaches it): it gets a copy. No fonts or workers are fetched.
  const doc = await getDocumentProxy(new Uint8Array(bytes), {
    verbosity: 0,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
  });
  try {
    const pages: string[] = [];
    let total = 0;
    for (let n = 1; n <= Math.min(doc.numPages, TEXT_MAX_PAGES) && total < MAX_DATE_TEXT_CHARS; n++) {
      const page = await doc.getPage(n);
      const reader = page.streamTextContent().getReader();
      let line = "";
      const lines: string[] = [];
      try {
        reading: for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          for (const item of (value as { items: ({ str: string; hasEOL?: boolean } | object)[] }).items) {
            if (!("str" in item)) continue;
            line += item.str;
            total += item.str.length + 1;
            if (item.hasEOL) {
              lines.push(line);
              line = "";
            } else if (item.str && !line.endsWith(" ")) {
              line += " ";
            }
            if (total >= MAX_DATE_TEXT_CHARS) break reading;
          }
        }
      } finally {
        // pdf.js wants a reason to stop producing the rest of the page.
        await reader.cancel(new Error("enough text")).catch(() => {});
      }
      if (line.trim()) lines.push(line);
      pages.push(lines.map((l) => l.replace(/[ \t]+/g, " ").trim()).join("\n"));
      page.cleanup();
    }
    return pages.join("\n\n");
  } finally {
    await doc.destroy().catch(() => {});
  }
}

const require = createRequire(import.meta.url);

/** The English data as @tesseract.js-data/eng ships it (gzipped), found in node_modules. */
function englishData(): { langPath: string; gzip: boolean } {
  const pkg = require("@tesseract.js-data/eng") as { langPath?: string; gzip?: boolean };
  const langPath = pkg.langPath ?? path.join(path.dirname(require.resolve("@tesseract.js-data/eng")), "4.0.0");
  return { langPath, gzip: pkg.gzip ?? true };
}

const ocrLimit = createLimit(OCR_AT_ONCE, OCR_WAITING);
const ocrWorkers = new Set<{ terminate(): Promise<unknown> }>();

/** Runs `work`, or rejects after `ms`; `cancel` then releases what the work holds. */
async function withTimeout<T>(ms: number, work: Promise<T>, cancel: () => unknown): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      Promise.resolve()
        .then(cancel)
        .catch(() => {});
      reject(new Error(`text extraction took longer than ${ms} ms`));
    }, ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function imageText(bytes: Uint8Array, timeoutMs: number): Promise<string> {
  const release = await ocrLimit.acquire(OCR_WAIT_MS);
  if (!release) return "";
  const { createWorker } = await import("tesseract.js");
  const { langPath, gzip } = englishData();
  let worker: Awaited<ReturnType<typeof createWorker>> | undefined;
  const work = (async () => {
    worker = await createWorker("eng", undefined, {
      langPath, // a folder: read from disk, never the CDN default
      gzip,
      cachePath: path.join(os.tmpdir(), "placement-portal-tesseract"),
      logger: () => {},
      errorHandler: () => {},
    });
    ocrWorkers.add(worker);
    const { data } = await worker.recognize(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    return data.text ?? "";
  })();
  try {
    return await withTimeout(timeoutMs, work, () => worker?.terminate());
  } catch {
    return "";
  } finally {
    if (worker) ocrWorkers.delete(worker);
    await worker?.terminate().catch(() => {});
    release();
  }
}
