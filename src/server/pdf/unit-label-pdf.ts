/**
 * Units' QR labels (decision 046): one label on a 4 x 2 inch page (a label printer, or "actual
 * size" on any printer), or a company's sheets of 2 x 5 labels of 4 x 2 inches on US Letter (the
 * Avery 5163 / 8163 layout), each location starting on a new page with its name in the top margin.
 *
 * Each label: the QR code (the unit page's URL, vector squares), the unit number, the location and
 * the company, and the short code to type when the QR cannot be scanned.
 *
 * Memory stays bounded for companies with thousands of units: a page's drawing is written as one
 * PDF content stream of text operators, compressed at once, instead of pdf-lib's operator objects
 * (a QR code is a few hundred squares; as objects a 5,000-label sheet held millions of them).
 */
import { PDFDocument, StandardFonts, type PDFFont, type PDFName, type PDFPage } from 'pdf-lib';
import { encode } from 'uqr';
import { unitLabelCode, unitLabelUrl } from '../../domain/unit-labels.js';

const INCH = 72;
/** One label: 4 x 2 inches. */
export const LABEL = { width: 4 * INCH, height: 2 * INCH };
/** Avery 5163 on Letter: 2 columns, 5 rows, 0.5" top margin, 5/32" side margins, 3/16" between columns. */
export const SHEET = {
  page: [8.5 * INCH, 11 * INCH] as [number, number],
  columns: 2,
  rows: 5,
  left: (5 / 32) * INCH,
  top: 0.5 * INCH,
  columnGap: (3 / 16) * INCH,
};
export const LABELS_PER_SHEET = SHEET.columns * SHEET.rows;

/** What one label shows. */
export interface LabelUnit {
  id: string;
  unitNumber: string;
  locationName: string;
  companyName: string;
}

/** A location's units, in the order they are printed. */
export interface LabelLocation {
  name: string;
  units: LabelUnit[];
}

const QUIET_MODULES = 4;
const TEXT = '0.12 0.14 0.17 rg';
const MUTED = '0.35 0.38 0.42 rg';

const n = (value: number) => Number(value.toFixed(3)).toString();

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  mono: PDFFont;
}

/** A page's drawing as PDF operators, in text; its fonts are registered on the page by name. */
class PageDrawing {
  private readonly ops: string[] = [];
  private readonly names = new Map<PDFFont, PDFName>();
  private readonly charsets = new Map<PDFFont, Set<number>>();
  private readonly page: PDFPage;

  constructor(
    private readonly doc: PDFDocument,
    size: [number, number],
  ) {
    this.page = doc.addPage(size);
  }

  /** Text the standard fonts can draw (WinAnsi): another character becomes its base letter or "?". */
  clean(font: PDFFont, text: string): string {
    let set = this.charsets.get(font);
    if (!set) {
      set = new Set(font.getCharacterSet());
      this.charsets.set(font, set);
    }
    let out = '';
    for (const ch of text.replace(/\s+/g, ' ')) {
      if (set.has(ch.codePointAt(0)!)) {
        out += ch;
        continue;
      }
      const base = ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      out += base && [...base].every((c) => set.has(c.codePointAt(0)!)) ? base : '?';
    }
    return out;
  }

  /**
   * Lines of at most `width` points, at most `maxLines` of them: words longer than a line are
   * broken, and the last line is cut with an ellipsis when the text does not fit.
   */
  fit(font: PDFFont, text: string, size: number, width: number, maxLines: number): { lines: string[]; cut: boolean } {
    const fits = (t: string) => font.widthOfTextAtSize(t, size) <= width;
    const pieces: string[] = [];
    for (const word of this.clean(font, text).trim().split(' ').filter(Boolean)) {
      let rest = word;
      while (!fits(rest) && rest.length > 1) {
        let end = rest.length - 1;
        while (end > 1 && !fits(rest.slice(0, end))) end--;
        pieces.push(rest.slice(0, end));
        rest = rest.slice(end);
      }
      pieces.push(rest);
    }
    const lines: string[] = [];
    let line = '';
    let used = 0;
    for (const piece of pieces) {
      const candidate = line ? `${line} ${piece}` : piece;
      if (fits(candidate)) {
        line = candidate;
        used++;
        continue;
      }
      if (line) lines.push(line);
      if (lines.length === maxLines) {
        line = '';
        break;
      }
      line = piece;
      used++;
    }
    if (line) lines.push(line);
    const cut = used < pieces.length;
    if (cut && lines.length) {
      let last = lines[lines.length - 1]!;
      while (last.length > 1 && !fits(`${last}...`)) last = last.slice(0, -1).trimEnd();
      lines[lines.length - 1] = `${last}...`;
    }
    return { lines, cut };
  }

  text(font: PDFFont, size: number, x: number, y: number, text: string, color = TEXT): void {
    if (!text) return;
    let name = this.names.get(font);
    if (!name) {
      name = this.page.node.newFontDictionary(font.name, font.ref);
      this.names.set(font, name);
    }
    this.ops.push(
      `BT ${color} ${name.toString()} ${n(size)} Tf 1 0 0 1 ${n(x)} ${n(y)} Tm ${font.encodeText(text).toString()} Tj ET`,
    );
  }

  /** The QR code of `text` in a square of `side` points (its quiet zone inside), lower-left at x, y. */
  qr(text: string, x: number, y: number, side: number): void {
    const { data } = encode(text, { ecc: 'M', border: 0 });
    const count = data.length + 2 * QUIET_MODULES;
    const m = side / count;
    const rects: string[] = [];
    data.forEach((row, r) => {
      let c = 0;
      while (c < row.length) {
        if (!row[c]) {
          c++;
          continue;
        }
        const start = c;
        while (c < row.length && row[c]) c++;
        const top = y + side - (r + QUIET_MODULES) * m;
        // a hair wider than the module, so neighbouring rows leave no seam when rasterised
        rects.push(
          `${n(x + (start + QUIET_MODULES) * m)} ${n(top - m - 0.02)} ${n((c - start) * m)} ${n(m + 0.02)} re`,
        );
      }
    });
    this.ops.push(`0 0 0 rg ${rects.join(' ')} f`);
  }

  /** Writes the page's drawing as one compressed content stream and lets go of the operators. */
  finish(): void {
    const stream = this.doc.context.flateStream(`q ${this.ops.join('\n')} Q`);
    this.page.node.addContentStream(this.doc.context.register(stream));
    this.ops.length = 0;
  }
}

/** Draws one label with its lower-left corner at x, y. */
function drawLabel(page: PageDrawing, fonts: Fonts, publicUrl: string, unit: LabelUnit, x: number, y: number): void {
  const pad = 8;
  const side = LABEL.height - 2 * pad;
  page.qr(unitLabelUrl(publicUrl, unit.id), x + pad, y + pad, side);

  const textX = x + pad + side + 4;
  const width = LABEL.width - (textX - x) - 10;
  let cursor = y + LABEL.height - 14;

  // The unit number as large as fits on one line (18 to 12 pt), else on two lines at 12 pt.
  let numberSize = 18;
  let number = page.fit(fonts.bold, unit.unitNumber, numberSize, width, 1);
  while (numberSize > 12 && number.cut) number = page.fit(fonts.bold, unit.unitNumber, --numberSize, width, 1);
  if (number.cut) number = page.fit(fonts.bold, unit.unitNumber, numberSize, width, 2);
  for (const line of number.lines) {
    cursor -= numberSize * 0.8;
    page.text(fonts.bold, numberSize, textX, cursor, line);
    cursor -= numberSize * 0.35;
  }
  cursor -= 6;
  for (const line of page.fit(fonts.regular, unit.locationName, 9.5, width, 2).lines) {
    cursor -= 9.5;
    page.text(fonts.regular, 9.5, textX, cursor, line);
    cursor -= 2.5;
  }
  cursor -= 2;
  for (const line of page.fit(fonts.regular, unit.companyName, 8.5, width, 2).lines) {
    cursor -= 8.5;
    page.text(fonts.regular, 8.5, textX, cursor, line, MUTED);
    cursor -= 2.5;
  }

  // the short code, at the bottom: what to type when the QR cannot be read
  page.text(fonts.regular, 7, textX, y + pad + 17, 'Unit code', MUTED);
  page.text(fonts.mono, 12, textX, y + pad + 3, unitLabelCode(unit.id));
}

async function newDocument(title: string): Promise<{ doc: PDFDocument; fonts: Fonts }> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  const [regular, bold, mono] = await Promise.all([
    doc.embedFont(StandardFonts.Helvetica),
    doc.embedFont(StandardFonts.HelveticaBold),
    doc.embedFont(StandardFonts.CourierBold),
  ]);
  return { doc, fonts: { regular, bold, mono } };
}

/** One unit's label on a page of the label's size (4 x 2 inches). */
export async function unitLabelPdf(unit: LabelUnit, publicUrl: string): Promise<Uint8Array> {
  const { doc, fonts } = await newDocument(`QR label: unit ${unit.unitNumber}`);
  const page = new PageDrawing(doc, [LABEL.width, LABEL.height]);
  drawLabel(page, fonts, publicUrl, unit, 0, 0);
  page.finish();
  return doc.save();
}

/**
 * A company's labels: 10 to a Letter sheet, each location from a new sheet whose top margin names
 * the company, the location and the sheet's place among the location's sheets.
 */
export async function labelSheetPdf(
  company: string,
  locations: readonly LabelLocation[],
  publicUrl: string,
): Promise<Uint8Array> {
  const { doc, fonts } = await newDocument(`QR labels: ${company}`);
  const [pageWidth, pageHeight] = SHEET.page;
  if (locations.every((l) => l.units.length === 0)) {
    const page = new PageDrawing(doc, SHEET.page);
    page.text(fonts.bold, 14, SHEET.left + 20, pageHeight - 80, page.clean(fonts.bold, company));
    page.text(fonts.regular, 11, SHEET.left + 20, pageHeight - 100, 'This company has no units yet.');
    page.finish();
    return doc.save();
  }
  for (const location of locations) {
    const sheets = Math.ceil(location.units.length / LABELS_PER_SHEET);
    for (let sheet = 0; sheet < sheets; sheet++) {
      const page = new PageDrawing(doc, SHEET.page);
      const heading = page.fit(
        fonts.regular,
        `${company} - ${location.name}${sheets > 1 ? ` (sheet ${sheet + 1} of ${sheets})` : ''}`,
        7.5,
        pageWidth - 2 * SHEET.left - 40,
        1,
      ).lines[0];
      page.text(fonts.regular, 7.5, SHEET.left + 20, pageHeight - 24, heading ?? '', MUTED);
      const units = location.units.slice(sheet * LABELS_PER_SHEET, (sheet + 1) * LABELS_PER_SHEET);
      units.forEach((unit, i) => {
        const column = i % SHEET.columns;
        const row = Math.floor(i / SHEET.columns);
        const x = SHEET.left + column * (LABEL.width + SHEET.columnGap);
        const y = pageHeight - SHEET.top - (row + 1) * LABEL.height;
        drawLabel(page, fonts, publicUrl, unit, x, y);
      });
      page.finish();
      // A sheet takes ~50 ms (ten QR codes); other requests run between sheets.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return doc.save();
}
