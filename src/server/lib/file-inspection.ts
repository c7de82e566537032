import { createHash } from "node:crypto";
import { inflateSync, constants as zlibConstants } from "node:zlib";
import { fileTypeFromBuffer } from "file-type";
import { type PdfCheck, runDocumentJob } from "./document-worker";
import { AppError, invalid } from "./errors";

/**
 * What an uploaded compliance document is, decided by its bytes (never by its name or the browser's
 * Content-Type): a PDF without scripts or attachments, or a JPEG or PNG of sane dimensions, at most
 * 10 MB. Anything else is refused with a message for the person uploading. A PDF is checked on a
 * document worker (document-worker.ts), bytes first, then as pdf.js parses it; one that cannot be
 * checked within PDF_CHECK_DEADLINE_MS is refused.
 */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const MAX_IMAGE_SIDE = 12_000;
export const MAX_IMAGE_PIXELS = 60_000_000;
/** Decompressed bytes a PDF's streams may expand to, all streams together (a compression bomb stops here). */
export const MAX_PDF_INFLATED_BYTES = 100 * 1024 * 1024;
export const MAX_FILE_NAME_LENGTH = 120;
/** A real PDF is checked in well under a second; past this its worker is killed and the file refused. */
export const PDF_CHECK_DEADLINE_MS = 10_000;

export type UploadContentType = "application/pdf" | "image/jpeg" | "image/png";
export type UploadExtension = "pdf" | "jpg" | "png";

export type InspectedUpload =
  | { ok: true; contentType: UploadContentType; extension: UploadExtension; safeFileName: string; sha256: string }
  | { ok: false; field: "file" | "fileName"; message: string; busy?: true };

export const UPLOAD_MESSAGES = {
  empty: "The file is empty.",
  tooLarge: "The file is larger than 10 MB.",
  type: "Upload a PDF, JPEG or PNG file.",
  pdfActive: "PDF files with scripts or attachments are not accepted.",
  pdfEncrypted: "Password-protected or encrypted PDF files are not accepted. Save it as a plain PDF and upload that.",
  pdfUnreadable: "This PDF could not be checked (it expands to too much data). Save it again as a PDF and upload that.",
  pdfUnchecked: "This PDF could not be read or checked. Save it again as a PDF and upload that.",
  busy: "Too many files are being checked right now. Please try again in a minute.",
  imageUnreadable: "This image could not be read. Upload a PDF, JPEG or PNG file.",
  imageTooLarge: "The image is too large: at most 12,000 pixels on a side and 60 megapixels.",
} as const;

const TYPES: Record<string, { contentType: UploadContentType; extension: UploadExtension }> = {
  "application/pdf": { contentType: "application/pdf", extension: "pdf" },
  "image/jpeg": { contentType: "image/jpeg", extension: "jpg" },
  "image/png": { contentType: "image/png", extension: "png" },
};

const refuse = (field: "file" | "fileName", message: string): InspectedUpload => ({ ok: false, field, message });

export async function inspectUpload(input: { bytes: Uint8Array; fileName: string }): Promise<InspectedUpload> {
  const { bytes } = input;
  if (bytes.byteLength === 0) return refuse("file", UPLOAD_MESSAGES.empty);
  if (bytes.byteLength > MAX_UPLOAD_BYTES) return refuse("file", UPLOAD_MESSAGES.tooLarge);

  const sniffed = await fileTypeFromBuffer(bytes);
  const type = sniffed ? TYPES[sniffed.mime] : undefined;
  if (!type) return refuse("file", UPLOAD_MESSAGES.type);

  if (type.contentType === "application/pdf") {
    const refusal = await pdfRefusal(bytes);
    if (refusal) return refusal;
  } else {
    const size = type.contentType === "image/png" ? pngSize(bytes) : jpegSize(bytes);
    if (!size || size.width < 1 || size.height < 1) return refuse("file", UPLOAD_MESSAGES.imageUnreadable);
    if (size.width > MAX_IMAGE_SIDE || size.height > MAX_IMAGE_SIDE || size.width * size.height > MAX_IMAGE_PIXELS) {
      return refuse("file", UPLOAD_MESSAGES.imageTooLarge);
    }
  }

  return {
    ok: true,
    contentType: type.contentType,
    extension: type.extension,
    safeFileName: safeFileName(input.fileName, type.extension),
    sha256: createHash("sha256").update(bytes).digest("hex"),
  };
}

/** inspectUpload for a route: the accepted upload, or the 422 of errors.ts naming the field (503 when busy). */
export async function assertUpload(input: { bytes: Uint8Array; fileName: string }) {
  const result = await inspectUpload(input);
  if (!result.ok) throw uploadRefused(result);
  return result;
}

/** A refused upload as the error a route answers: 422 naming the field, or 503 when no worker could check it. */
export function uploadRefused(refusal: Extract<InspectedUpload, { ok: false }>): AppError {
  const issues = [{ path: refusal.field, message: refusal.message }];
  if (refusal.busy) return new AppError("busy", refusal.message, 503, issues);
  return invalid(issues, refusal.message);
}

/** The PDF's check on a document worker, as the refusal the person uploading reads (null: accepted). */
async function pdfRefusal(bytes: Uint8Array): Promise<InspectedUpload | null> {
  const check = await runDocumentJob({ kind: "pdf-check", bytes }, { deadlineMs: PDF_CHECK_DEADLINE_MS });
  if (!check.ok) {
    if (check.reason === "busy" || check.reason === "stopped") {
      return { ok: false, field: "file", message: UPLOAD_MESSAGES.busy, busy: true };
    }
    return refuse("file", UPLOAD_MESSAGES.pdfUnchecked);
  }
  switch (check.value) {
    case null:
      return null;
    case "active":
      return refuse("file", UPLOAD_MESSAGES.pdfActive);
    case "encrypted":
      return refuse("file", UPLOAD_MESSAGES.pdfEncrypted);
    case "inflates":
      return refuse("file", UPLOAD_MESSAGES.pdfUnreadable);
    case "unreadable":
      return refuse("file", UPLOAD_MESSAGES.pdfUnchecked);
    default: {
      const unknown: never = check.value;
      throw new Error(`unknown PDF check ${String(unknown)}`);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// File names

const EXTENSION_ALIASES = new Set(["pdf", "jpg", "jpeg", "jpe", "jfif", "png"]);

/**
 * The name shown and offered on download: no directories, no control or bidi characters, at most
 * 120 characters, ending with the extension of the real type (`document.<ext>` when nothing is left).
 */
export function safeFileName(fileName: string, extension: UploadExtension): string {
  let name = String(fileName ?? "")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
    .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, "")
    .normalize("NFC");
  name = name.slice(Math.max(name.lastIndexOf("/"), name.lastIndexOf("\\")) + 1);
  name = name
    .replace(/[<>:"|?*]/g, "_")
    .replace(/\s+/g, " ")
    .trim();
  const dot = name.lastIndexOf(".");
  if (dot >= 0 && EXTENSION_ALIASES.has(name.slice(dot + 1).toLowerCase())) name = name.slice(0, dot);
  // No leading dots (hidden files, '..'), no trailing dots or spaces (Windows drops them).
  name = name.replace(/^[.\s]+/, "").replace(/[.\s]+$/, "");
  const room = MAX_FILE_NAME_LENGTH - extension.length - 1;
  const chars = Array.from(name);
  if (chars.length > room)
    name = chars
      .slice(0, room)
      .join("")
      .replace(/[.\s]+$/, "");
  return `${name || "document"}.${extension}`;
}

// ---------------------------------------------------------------------------------------------
// PDF: no scripts, actions or attachments; every stream inflates within a budget. Runs on a
// document worker only (document-worker-jobs.ts): all of it is untrusted work.

/**
 * A PDF's problem, or null: first a cheap look at its bytes (names of active content outside
 * streams and inside object streams, a budget for inflating), then what pdf.js makes of it. The
 * parsed document decides in the end: whatever filters hide a dictionary, pdf.js reads it as a
 * viewer would.
 */
export async function checkPdf(bytes: Uint8Array): Promise<PdfCheck> {
  return bytesProblem(bytes) ?? (await parsedProblem(bytes));
}

// Names whose presence makes a PDF active: JavaScript, actions run on open or on events, launching
// programs, embedded files, rich media, XFA forms (which carry scripts of their own).
const ACTIVE_NAMES = new Set([
  "JavaScript",
  "JS",
  "AA",
  "OpenAction",
  "Launch",
  "EmbeddedFile",
  "EmbeddedFiles",
  "RichMedia",
  "XFA",
]);

const latin1 = new TextDecoder("latin1");

// A PDF name's characters after its '/'; '#xx' escapes a byte (so /J#61vaScript is /JavaScript).
const NAME = /\/([^\s/<>[\](){}%]+)/g;
const unescapeName = (name: string) =>
  name.includes("#")
    ? name.replace(/#([0-9A-Fa-f]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)))
    : name;

function hasActiveName(text: string): boolean {
  for (const match of text.matchAll(NAME)) {
    const name = unescapeName(match[1]!);
    if (ACTIVE_NAMES.has(name)) {
      // /OpenAction alone may only open a page; with JS it is caught by /JS or /JavaScript.
      if (name === "OpenAction") continue;
      return true;
    }
  }
  return false;
}

/** The names of a stream's filters, in the order they apply. */
function streamFilters(dict: string): string[] {
  const filter = /\/Filter\s*(\[[^\]]*\]|\/[^\s/<>[\](){}%]+)/.exec(dict);
  if (!filter) return [];
  return [...filter[1]!.matchAll(NAME)].map((m) => unescapeName(m[1]!));
}

function asciiHexDecode(data: Uint8Array): Uint8Array {
  const hex = latin1
    .decode(data)
    .split(">")[0]!
    .replace(/[^0-9A-Fa-f]/g, "");
  const out = new Uint8Array(Math.ceil(hex.length / 2));
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2).padEnd(2, "0"), 16);
  return out;
}

function bytesProblem(bytes: Uint8Array): PdfCheck {
  const text = latin1.decode(bytes);
  if (/\/Encrypt\b/.test(text)) return "encrypted";

  // Names are looked for outside stream data (compressed bytes would match by chance) and in the
  // object streams, which hold dictionaries (where /JS can hide), decoded whatever their filters
  // (none, ASCIIHex, Flate). Every Flate stream is inflated with a strict output limit, all of
  // them together within one budget.
  let budget = MAX_PDF_INFLATED_BYTES;
  let outsideFrom = 0;
  const streamStart = /stream\r?\n/g;
  for (let m = streamStart.exec(text); m; m = streamStart.exec(text)) {
    const dataStart = m.index + m[0].length;
    const end = text.indexOf("endstream", dataStart);
    if (end < 0) break;
    if (hasActiveName(text.slice(outsideFrom, m.index))) return "active";
    outsideFrom = end;
    streamStart.lastIndex = end + "endstream".length;
    const dictStart = text.lastIndexOf("obj", m.index);
    const dict = dictStart >= 0 ? text.slice(dictStart, m.index) : "";
    const filters = streamFilters(dict);
    const isObjectStream = [...dict.matchAll(/\/Type\s*\/([^\s/<>[\](){}%]+)/g)].some(
      (t) => unescapeName(t[1]!) === "ObjStm",
    );
    if (!isObjectStream && !filters.some((f) => f === "FlateDecode" || f === "Fl")) continue;
    let data: Uint8Array = bytes.subarray(dataStart, end);
    for (const filter of filters) {
      if (filter === "ASCIIHexDecode" || filter === "AHx") {
        data = asciiHexDecode(data);
        continue;
      }
      if (filter !== "FlateDecode" && filter !== "Fl") {
        // Another filter on an object stream: it may hide anything; on other streams it is only data.
        if (isObjectStream) return "unreadable";
        break;
      }
      try {
        data = inflateSync(data, { maxOutputLength: Math.max(1, budget), finishFlush: zlibConstants.Z_SYNC_FLUSH });
      } catch (err) {
        if ((err as { code?: string }).code === "ERR_BUFFER_TOO_LARGE" || err instanceof RangeError) return "inflates";
        // A damaged stream: readers cannot inflate it either. An object stream we cannot read may hide anything.
        if (isObjectStream) return "unreadable";
        break;
      }
      budget -= data.byteLength;
      if (budget <= 0) return "inflates";
    }
    if (isObjectStream && hasActiveName(latin1.decode(data))) return "active";
  }
  if (hasActiveName(text.slice(outsideFrom))) return "active";
  return null;
}

/** Link targets a viewer may open without running anything of the file's. */
const SAFE_URL = /^(https?:|mailto:)/i;
/** pdf.js's annotation type for a file attachment. */
const FILE_ATTACHMENT_ANNOTATION = 17;

/**
 * What pdf.js finds in the parsed document: JavaScript run on open or on document events (in the
 * catalog's OpenAction or AA, or the names tree), in form fields, on pages; annotations running
 * scripts, launching files or carrying attachments; embedded files. Every page is looked at.
 */
async function parsedProblem(bytes: Uint8Array): Promise<PdfCheck> {
  const { getDocumentProxy } = await import("unpdf");
  let doc: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    doc = await getDocumentProxy(new Uint8Array(bytes), {
      verbosity: 0,
      isEvalSupported: false,
      disableFontFace: true,
      useSystemFonts: false,
      stopAtErrors: false,
    });
  } catch (err) {
    return (err as { name?: string }).name === "PasswordException" ? "encrypted" : "unreadable";
  }
  const some = (value: unknown) => value != null && typeof value === "object" && Object.keys(value).length > 0;
  try {
    if (some(await doc.getJSActions()) || (await doc.hasJSActions())) return "active";
    if (some(await doc.getAttachments())) return "active";
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      if (some(await page.getJSActions())) return "active";
      for (const annotation of (await page.getAnnotations({ intent: "any" })) as {
        annotationType?: number;
        actions?: unknown;
        unsafeUrl?: unknown;
      }[]) {
        if (some(annotation.actions) || annotation.annotationType === FILE_ATTACHMENT_ANNOTATION) return "active";
        // Launch and GoToR name a file, a javascript: link a script: only web and mail links pass.
        if (typeof annotation.unsafeUrl === "string" && !SAFE_URL.test(annotation.unsafeUrl.trim())) return "active";
      }
      page.cleanup();
    }
    return null;
  } catch {
    return "unreadable";
  } finally {
    await doc.destroy().catch(() => {});
  }
}

// ---------------------------------------------------------------------------------------------
// Image dimensions, from the header only (nothing is decoded)

function pngSize(bytes: Uint8Array): { width: number; height: number } | null {
  // Signature (8), IHDR length (4), "IHDR" (4), width (4), height (4).
  if (bytes.byteLength < 24) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (latin1.decode(bytes.subarray(12, 16)) !== "IHDR") return null;
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

function jpegSize(bytes: Uint8Array): { width: number; height: number } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let i = 2;
  while (i + 4 <= bytes.byteLength) {
    if (bytes[i] !== 0xff) return null;
    const marker = bytes[i + 1]!;
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    // Markers without a length: TEM and RST0..7.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or start of scan before any frame
    const length = view.getUint16(i + 2);
    // Start of frame: every SOFn except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (i + 9 > bytes.byteLength) return null;
      return { height: view.getUint16(i + 5), width: view.getUint16(i + 7) };
    }
    if (length < 2) return null;
    i += 2 + length;
  }
  return null;
}
