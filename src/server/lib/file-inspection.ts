import { createHash } from "node:crypto";
import { inflateSync, constants as zlibConstants } from "node:zlib";
import { fileTypeFromBuffer } from "file-type";
import { invalid } from "./errors";

/**
 * What an uploaded compliance document is, decided by its bytes (never by its name or the browser's
 * Content-Type): a PDF without scripts or attachments, or a JPEG or PNG of sane dimensions, at most
 * 10 MB. Anything else is refused with a message for the person uploading.
 */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const MAX_IMAGE_SIDE = 12_000;
export const MAX_IMAGE_PIXELS = 60_000_000;
/** Decompressed bytes a PDF's streams may expand to, all streams together (a compression bomb stops here). */
export const MAX_PDF_INFLATED_BYTES = 100 * 1024 * 1024;
export const MAX_FILE_NAME_LENGTH = 120;

export type UploadContentType = "application/pdf" | "image/jpeg" | "image/png";
export type UploadExtension = "pdf" | "jpg" | "png";

export type InspectedUpload =
  | { ok: true; contentType: UploadContentType; extension: UploadExtension; safeFileName: string; sha256: string }
  | { ok: false; field: "file" | "fileName"; message: string };

export const UPLOAD_MESSAGES = {
  empty: "The file is empty.",
  tooLarge: "The file is larger than 10 MB.",
  type: "Upload a PDF, JPEG or PNG file.",
  pdfActive: "PDF files with scripts or attachments are not accepted.",
  pdfEncrypted: "Password-protected or encrypted PDF files are not accepted. Save it as a plain PDF and upload that.",
  pdfUnreadable: "This PDF could not be checked (it expands to too much data). Save it again as a PDF and upload that.",
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
    const problem = pdfProblem(bytes);
    if (problem) return refuse("file", problem);
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

/** inspectUpload for a route: the accepted upload, or the 422 of errors.ts naming the field. */
export async function assertUpload(input: { bytes: Uint8Array; fileName: string }) {
  const result = await inspectUpload(input);
  if (!result.ok) throw invalid([{ path: result.field, message: result.message }], result.message);
  return result;
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
// PDF: no scripts, actions or attachments; every stream inflates within a budget

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

function hasActiveName(text: string): boolean {
  // A PDF name: '/' then regular characters; '#xx' escapes a byte (so /J#61vaScript is /JavaScript).
  for (const match of text.matchAll(/\/([^\s/<>[\](){}%]+)/g)) {
    let name = match[1]!;
    if (name.includes("#"))
      name = name.replace(/#([0-9A-Fa-f]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    if (ACTIVE_NAMES.has(name)) {
      // /OpenAction alone may only open a page; with JS it is caught by /JS or /JavaScript.
      if (name === "OpenAction") continue;
      return true;
    }
  }
  return false;
}

function pdfProblem(bytes: Uint8Array): string | null {
  const text = latin1.decode(bytes);
  if (/\/Encrypt\b/.test(text)) return UPLOAD_MESSAGES.pdfEncrypted;

  // Names are looked for outside stream data (compressed bytes would match by chance) and in the
  // object streams, which hold dictionaries compressed (where /JS can hide). Every Flate stream is
  // inflated with a strict output limit, all of them together within one budget.
  let budget = MAX_PDF_INFLATED_BYTES;
  let outsideFrom = 0;
  const streamStart = /stream\r?\n/g;
  for (let m = streamStart.exec(text); m; m = streamStart.exec(text)) {
    const dataStart = m.index + m[0].length;
    const end = text.indexOf("endstream", dataStart);
    if (end < 0) break;
    if (hasActiveName(text.slice(outsideFrom, m.index))) return UPLOAD_MESSAGES.pdfActive;
    outsideFrom = end;
    streamStart.lastIndex = end + "endstream".length;
    const dictStart = text.lastIndexOf("obj", m.index);
    const dict = dictStart >= 0 ? text.slice(dictStart, m.index) : "";
    if (!/\/FlateDecode\b|\/Fl\b/.test(dict)) continue;
    const isObjectStream = /\/Type\s*\/ObjStm\b/.test(dict);
    if (isObjectStream && /\/(ASCIIHexDecode|ASCII85Decode|LZWDecode|RunLengthDecode|AHx|A85|LZW|RL)\b/.test(dict)) {
      return UPLOAD_MESSAGES.pdfUnreadable;
    }
    let inflated: Buffer;
    try {
      inflated = inflateSync(bytes.subarray(dataStart, end), {
        maxOutputLength: Math.max(1, budget),
        finishFlush: zlibConstants.Z_SYNC_FLUSH,
      });
    } catch (err) {
      if ((err as { code?: string }).code === "ERR_BUFFER_TOO_LARGE" || err instanceof RangeError) {
        return UPLOAD_MESSAGES.pdfUnreadable;
      }
      // A damaged stream: readers cannot inflate it either. An object stream we cannot read may hide anything.
      if (isObjectStream) return UPLOAD_MESSAGES.pdfUnreadable;
      continue;
    }
    budget -= inflated.byteLength;
    if (budget <= 0) return UPLOAD_MESSAGES.pdfUnreadable;
    if (isObjectStream && hasActiveName(latin1.decode(inflated))) return UPLOAD_MESSAGES.pdfActive;
  }
  if (hasActiveName(text.slice(outsideFrom))) return UPLOAD_MESSAGES.pdfActive;
  return null;
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
