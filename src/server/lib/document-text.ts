import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import type { UploadContentType } from "./file-inspection";

/**
 * The text of an accepted upload, for proposing its dates (src/domain/document-dates.ts): a PDF's
 * text layer (first pages only) or an image read by OCR. Bounded in time; any failure answers ""
 * (the form then proposes nothing), so the caller logs an empty answer if it wants to know.
 * Nothing is fetched: tesseract's worker, core and English data all come from node_modules.
 */
export const TEXT_TIMEOUT_MS = 20_000;
export const TEXT_MAX_PAGES = 3;

export async function extractText(input: {
  bytes: Uint8Array;
  contentType: UploadContentType | string;
  timeoutMs?: number;
}): Promise<string> {
  const timeoutMs = input.timeoutMs ?? TEXT_TIMEOUT_MS;
  try {
    if (input.contentType === "application/pdf") return await pdfText(input.bytes, timeoutMs);
    if (input.contentType === "image/png" || input.contentType === "image/jpeg") {
      return await imageText(input.bytes, timeoutMs);
    }
    return "";
  } catch {
    return "";
  }
}

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

async function pdfText(bytes: Uint8Array, timeoutMs: number): Promise<string> {
  const { getDocumentProxy } = await import("unpdf");
  // pdf.js takes the buffer over (detaches it): it gets a copy. No fonts or workers are fetched.
  const loading = getDocumentProxy(new Uint8Array(bytes), {
    verbosity: 0,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
  });
  let doc: Awaited<typeof loading> | undefined;
  const work = (async () => {
    doc = await loading;
    const pages: string[] = [];
    for (let n = 1; n <= Math.min(doc.numPages, TEXT_MAX_PAGES); n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      let line = "";
      const lines: string[] = [];
      for (const item of content.items) {
        if (!("str" in item)) continue;
        line += item.str;
        if (item.hasEOL) {
          lines.push(line);
          line = "";
        } else if (item.str && !line.endsWith(" ")) {
          line += " ";
        }
      }
      if (line.trim()) lines.push(line);
      pages.push(lines.map((l) => l.replace(/[ \t]+/g, " ").trim()).join("\n"));
      page.cleanup();
    }
    return pages.join("\n\n");
  })();
  try {
    return await withTimeout(timeoutMs, work, () => doc?.destroy());
  } finally {
    await doc?.destroy().catch(() => {});
  }
}

const require = createRequire(import.meta.url);

/** The English data as @tesseract.js-data/eng ships it (gzipped), found in node_modules. */
function englishData(): { langPath: string; gzip: boolean } {
  const pkg = require("@tesseract.js-data/eng") as { langPath?: string; gzip?: boolean };
  const langPath = pkg.langPath ?? path.join(path.dirname(require.resolve("@tesseract.js-data/eng")), "4.0.0");
  return { langPath, gzip: pkg.gzip ?? true };
}

async function imageText(bytes: Uint8Array, timeoutMs: number): Promise<string> {
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
    const { data } = await worker.recognize(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    return data.text ?? "";
  })();
  try {
    return await withTimeout(timeoutMs, work, () => worker?.terminate());
  } finally {
    await worker?.terminate().catch(() => {});
  }
}
