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
