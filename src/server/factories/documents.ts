import { deflateSync } from "node:zlib";
import { PDFDocument, PDFName, PDFString, rgb, StandardFonts } from "pdf-lib";

// Small compliance documents, as the demo world and the tests make them.

export type DemoPdfOptions = {
  title: string;
  lines?: string[];
  /** Extra pages after the first, each with its own lines (for page-limit tests). */
  morePages?: string[][];
  /** Compressed object streams (pdf-lib's default); false writes every object as plain text. */
  useObjectStreams?: boolean;
  /** Test only: an /OpenAction running JavaScript, the kind of PDF an upload must refuse. */
  withJavaScript?: boolean;
};

/** A one-page (or more) PDF with a text layer: the title in large type, then one line each. */
export async function makeDemoPdf(options: DemoPdfOptions): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(options.title);
  doc.setCreationDate(new Date("2026-01-01T00:00:00Z"));
  doc.setModificationDate(new Date("2026-01-01T00:00:00Z"));
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const pages = [[options.title, ...(options.lines ?? [])], ...(options.morePages ?? [])];
  for (const [index, lines] of pages.entries()) {
    const page = doc.addPage([612, 792]); // US Letter
    let y = 720;
    for (const [i, line] of lines.entries()) {
      const isTitle = index === 0 && i === 0;
      page.drawText(line, { x: 56, y, size: isTitle ? 22 : 13, font: isTitle ? bold : font, color: rgb(0, 0, 0) });
      y -= isTitle ? 40 : 22;
    }
  }
  if (options.withJavaScript) {
    const action = doc.context.obj({ Type: "Action", S: "JavaScript", JS: PDFString.of("app.alert('hello')") });
    doc.catalog.set(PDFName.of("OpenAction"), doc.context.register(action));
  }
  return doc.save({ useObjectStreams: options.useObjectStreams ?? true });
}

// A PNG without a drawing library: a card (a coloured band on white with a border), enough for an
// image upload in the demo world and the tests. Real PNG: signature, IHDR, one zlib IDAT, IEND.
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(Buffer.from(type, "ascii"), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** A `width`×`height` card: white, a band of `rgb` across the top third, a grey border. */
export function makeDemoPng(
  options: { width?: number; height?: number; rgb?: [number, number, number] } = {},
): Uint8Array {
  const width = options.width ?? 320;
  const height = options.height ?? 200;
  const [r, g, b] = options.rgb ?? [200, 16, 46];
  const raw = new Uint8Array((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const border = x < 4 || y < 4 || x >= width - 4 || y >= height - 4;
      const band = y < height / 3;
      const [pr, pg, pb] = border ? [120, 120, 120] : band ? [r, g, b] : [255, 255, 255];
      raw.set([pr, pg, pb], row + 1 + x * 3);
    }
  }
  const header = new Uint8Array(13);
  const hv = new DataView(header.buffer);
  hv.setUint32(0, width);
  hv.setUint32(4, height);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const signature = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const parts = [signature, chunk("IHDR", header), chunk("IDAT", deflateSync(raw)), chunk("IEND", new Uint8Array())];
  return Uint8Array.from(Buffer.concat(parts));
}
