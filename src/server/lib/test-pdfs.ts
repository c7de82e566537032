import { deflateSync } from "node:zlib";
import { PDFDocument, StandardFonts } from "pdf-lib";

// Hostile PDFs for the tests, written byte by byte: a script hidden where a filter-minded check
// does not look, a page of 20,000 dates, a page whose content inflates to millions of text runs.

/** Where the script's dictionaries are written. */
export type ScriptPlace =
  | "object stream"
  | "ASCIIHex object stream"
  | "Flate object stream"
  /** An object stream whose dictionary does not say /Type /ObjStm: readers use it all the same. */
  | "untyped object stream"
  | "plain objects";
/** Which script: an /OpenAction JavaScript action, or one in the catalog's /Names /JavaScript tree. */
export type ScriptKind = "OpenAction" | "Names" | "none";

const latin1 = (s: string) => Buffer.from(s, "latin1");

/**
 * A one-page PDF (1.5, with a cross-reference stream) whose catalog runs `script` from its
 * dictionaries written as `place` says. With `script: "none"` it is a clean PDF built the same way.
 */
export function pdfWithScript(place: ScriptPlace, script: ScriptKind): Uint8Array {
  const js = "<< /Type /Action /S /JavaScript /JS (app.alert\\('hello'\\)) >>";
  const catalogExtra =
    script === "OpenAction" ? "/OpenAction 4 0 R" : script === "Names" ? "/Names << /JavaScript 5 0 R >>" : "";
  // Objects 1..5: catalog, pages, page, the action, the names tree.
  const objects = [
    `<< /Type /Catalog /Pages 2 0 R ${catalogExtra} >>`,
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>",
    js,
    "<< /Names [(hello) 4 0 R] >>",
  ];
  // A clean PDF holds no action at all (the unreferenced objects would still name JavaScript).
  if (script === "none") objects.splice(3);
  const parts: Buffer[] = [latin1("%PDF-1.5\n%\xe2\xe3\xcf\xd3\n")];
  const size = () => parts.reduce((n, p) => n + p.length, 0);
  // xref rows: [type, field2, field3] per object number.
  const rows: [number, number, number][] = [[0, 0, 0xffff]];

  if (place === "plain objects") {
    for (const [i, body] of objects.entries()) {
      rows.push([1, size(), 0]);
      parts.push(latin1(`${i + 1} 0 obj\n${body}\nendobj\n`));
    }
  } else {
    let header = "";
    let body = "";
    for (const [i, o] of objects.entries()) {
      header += `${i + 1} ${body.length} `;
      body += `${o}\n`;
      rows.push([2, 6, i]);
    }
    const raw = latin1(header + body);
    const { data, filter } =
      place === "ASCIIHex object stream"
        ? { data: latin1(`${raw.toString("hex")}>`), filter: "/Filter /ASCIIHexDecode" }
        : place === "Flate object stream"
          ? { data: deflateSync(raw), filter: "/Filter /FlateDecode" }
          : { data: raw, filter: "" };
    const type = place === "untyped object stream" ? "" : "/Type /ObjStm";
    rows.push([1, size(), 0]);
    parts.push(
      latin1(
        `6 0 obj\n<< ${type} /N ${objects.length} /First ${header.length} ${filter} /Length ${data.length} >>\nstream\n`,
      ),
      data,
      latin1("\nendstream\nendobj\n"),
    );
  }
  // The cross-reference stream, uncompressed: 1 byte type, 4 bytes offset or stream, 2 bytes index.
  const xrefNumber = rows.length;
  rows.push([1, size(), 0]);
  const table = Buffer.alloc(rows.length * 7);
  rows.forEach(([type, a, b], i) => {
    table.writeUInt8(type, i * 7);
    table.writeUInt32BE(a, i * 7 + 1);
    table.writeUInt16BE(b, i * 7 + 5);
  });
  const xrefAt = size();
  parts.push(
    latin1(
      `${xrefNumber} 0 obj\n<< /Type /XRef /Size ${rows.length} /W [1 4 2] /Root 1 0 R /Length ${table.length} >>\nstream\n`,
    ),
    table,
    latin1(`\nendstream\nendobj\nstartxref\n${xrefAt}\n%%EOF\n`),
  );
  return new Uint8Array(Buffer.concat(parts));
}

/** A small PDF whose one page shows `count` dates, each labelled (its text layer holds them all). */
export async function pdfWithDates(count: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const day = (n: number) => new Date(Date.UTC(2026, 0, 1) - n * 86_400_000).toISOString().slice(0, 10);
  // One drawText per line: drawText with thousands of lines in one string is the same content.
  const lines = Array.from({ length: count }, (_, n) => `${n % 2 ? "Expires" : "Issued"} ${day(n)}`);
  page.drawText(lines.join("\n"), { x: 10, y: 780, size: 1, lineHeight: 0.03, font });
  return doc.save();
}

/**
 * A PDF of a few hundred kB whose one page's content stream inflates to `inflatedMb` MB of text
 * operations (a tiny string shown again and again), as a hostile upload would send. Its last line
 * reads "Issued 2026-01-10": a reader that gets to the end proposes that date.
 */
export function pdfWithInflatingPage(inflatedMb: number): Uint8Array {
  const unit = Buffer.from("(1/2/26) Tj\n", "latin1");
  const content = Buffer.concat([
    latin1("BT /F1 1 Tf 0 0 Td\n"),
    Buffer.alloc(Math.floor((inflatedMb * 1024 * 1024) / unit.length) * unit.length).fill(unit),
    latin1("ET\nBT /F1 12 Tf 10 100 Td (Issued 2026-01-10) Tj ET\n"),
  ]);
  const packed = deflateSync(content, { level: 9 });
  const objects: (string | Buffer)[] = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    packed,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  const parts: Buffer[] = [latin1("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")];
  const offsets: number[] = [];
  const size = () => parts.reduce((n, p) => n + p.length, 0);
  for (const [i, o] of objects.entries()) {
    offsets.push(size());
    if (typeof o === "string") parts.push(latin1(`${i + 1} 0 obj\n${o}\nendobj\n`));
    else
      parts.push(
        latin1(`${i + 1} 0 obj\n<< /Filter /FlateDecode /Length ${o.length} >>\nstream\n`),
        o,
        latin1("\nendstream\nendobj\n"),
      );
  }
  const xrefAt = size();
  let xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) xref += `${String(o).padStart(10, "0")} 00000 n \n`;
  parts.push(latin1(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`));
  return new Uint8Array(Buffer.concat(parts));
}
