import { format, parseISO } from "date-fns";
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import { clockSpan, hoursOf, ROTATION_PHASE_LABELS } from "../../../domain/rotation-records";
import { APP_TITLE } from "../../../domain/web-routes";
import type { RecordEntry, RecordEvaluation, RotationRecord } from "./record-data";

// The rotation record as a PDF (issue 17): laid out with pdf-lib's standard Helvetica (no font
// files, no browser): text wrapped to the column, pages broken before what does not fit (a table's
// header repeated on each page), page numbers in the footer. The standard fonts encode WinAnsi
// only, so every string goes through `pdfSafe` first: accents the font lacks lose their accent
// (ő → o), a few letters are spelled out (ł → l), and anything else (Chinese, emoji) becomes "?".

const PAGE = { width: 612, height: 792 }; // US Letter, in points
const MARGIN = { x: 54, top: 56, bottom: 60 };
const WIDTH = PAGE.width - 2 * MARGIN.x;
const INK = rgb(0.1, 0.12, 0.16);
const MUTED = rgb(0.38, 0.42, 0.48);
const RULE = rgb(0.8, 0.83, 0.87);
const ACCENT = rgb(0.05, 0.42, 0.42);

/** Letters without a decomposition into a WinAnsi letter and an accent. */
const SPELLED: Record<string, string> = {
  ł: "l",
  Ł: "L",
  đ: "d",
  Đ: "D",
  ħ: "h",
  Ħ: "H",
  ı: "i",
  ŋ: "ng",
  Ŋ: "NG",
  ſ: "s",
  ĸ: "k",
  ŀ: "l",
  Ŀ: "L",
  ǆ: "dz",
  ﬁ: "fi",
  ﬂ: "fl",
  "\u2010": "-",
  "\u2011": "-",
  "\u2012": "-",
  "\u2212": "-",
  "\u2015": "-",
  "\u00a0": " ",
  "\u2002": " ",
  "\u2003": " ",
  "\u2009": " ",
  "\u202f": " ",
  "\u2032": "'",
  "\u2033": '"',
  "\u2713": "v",
  "\u2714": "v",
};

/**
 * `text` as the font can draw it: line breaks and tabs become spaces (callers split paragraphs
 * first), control characters go, and each character the font cannot encode is replaced by its
 * unaccented letter, a spelled-out equivalent, or "?". Never throws.
 */
export function pdfSafe(text: string, encodable: ReadonlySet<number>): string {
  let out = "";
  for (const ch of text.normalize("NFC")) {
    const cp = ch.codePointAt(0) ?? 0x3f;
    if (ch === "\n" || ch === "\r" || ch === "\t") {
      out += " ";
    } else if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) {
      // Control characters: nothing to draw.
    } else if (encodable.has(cp)) {
      out += ch;
    } else if (SPELLED[ch] !== undefined) {
      out += SPELLED[ch];
    } else {
      const base = ch.normalize("NFD").replace(/\p{M}/gu, "");
      out += base && [...base].every((c) => encodable.has(c.codePointAt(0) ?? 0)) ? base : "?";
    }
  }
  return out;
}

const dateText = (d: string | null | undefined) => (d ? format(parseISO(d), "MMM d, yyyy") : "—");
const stampText = (d: Date | null | undefined) => (d ? `${d.toISOString().slice(0, 16).replace("T", " ")} UTC` : "—");

type Style = { font?: PDFFont; size?: number; color?: ReturnType<typeof rgb>; indent?: number; gapAfter?: number };
type Column = { header: string; width: number };

/** A top-to-bottom writer over pages: text flows on, a new page starts when the next line does not fit. */
class Writer {
  readonly pages: PDFPage[] = [];
  private page!: PDFPage;
  private y = 0;
  private readonly charset: ReadonlySet<number>;
  private onNewPage: (() => void) | null = null;

  constructor(
    private readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.charset = new Set(regular.getCharacterSet());
    this.newPage();
  }

  safe(text: string) {
    return pdfSafe(text, this.charset);
  }

  private newPage() {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.pages.push(this.page);
    this.y = PAGE.height - MARGIN.top;
    this.onNewPage?.();
  }

  /** Room for `height` more points on this page, or a new page. */
  ensure(height: number) {
    if (this.y - height < MARGIN.bottom) this.newPage();
  }

  gap(points: number) {
    this.y -= points;
  }

  /** `text` broken into lines no wider than `width` (words longer than a line are cut). */
  wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    const lines: string[] = [];
    for (const paragraph of text.split(/\r?\n/)) {
      const words = this.safe(paragraph).split(" ").filter(Boolean);
      let line = "";
      for (let word of words) {
        const candidate = line ? `${line} ${word}` : word;
        if (font.widthOfTextAtSize(candidate, size) <= width) {
          line = candidate;
          continue;
        }
        if (line) lines.push(line);
        line = "";
        while (font.widthOfTextAtSize(word, size) > width) {
          let cut = word.length - 1;
          while (cut > 1 && font.widthOfTextAtSize(word.slice(0, cut), size) > width) cut--;
          lines.push(word.slice(0, cut));
          word = word.slice(cut);
        }
        line = word;
      }
      lines.push(line);
    }
    return lines;
  }

  text(text: string, style: Style = {}) {
    const font = style.font ?? this.regular;
    const size = style.size ?? 10;
    const indent = style.indent ?? 0;
    const leading = size * 1.35;
    for (const line of this.wrap(text, font, size, WIDTH - indent)) {
      this.ensure(leading);
      this.y -= leading;
      if (line)
        this.page.drawText(line, {
          x: MARGIN.x + indent,
          y: this.y + size * 0.25,
          size,
          font,
          color: style.color ?? INK,
        });
    }
    this.y -= style.gapAfter ?? 0;
  }

  heading(text: string) {
    this.ensure(48);
    this.gap(14);
    this.text(text, { font: this.bold, size: 13, color: ACCENT });
    this.rule();
    this.gap(4);
  }

  subheading(text: string) {
    this.ensure(36);
    this.gap(6);
    this.text(text, { font: this.bold, size: 10.5 });
  }

  rule() {
    this.gap(3);
    this.page.drawLine({
      start: { x: MARGIN.x, y: this.y },
      end: { x: PAGE.width - MARGIN.x, y: this.y },
      thickness: 0.6,
      color: RULE,
    });
  }

  /** Label and value pairs, one a line, the labels in a column of their own. */
  fields(pairs: [string, string][]) {
    const labelWidth = 120;
    const size = 10;
    const leading = size * 1.35;
    for (const [label, value] of pairs) {
      const lines = this.wrap(value || "—", this.regular, size, WIDTH - labelWidth);
      this.ensure(leading);
      this.page.drawText(this.safe(label), {
        x: MARGIN.x,
        y: this.y - leading + size * 0.25,
        size,
        font: this.bold,
        color: MUTED,
      });
      for (const line of lines) {
        this.ensure(leading);
        this.y -= leading;
        this.page.drawText(line, {
          x: MARGIN.x + labelWidth,
          y: this.y + size * 0.25,
          size,
          font: this.regular,
          color: INK,
        });
      }
    }
  }

  /** A table: each cell wraps in its column; a row never splits across pages; the header repeats on each page. */
  table(columns: Column[], rows: string[][], size = 9) {
    const leading = size * 1.3;
    const pad = 4;
    const drawHeader = () => {
      this.y -= leading + 2;
      let x = MARGIN.x;
      for (const c of columns) {
        this.page.drawText(this.safe(c.header), { x, y: this.y + size * 0.3, size, font: this.bold, color: MUTED });
        x += c.width;
      }
      this.page.drawLine({
        start: { x: MARGIN.x, y: this.y - 2 },
        end: { x: PAGE.width - MARGIN.x, y: this.y - 2 },
        thickness: 0.6,
        color: RULE,
      });
      this.y -= 4;
    };
    this.ensure(leading * 3);
    drawHeader();
    this.onNewPage = drawHeader;
    for (const row of rows) {
      const cells = row.map((value, i) => this.wrap(value || "—", this.regular, size, columns[i].width - pad));
      const height = Math.max(...cells.map((c) => c.length)) * leading + 2;
      this.ensure(height);
      let x = MARGIN.x;
      cells.forEach((lines, i) => {
        lines.forEach((line, n) => {
          if (line) {
            this.page.drawText(line, {
              x,
              y: this.y - (n + 1) * leading + size * 0.3,
              size,
              font: this.regular,
              color: INK,
            });
          }
        });
        x += columns[i].width;
      });
      this.y -= height;
    }
    this.onNewPage = null;
    this.gap(4);
  }

  /** Every page's footer: what this is, and "Page n of N". */
  footers(left: string) {
    const size = 8;
    const text = this.safe(left);
    this.pages.forEach((page, i) => {
      page.drawLine({
        start: { x: MARGIN.x, y: MARGIN.bottom - 18 },
        end: { x: PAGE.width - MARGIN.x, y: MARGIN.bottom - 18 },
        thickness: 0.5,
        color: RULE,
      });
      const number = `Page ${i + 1} of ${this.pages.length}`;
      const room = WIDTH - this.regular.widthOfTextAtSize(number, size) - 16;
      const clipped = this.wrap(text, this.regular, size, room)[0] ?? "";
      page.drawText(clipped, { x: MARGIN.x, y: MARGIN.bottom - 30, size, font: this.regular, color: MUTED });
      page.drawText(number, {
        x: PAGE.width - MARGIN.x - this.regular.widthOfTextAtSize(number, size),
        y: MARGIN.bottom - 30,
        size,
        font: this.regular,
        color: MUTED,
      });
    });
  }
}

const STATUS_WORDS = { approved: "Approved", submitted: "Pending review", returned: "Returned" } as const;
const EVALUATION_TITLES = {
  student: "Preceptor's evaluation of the student",
  site: "Student's evaluation of the site",
} as const;
const PHASE_WORDS = { midpoint: "Midpoint", final: "Final" } as const;
const DOCUMENT_STATUS = { approved: "Approved", submitted: "Awaiting review", rejected: "Rejected" } as const;

const ENTRY_COLUMNS: Column[] = [
  { header: "Date", width: 82 },
  { header: "Times", width: 76 },
  { header: "Hours", width: 44 },
  { header: "Categories", width: 170 },
  { header: "Status", width: WIDTH - 82 - 76 - 44 - 170 },
];

function entryRows(entries: RecordEntry[], withNote: boolean) {
  return entries.map((e) => [
    dateText(e.workDate),
    clockSpan(e.startMinute, e.minutes),
    hoursOf(e.minutes),
    e.categories.join(", "),
    withNote && e.reviewNote ? `${STATUS_WORDS[e.status]}: ${e.reviewNote}` : STATUS_WORDS[e.status],
  ]);
}

function writeEvaluation(w: Writer, e: RecordEvaluation) {
  w.subheading(`${EVALUATION_TITLES[e.kind]} (${PHASE_WORDS[e.phase]})`);
  if (e.status !== "submitted" || !e.answers) {
    w.text(`Pending: due ${dateText(e.dueDate)}`, { color: MUTED, gapAfter: 2 });
    return;
  }
  const by = e.submittedBy ? ` by ${e.submittedBy}` : "";
  w.text(`${e.templateName}. Submitted ${stampText(e.submittedAt)}${by}.`, { color: MUTED, size: 9, gapAfter: 2 });
  const answers = new Map(e.answers.map((a) => [a.questionId, a]));
  let section: string | undefined;
  for (const q of e.questions) {
    if (q.section && q.section !== section) {
      section = q.section;
      w.text(q.section, { font: w.bold, size: 9.5, gapAfter: 1 });
    }
    const a = answers.get(q.id);
    if (q.type === "rating") {
      const rating = a?.rating != null ? `${a.rating} of ${q.scale}` : "Not rated";
      w.text(`${q.label}: ${rating}`, { indent: 10 });
    } else {
      w.text(q.label, { indent: 10, color: MUTED });
      w.text(a?.comment?.trim() ? a.comment : "No comment", { indent: 20, gapAfter: 2 });
    }
  }
}

/** The record's PDF bytes. */
export async function renderRotationRecord(record: RotationRecord): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const w = new Writer(
    doc,
    await doc.embedFont(StandardFonts.Helvetica),
    await doc.embedFont(StandardFonts.HelveticaBold),
  );
  doc.setTitle(w.safe(`Clinical Rotation Record: ${record.student.name}`));
  doc.setProducer(APP_TITLE);
  doc.setCreator(APP_TITLE);
  doc.setCreationDate(record.generatedAt);
  const r = record.rotation;
  const h = record.hours;

  w.text(APP_TITLE, { color: MUTED, size: 10 });
  w.text("Clinical Rotation Record", { font: w.bold, size: 20, gapAfter: 2 });
  w.text(`Generated ${stampText(record.generatedAt)}`, { color: MUTED, size: 9 });

  w.heading("Student");
  w.fields([
    ["Name", record.student.name],
    ["Email", record.student.email],
    ["Program", record.student.program],
  ]);

  w.heading("Rotation");
  w.fields([
    ["Placement", r.placement],
    ["Facility", r.facility],
    ["Department", r.department ?? "—"],
    ["Specialty", r.specialty],
    ["Dates", `${dateText(r.startDate)} – ${dateText(r.endDate)}`],
    ["Status", `Approved, ${ROTATION_PHASE_LABELS[r.phase].toLowerCase()}`],
  ]);

  w.heading("Preceptors");
  if (record.preceptors.length === 0) w.text("No preceptor assigned.", { color: MUTED });
  for (const p of record.preceptors) w.text(`${p.name}${p.title ? `, ${p.title}` : ""} (${p.email})`);

  w.heading("Clinical hours");
  const required = h.requiredHours === null ? "no requirement set" : `${h.requiredHours} required`;
  w.fields([
    ["Approved", `${hoursOf(h.approvedMinutes)} h of ${required}`],
    ["Pending review", `${hoursOf(h.submittedMinutes)} h`],
    ["Returned", `${hoursOf(h.returnedMinutes)} h`],
  ]);
  const groups: [string, RecordEntry["status"], boolean][] = [
    ["Approved entries", "approved", false],
    ["Pending review (not counted)", "submitted", false],
    ["Returned to the student (not counted)", "returned", true],
  ];
  if (h.entries.length === 0) w.text("No hours logged.", { color: MUTED });
  for (const [label, status, withNote] of groups) {
    const entries = h.entries.filter((e) => e.status === status);
    if (entries.length === 0) continue;
    w.subheading(`${label}: ${entries.length}`);
    w.table(ENTRY_COLUMNS, entryRows(entries, withNote));
  }
  if (h.omitted > 0) {
    w.text(`${h.omitted} later entries are not listed here; the totals above count them.`, { color: MUTED });
  }

  w.heading("Evaluations");
  if (record.evaluations.length === 0) w.text("No evaluation opened yet.", { color: MUTED });
  for (const e of record.evaluations) writeEvaluation(w, e);
  if (record.siteEvaluationsWithheld) {
    w.text("The student's evaluation of the site is not part of the facility's copy.", { color: MUTED, size: 9 });
  }

  w.heading("Compliance documents");
  if (record.documents.length === 0) {
    w.text("No documents on file.", { color: MUTED });
  } else {
    w.table(
      [
        { header: "Requirement", width: 250 },
        { header: "Status", width: 110 },
        { header: "Expires", width: WIDTH - 360 },
      ],
      record.documents.map((d) => [
        d.type,
        d.status === "approved" && d.expiresOn && d.expiresOn < record.today ? "Expired" : DOCUMENT_STATUS[d.status],
        d.expiresOn ? dateText(d.expiresOn) : "Does not expire",
      ]),
      9.5,
    );
  }

  w.footers(`Clinical Rotation Record · ${record.student.name} · ${r.placement}, ${r.facility}`);
  return doc.save();
}
