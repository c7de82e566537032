import { readdir } from "node:fs/promises";
import path from "node:path";
import { deflateSync } from "node:zlib";
import { PDFDocument, StandardFonts } from "pdf-lib";
import type { TestApp } from "../../testing/harness";

// Test helpers of the compliance feature: real small PDFs and PNGs, a multipart upload through the
// app, and the files under DATA_DIR/files.

export async function pdfBytes(
  text = "BLS Provider card. Issued 2026-01-10. Expires 2028-01-31.",
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([300, 200]);
  page.drawText(text, { x: 10, y: 100, size: 8, font: await doc.embedFont(StandardFonts.Helvetica) });
  return doc.save();
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer) {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A valid 2×2 grey PNG. */
export function pngBytes(): Uint8Array {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(2, 0);
  ihdr.writeUInt32BE(2, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const raw = Buffer.from([0, 128, 128, 0, 128, 128]);
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", ihdr),
      chunk("IDAT", deflateSync(raw)),
      chunk("IEND", Buffer.alloc(0)),
    ]),
  );
}

/** A Windows executable's first bytes, whatever it is named. */
export const exeBytes = () =>
  new Uint8Array(Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00"), Buffer.alloc(200)]));

export type UploadFields = {
  bytes?: Uint8Array;
  fileName?: string;
  fileType?: string;
  requirementTypeId?: string;
  issuedOn?: string;
  expiresOn?: string;
  omitFile?: boolean;
};

/** A multipart upload through the app (as the browser sends it). */
export async function upload(t: TestApp, url: string, cookie: string, f: UploadFields = {}) {
  const form = new FormData();
  if (!f.omitFile) {
    const bytes = f.bytes ?? (await pdfBytes());
    form.append(
      "file",
      new File([bytes as Uint8Array<ArrayBuffer>], f.fileName ?? "card.pdf", { type: f.fileType ?? "application/pdf" }),
    );
  }
  if (f.requirementTypeId !== undefined) form.append("requirementTypeId", f.requirementTypeId);
  if (f.issuedOn !== undefined) form.append("issuedOn", f.issuedOn);
  if (f.expiresOn !== undefined) form.append("expiresOn", f.expiresOn);
  const res = await t.app.request(url, { method: "POST", body: form, headers: { cookie } });
  const text = await res.text();
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the API answers
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: res.status, json, headers: res.headers };
}

/** Every file under DATA_DIR/files (recursively), relative paths. */
export async function storedFiles(dataDir: string): Promise<string[]> {
  const root = path.join(dataDir, "files");
  try {
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name)));
  } catch {
    return [];
  }
}
