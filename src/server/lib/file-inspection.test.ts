import { createHash } from "node:crypto";
import { crc32, deflateRawSync, deflateSync } from "node:zlib";
import { PDFDocument, PDFName, PDFString } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { makeDemoPdf } from "../factories/documents";
import { AppError } from "./errors";
import { assertUpload, inspectUpload, MAX_UPLOAD_BYTES, safeFileName, UPLOAD_MESSAGES } from "./file-inspection";
import { pdfWithScript, type ScriptPlace } from "./test-pdfs";

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n >>> 0);
  return b;
};
const u16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n);
  return b;
};
const chunk = (type: string, data: Buffer) => {
  const head = Buffer.from(type, "latin1");
  return Buffer.concat([u32(data.length), head, data, u32(crc32(Buffer.concat([head, data])))]);
};

/** A valid greyscale PNG of width × height (the pixel data only for small images; the header is what is checked). */
function png(width: number, height: number): Uint8Array {
  const ihdr = Buffer.concat([u32(width), u32(height), Buffer.from([8, 0, 0, 0, 0])]);
  const small = width * height <= 10_000;
  const raw = small ? Buffer.alloc((width + 1) * height, 0xff).fill(0, 0, 1) : Buffer.alloc(16);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A JPEG's header up to its frame (SOF0) of width × height; enough for sniffing and dimensions. */
function jpeg(width: number, height: number): Uint8Array {
  const app0 = Buffer.concat([Buffer.from("JFIF\0", "latin1"), Buffer.from([1, 1, 0, 0, 1, 0, 1, 0, 0])]);
  const sof = Buffer.concat([Buffer.from([8]), u16(height), u16(width), Buffer.from([1, 1, 0x11, 0])]);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    Buffer.from([0xff, 0xe0]),
    u16(app0.length + 2),
    app0,
    Buffer.from([0xff, 0xc0]),
    u16(sof.length + 2),
    sof,
    Buffer.from([0xff, 0xd9]),
  ]);
}

/** A zip holding one deflated entry (`bytes` of zeros: a small zip bomb when large). */
function zip(name: string, size: number): Uint8Array {
  const data = Buffer.alloc(size);
  const packed = deflateRawSync(data);
  const fileName = Buffer.from(name, "latin1");
  const crc = crc32(data);
  const le32 = (n: number) => {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(n >>> 0);
    return b;
  };
  const le16 = (n: number) => {
    const b = Buffer.alloc(2);
    b.writeUInt16LE(n);
    return b;
  };
  const common = Buffer.concat([
    le16(20),
    le16(0),
    le16(8),
    le16(0),
    le16(0),
    le32(crc),
    le32(packed.length),
    le32(size),
  ]);
  const local = Buffer.concat([le32(0x04034b50), common, le16(fileName.length), le16(0), fileName, packed]);
  const central = Buffer.concat([
    le32(0x02014b50),
    le16(20),
    common,
    le16(fileName.length),
    le16(0),
    le16(0),
    le16(0),
    le16(0),
    le32(0),
    le32(0),
    fileName,
  ]);
  const end = Buffer.concat([
    le32(0x06054b50),
    le16(0),
    le16(0),
    le16(1),
    le16(1),
    le32(central.length),
    le32(local.length),
    le16(0),
  ]);
  return Buffer.concat([local, central, end]);
}

/** A hand-written PDF whose objects are plain text, with `extra` added to its catalog. */
function plainPdf(catalogExtra: string, streams: { dict: string; data: Buffer }[] = []): Uint8Array {
  const parts: Buffer[] = [Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  parts.push(Buffer.from(`1 0 obj\n<< /Type /Catalog /Pages 2 0 R ${catalogExtra} >>\nendobj\n`, "latin1"));
  parts.push(Buffer.from("2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n", "latin1"));
  for (const [i, s] of streams.entries()) {
    parts.push(Buffer.from(`${i + 3} 0 obj\n<< ${s.dict} /Length ${s.data.length} >>\nstream\n`, "latin1"));
    parts.push(s.data, Buffer.from("\nendstream\nendobj\n", "latin1"));
  }
  parts.push(Buffer.from("trailer\n<< /Root 1 0 R >>\n%%EOF\n", "latin1"));
  return Buffer.concat(parts);
}

const refusal = (field: string, message: string) => ({ ok: false, field, message });

describe("inspectUpload: accepted files", () => {
  it("accepts a PDF (with compressed object streams) and reports type, name and hash", async () => {
    const bytes = await makeDemoPdf({ title: "BLS Provider", lines: ["Issue Date 03/14/2026"] });
    const result = await inspectUpload({ bytes, fileName: "BLS card.pdf" });
    expect(result).toEqual({
      ok: true,
      contentType: "application/pdf",
      extension: "pdf",
      safeFileName: "BLS card.pdf",
      sha256: createHash("sha256").update(bytes).digest("hex"),
    });
  });

  it("accepts a PDF written without object streams", async () => {
    const bytes = await makeDemoPdf({ title: "TB test", useObjectStreams: false });
    expect(await inspectUpload({ bytes, fileName: "tb.pdf" })).toMatchObject({ ok: true, extension: "pdf" });
  });

  it("accepts PNG and JPEG by their bytes, whatever the name says", async () => {
    expect(await inspectUpload({ bytes: png(40, 20), fileName: "scan.pdf" })).toMatchObject({
      ok: true,
      contentType: "image/png",
      extension: "png",
      safeFileName: "scan.png",
    });
    expect(await inspectUpload({ bytes: jpeg(800, 600), fileName: "photo" })).toMatchObject({
      ok: true,
      contentType: "image/jpeg",
      extension: "jpg",
      safeFileName: "photo.jpg",
    });
  });

  it("accepts images at the dimension limits", async () => {
    expect(await inspectUpload({ bytes: png(12_000, 5_000), fileName: "a.png" })).toMatchObject({ ok: true });
    expect(await inspectUpload({ bytes: jpeg(7_500, 8_000), fileName: "a.jpg" })).toMatchObject({ ok: true });
  });

  it("accepts exactly 10 MB", async () => {
    const pdf = Buffer.from(await makeDemoPdf({ title: "Padded" }));
    const bytes = Buffer.concat([pdf, Buffer.alloc(MAX_UPLOAD_BYTES - pdf.length, 0x20)]);
    expect(bytes.length).toBe(10 * 1024 * 1024);
    expect(await inspectUpload({ bytes, fileName: "big.pdf" })).toMatchObject({ ok: true });
  });
});

describe("inspectUpload: refused files", () => {
  it("refuses an empty file", async () => {
    expect(await inspectUpload({ bytes: new Uint8Array(0), fileName: "a.pdf" })).toEqual(
      refusal("file", "The file is empty."),
    );
  });

  it("refuses 10 MB + 1 byte", async () => {
    const bytes = new Uint8Array(10 * 1024 * 1024 + 1);
    bytes.set(Buffer.from("%PDF-1.7\n"));
    expect(await inspectUpload({ bytes, fileName: "a.pdf" })).toEqual(
      refusal("file", "The file is larger than 10 MB."),
    );
  });

  it("refuses a renamed executable (ELF, PE) and unknown bytes", async () => {
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120)]);
    const pe = Buffer.concat([Buffer.from("MZ", "latin1"), Buffer.alloc(200)]);
    const text = Buffer.from("Issue Date 03/14/2026\n".repeat(20));
    for (const bytes of [elf, pe, text]) {
      expect(await inspectUpload({ bytes, fileName: "card.pdf" })).toEqual(
        refusal("file", "Upload a PDF, JPEG or PNG file."),
      );
    }
  });

  it("refuses a zip and a zip bomb, named as a PDF", async () => {
    for (const bytes of [zip("card.pdf", 100), zip("zeros.bin", 50 * 1024 * 1024)]) {
      expect(await inspectUpload({ bytes, fileName: "card.pdf" })).toEqual(refusal("file", UPLOAD_MESSAGES.type));
    }
  });

  it("refuses a PDF with JavaScript, in plain objects or hidden in a compressed object stream", async () => {
    const plain = await makeDemoPdf({ title: "Card", withJavaScript: true, useObjectStreams: false });
    const packed = await makeDemoPdf({ title: "Card", withJavaScript: true, useObjectStreams: true });
    expect(Buffer.from(packed).includes("/JavaScript")).toBe(false); // only inside the object stream
    for (const bytes of [plain, packed]) {
      expect(await inspectUpload({ bytes, fileName: "card.pdf" })).toEqual(refusal("file", UPLOAD_MESSAGES.pdfActive));
    }
  });

  it("refuses PDFs with actions, launches or attachments, also when the name is #-escaped", async () => {
    for (const extra of [
      "/OpenAction << /S /JS /JS (app.alert(1)) >>",
      "/AA << /O 5 0 R >>",
      "/OpenAction << /S /Launch /F (cmd.exe) >>",
      "/Names << /EmbeddedFiles 6 0 R >>",
      "/OpenAction << /S /J#61vaScript /J#53 (x) >>",
    ]) {
      expect(await inspectUpload({ bytes: plainPdf(extra), fileName: "a.pdf" }), extra).toEqual(
        refusal("file", "PDF files with scripts or attachments are not accepted."),
      );
    }
    // An /OpenAction that only opens a page is fine.
    expect(await inspectUpload({ bytes: plainPdf("/OpenAction [3 0 R /Fit]"), fileName: "a.pdf" })).toMatchObject({
      ok: true,
    });
  });

  it("refuses a PDF whose compressed stream is a compression bomb, without inflating it all", async () => {
    const bomb = deflateSync(Buffer.alloc(120 * 1024 * 1024), { level: 9 });
    const bytes = plainPdf("", [{ dict: "/Filter /FlateDecode", data: bomb }]);
    expect(bytes.length).toBeLessThan(MAX_UPLOAD_BYTES);
    expect(await inspectUpload({ bytes, fileName: "a.pdf" })).toEqual(refusal("file", UPLOAD_MESSAGES.pdfUnreadable));
  });

  it("refuses an encrypted PDF (its streams cannot be checked)", async () => {
    expect(await inspectUpload({ bytes: plainPdfEncrypted(), fileName: "a.pdf" })).toEqual(
      refusal("file", UPLOAD_MESSAGES.pdfEncrypted),
    );
  });

  it("refuses images too large to decode safely (decompression bombs)", async () => {
    for (const bytes of [
      png(12_001, 10),
      png(10, 20_000),
      png(8_000, 8_000),
      jpeg(65_000, 65_000),
      jpeg(9_000, 7_000),
    ]) {
      expect(await inspectUpload({ bytes, fileName: "a.png" })).toEqual(refusal("file", UPLOAD_MESSAGES.imageTooLarge));
    }
    expect(await inspectUpload({ bytes: png(0, 10), fileName: "a.png" })).toEqual(
      refusal("file", UPLOAD_MESSAGES.imageUnreadable),
    );
  });

  it("assertUpload throws the 422 of errors.ts naming the field", async () => {
    const err = await assertUpload({ bytes: new Uint8Array(0), fileName: "a.pdf" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({
      status: 422,
      code: "invalid",
      issues: [{ path: "file", message: UPLOAD_MESSAGES.empty }],
    });
  });
});

describe("inspectUpload: a PDF's scripts, however its objects are written", () => {
  const places: ScriptPlace[] = [
    "object stream",
    "ASCIIHex object stream",
    "Flate object stream",
    "untyped object stream",
    "plain objects",
  ];

  it.each(places)("refuses an /OpenAction script or a /Names /JavaScript tree in %s", async (place) => {
    for (const script of ["OpenAction", "Names"] as const) {
      const bytes = pdfWithScript(place, script);
      expect(await inspectUpload({ bytes, fileName: "card.pdf" }), script).toEqual(
        refusal("file", UPLOAD_MESSAGES.pdfActive),
      );
    }
  });

  it.each(places)("accepts the same PDF without a script, written in %s", async (place) => {
    expect(await inspectUpload({ bytes: pdfWithScript(place, "none"), fileName: "card.pdf" })).toMatchObject({
      ok: true,
      contentType: "application/pdf",
    });
  });

  it("refuses a link running a script or opening a file, keeps a web link", async () => {
    const withLink = async (action: { S: string; URI?: PDFString; F?: PDFString; D?: (number | string)[] }) => {
      const doc = await PDFDocument.create();
      const page = doc.addPage([200, 200]);
      const link = doc.context.obj({
        Type: "Annot",
        Subtype: "Link",
        Rect: [0, 0, 100, 100],
        Border: [0, 0, 0],
        A: action,
      });
      page.node.set(PDFName.of("Annots"), doc.context.obj([doc.context.register(link)]));
      return doc.save({ useObjectStreams: false });
    };
    const script = await withLink({ S: "URI", URI: PDFString.of("javascript:app.alert(1)") });
    const file = await withLink({ S: "GoToR", F: PDFString.of("C:\\Windows\\System32\\calc.exe"), D: [0, "Fit"] });
    for (const bytes of [script, file]) {
      expect(await inspectUpload({ bytes, fileName: "a.pdf" })).toEqual(refusal("file", UPLOAD_MESSAGES.pdfActive));
    }
    const web = await withLink({ S: "URI", URI: PDFString.of("https://example.org/card") });
    expect(await inspectUpload({ bytes: web, fileName: "a.pdf" })).toMatchObject({ ok: true });
  });

  it("refuses a PDF that pdf.js cannot read", async () => {
    const bytes = new TextEncoder().encode("%PDF-1.7\nthis is not a PDF at all\n%%EOF\n");
    expect(await inspectUpload({ bytes, fileName: "a.pdf" })).toEqual(refusal("file", UPLOAD_MESSAGES.pdfUnchecked));
  });
});

function plainPdfEncrypted(): Uint8Array {
  const pdf = Buffer.from(plainPdf(""));
  return Buffer.from(pdf.toString("latin1").replace("<< /Root 1 0 R >>", "<< /Root 1 0 R /Encrypt 9 0 R >>"), "latin1");
}

describe("safeFileName", () => {
  it("strips directories, NUL and control characters, keeping the real extension", () => {
    expect(safeFileName("../../etc/passwd\u0000.pdf", "pdf")).toBe("passwd.pdf");
    expect(safeFileName("..\\..\\windows\\card.PDF", "pdf")).toBe("card.pdf");
    expect(safeFileName("  my\tcard\r\n .jpeg ", "jpg")).toBe("mycard.jpg");
    expect(safeFileName("invoice\u202Efdp.exe", "pdf")).toBe("invoicefdp.exe.pdf");
    expect(safeFileName('a"b<c>.png', "png")).toBe("a_b_c_.png");
  });

  it("names an empty result document.<ext>", () => {
    for (const name of ["", "   ", "../", "..", ".pdf", "\u0000\u0001", "/"]) {
      expect(safeFileName(name, "pdf"), JSON.stringify(name)).toBe("document.pdf");
    }
    expect(safeFileName("", "png")).toBe("document.png");
  });

  it("limits the name to 120 characters, extension included", () => {
    const long = safeFileName(`${"a".repeat(300)}.pdf`, "pdf");
    expect(long).toBe(`${"a".repeat(116)}.pdf`);
    expect(Array.from(safeFileName("é".repeat(200), "png")).length).toBe(120);
    expect(safeFileName("😀".repeat(200), "png")).toBe(`${"😀".repeat(116)}.png`);
  });

  it("reports the safe name from inspectUpload", async () => {
    const bytes = await makeDemoPdf({ title: "x" });
    expect(await inspectUpload({ bytes, fileName: "../../etc/passwd\u0000.pdf" })).toMatchObject({
      ok: true,
      safeFileName: "passwd.pdf",
    });
  });
});
