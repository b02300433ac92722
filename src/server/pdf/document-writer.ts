/**
 * A small flowing document writer on pdf-lib: a cursor moves down the page, and whatever does not
 * fit continues on a new page. Quotes use it now and invoices will: letterhead, headings, wrapped
 * paragraphs, label/value blocks and tables whose rows break across pages with the header repeated.
 *
 * The pages are created for the document but not added to it: `finish()` returns them, so the
 * caller decides where they go (a quote puts them between a template's preserved pages).
 */
import {
  PDFPage,
  PDFString,
  rgb,
  StandardFonts,
  type Color,
  type PDFDocument,
  type PDFFont,
  type PDFImage,
} from 'pdf-lib';

export const LETTER: [number, number] = [612, 792];

export interface Margins {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export interface DocumentWriterOptions {
  /** Page size in points; Letter by default. */
  pageSize?: [number, number];
  margins?: Partial<Margins>;
  /** Footer text of each generated page; "{page}" and "{pages}" are replaced. Null: none. */
  footer?: string | null;
}

export interface TextStyle {
  size?: number;
  bold?: boolean;
  color?: Color;
  /** extra left indent in points */
  indent?: number;
  align?: 'left' | 'right' | 'center';
  /** space after the block in points */
  after?: number;
}

export interface Letterhead {
  name: string;
  /** address and phone lines under the name */
  lines: string[];
  /** right side: a title such as "REPAIR QUOTE" and label/value lines under it */
  title?: string;
  details?: [string, string][];
}

export type Cell = string | { text: string; bold?: boolean; color?: Color };

export interface TableColumn {
  header: string;
  /** share of the content width; the shares are normalised */
  width: number;
  align?: 'left' | 'right';
}

export interface TableOptions {
  columns: TableColumn[];
  rows: Cell[][];
  size?: number;
  /** rows drawn in bold with a rule above, after the body (totals) */
  footerRows?: Cell[][];
  /** a light band behind every other row */
  zebra?: boolean;
}

export const COLORS = {
  text: rgb(0.12, 0.14, 0.17),
  muted: rgb(0.42, 0.45, 0.5),
  rule: rgb(0.8, 0.82, 0.85),
  band: rgb(0.95, 0.96, 0.97),
  accent: rgb(0.09, 0.3, 0.55),
  headerFill: rgb(0.9, 0.93, 0.97),
};

const LINE_GAP = 1.3;

export class DocumentWriter {
  readonly pages: PDFPage[] = [];
  private page!: PDFPage;
  private y = 0;
  private readonly size: [number, number];
  private readonly margins: Margins;
  private readonly footer: string | null;
  private readonly charset: Set<number>;

  private constructor(
    readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
    options: DocumentWriterOptions,
  ) {
    this.size = options.pageSize ?? LETTER;
    this.margins = { top: 54, right: 54, bottom: 60, left: 54, ...options.margins };
    this.footer = options.footer === undefined ? 'Page {page} of {pages}' : options.footer;
    this.charset = new Set(regular.getCharacterSet());
    this.newPage();
  }

  /** Embeds the standard Helvetica fonts in `doc` and opens the first page. */
  static async create(doc: PDFDocument, options: DocumentWriterOptions = {}): Promise<DocumentWriter> {
    const [regular, bold] = await Promise.all([
      doc.embedFont(StandardFonts.Helvetica),
      doc.embedFont(StandardFonts.HelveticaBold),
    ]);
    return new DocumentWriter(doc, regular, bold, options);
  }

  get contentWidth(): number {
    return this.size[0] - this.margins.left - this.margins.right;
  }

  /** Space left on the current page, in points. */
  get remaining(): number {
    return this.y - this.margins.bottom;
  }

  newPage(): void {
    this.page = PDFPage.create(this.doc);
    this.page.setSize(this.size[0], this.size[1]);
    this.pages.push(this.page);
    this.y = this.size[1] - this.margins.top;
  }

  /** Starts a new page unless `height` points still fit on this one. */
  ensureSpace(height: number): void {
    if (this.remaining < height) this.newPage();
  }

  spacer(height: number): void {
    if (this.remaining < height) this.newPage();
    else this.y -= height;
  }

  rule(color: Color = COLORS.rule, after = 8): void {
    this.ensureSpace(after + 1);
    this.page.drawLine({
      start: { x: this.margins.left, y: this.y },
      end: { x: this.size[0] - this.margins.right, y: this.y },
      thickness: 0.75,
      color,
    });
    this.y -= after;
  }

  /**
   * Text the standard fonts can draw: they only know WinAnsi, so a character outside it (an emoji,
   * a CJK name) becomes its closest base letter, or "?", instead of failing the whole document.
   */
  clean(text: string): string {
    let out = '';
    for (const ch of text.replace(/\r\n?/g, '\n').replace(/\t/g, '    ')) {
      const code = ch.codePointAt(0)!;
      if (ch === '\n' || this.charset.has(code)) {
        out += ch;
        continue;
      }
      const base = ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      out += [...base].every((c) => this.charset.has(c.codePointAt(0)!)) && base ? base : '?';
    }
    return out;
  }

  private readonly advance = { regular: new Map<string, number>(), bold: new Map<string, number>() };

  /**
   * Width of drawn text: the sum of the characters' advances (pdf-lib's drawText does not kern, so
   * this is exactly what is drawn), each measured once per font. Measuring whole strings through
   * pdf-lib for every wrap candidate was the slowest part of a quote.
   */
  width(text: string, size: number, bold = false): number {
    const cache = bold ? this.advance.bold : this.advance.regular;
    const font = bold ? this.bold : this.regular;
    let units = 0;
    for (const ch of text) {
      let w = cache.get(ch);
      if (w === undefined) {
        w = font.widthOfTextAtSize(ch, 1000);
        cache.set(ch, w);
      }
      units += w;
    }
    return (units * size) / 1000;
  }

  /** The text broken into lines no wider than `maxWidth`; words longer than a line are split. */
  wrap(text: string, size: number, maxWidth: number, bold = false): string[] {
    const lines: string[] = [];
    for (const paragraph of this.clean(text).split('\n')) {
      const words = paragraph.split(/ +/).filter((w, i, all) => w !== '' || all.length === 1);
      const space = this.width(' ', size, bold);
      let line = '';
      let lineWidth = 0;
      for (let word of words) {
        let wordWidth = this.width(word, size, bold);
        if (line && lineWidth + space + wordWidth <= maxWidth) {
          line = `${line} ${word}`;
          lineWidth += space + wordWidth;
          continue;
        }
        if (!line && wordWidth <= maxWidth) {
          line = word;
          lineWidth = wordWidth;
          continue;
        }
        if (line) lines.push(line);
        while (wordWidth > maxWidth && word.length > 1) {
          let cut = word.length - 1;
          while (cut > 1 && this.width(word.slice(0, cut), size, bold) > maxWidth) cut--;
          lines.push(word.slice(0, cut));
          word = word.slice(cut);
          wordWidth = this.width(word, size, bold);
        }
        line = word;
        lineWidth = wordWidth;
      }
      lines.push(line);
    }
    return lines;
  }

  private drawLine(text: string, x: number, size: number, bold: boolean, color: Color) {
    if (text) this.page.drawText(text, { x, y: this.y - size, size, font: bold ? this.bold : this.regular, color });
  }

  /** A wrapped paragraph that continues on the next page when it does not fit. */
  paragraph(text: string, style: TextStyle = {}): void {
    const size = style.size ?? 10;
    const bold = style.bold ?? false;
    const indent = style.indent ?? 0;
    const lineHeight = size * LINE_GAP;
    const maxWidth = this.contentWidth - indent;
    for (const line of this.wrap(text, size, maxWidth, bold)) {
      this.ensureSpace(lineHeight);
      const w = this.width(line, size, bold);
      const x =
        this.margins.left +
        indent +
        (style.align === 'right' ? maxWidth - w : style.align === 'center' ? (maxWidth - w) / 2 : 0);
      this.drawLine(line, x, size, bold, style.color ?? COLORS.text);
      this.y -= lineHeight;
    }
    this.y -= style.after ?? 4;
  }

  /**
   * A PNG image (a drawn signature) scaled down to fit `maxWidth` x `maxHeight` points, never
   * enlarged, drawn on a thin frame at the left margin (plus `indent`).
   */
  async image(png: Uint8Array, options: { maxWidth: number; maxHeight: number; indent?: number }): Promise<void> {
    const image = await this.doc.embedPng(png);
    const scale = Math.min(options.maxWidth / image.width, options.maxHeight / image.height, 1);
    const width = image.width * scale;
    const height = image.height * scale;
    this.ensureSpace(height + 10);
    const x = this.margins.left + (options.indent ?? 0);
    this.page.drawRectangle({
      x: x - 2,
      y: this.y - height - 2,
      width: width + 4,
      height: height + 4,
      borderColor: COLORS.rule,
      borderWidth: 0.75,
    });
    this.page.drawImage(image, { x, y: this.y - height, width, height });
    this.y -= height + 10;
  }

  /**
   * Images (already embedded in the document) in rows of `columns` equal cells, each scaled to fit
   * its cell (never enlarged) with a one-line caption under it. A row that does not fit goes to
   * the next page whole.
   */
  imageGrid(
    images: readonly { image: PDFImage; caption: string }[],
    options: { columns: number; cellHeight: number; gap?: number; captionSize?: number },
  ): void {
    const gap = options.gap ?? 10;
    const captionSize = options.captionSize ?? 8;
    const cellWidth = (this.contentWidth - gap * (options.columns - 1)) / options.columns;
    const fit = (image: PDFImage) => Math.min(cellWidth / image.width, options.cellHeight / image.height, 1);
    for (let start = 0; start < images.length; start += options.columns) {
      const row = images.slice(start, start + options.columns);
      // the row is as tall as its tallest image, with the captions right under the images
      const imagesHeight = Math.max(...row.map(({ image }) => image.height * fit(image)));
      const rowHeight = imagesHeight + 4 + captionSize * LINE_GAP;
      this.ensureSpace(rowHeight + gap);
      row.forEach(({ image, caption }, column) => {
        const scale = fit(image);
        const width = image.width * scale;
        const height = image.height * scale;
        const x = this.margins.left + column * (cellWidth + gap);
        this.page.drawRectangle({
          x: x - 1,
          y: this.y - height - 1,
          width: width + 2,
          height: height + 2,
          borderColor: COLORS.rule,
          borderWidth: 0.75,
        });
        this.page.drawImage(image, { x, y: this.y - height, width, height });
        let text = this.clean(caption).replace(/\n/g, ' ');
        while (text.length > 1 && this.width(text, captionSize) > cellWidth) text = `${text.slice(0, -2)}\u2026`;
        if (!this.charset.has(0x2026)) text = text.replace(/\u2026/g, '.');
        if (text)
          this.page.drawText(text, {
            x,
            y: this.y - imagesHeight - 4 - captionSize,
            size: captionSize,
            font: this.regular,
            color: COLORS.muted,
          });
      });
      this.y -= rowHeight + gap;
    }
  }

  /** A section heading, kept on the same page as at least a few lines of what follows. */
  heading(text: string, level: 1 | 2 | 3 = 2): void {
    const size = level === 1 ? 16 : level === 2 ? 13 : 11;
    const before = level === 1 ? 6 : level === 2 ? 10 : 6;
    if (this.pages.length && this.y < this.size[1] - this.margins.top) this.spacer(before);
    this.ensureSpace(size * LINE_GAP + 48);
    this.paragraph(text, {
      size,
      bold: true,
      color: level === 3 ? COLORS.text : COLORS.accent,
      after: level === 2 ? 2 : 3,
    });
    if (level <= 2) this.rule(COLORS.rule, 8);
  }

  /**
   * Blocks side by side (Bill To beside Service Location), each a heading over its own lines
   * wrapped to its column, kept together on one page.
   */
  columns(
    blocks: { heading: string; lines: { text: string; bold?: boolean }[] }[],
    options: { size?: number; gap?: number } = {},
  ): void {
    if (!blocks.length) return;
    const size = options.size ?? 10;
    const gap = options.gap ?? 24;
    const headingSize = 13;
    const lineHeight = size * LINE_GAP;
    const width = (this.contentWidth - gap * (blocks.length - 1)) / blocks.length;
    const wrapped = blocks.map((b) =>
      b.lines.flatMap((l) =>
        this.wrap(l.text, size, width, l.bold ?? false).map((text) => ({ text, bold: l.bold ?? false })),
      ),
    );
    const headingHeight = headingSize * LINE_GAP + 10;
    const height = headingHeight + Math.max(...wrapped.map((w) => w.length)) * lineHeight;
    if (this.pages.length && this.y < this.size[1] - this.margins.top) this.spacer(10);
    this.ensureSpace(height);
    const top = this.y;
    blocks.forEach((block, i) => {
      const x = this.margins.left + i * (width + gap);
      this.y = top;
      this.drawLine(this.clean(block.heading), x, headingSize, true, COLORS.accent);
      this.y -= headingSize * LINE_GAP + 2;
      this.page.drawLine({
        start: { x, y: this.y },
        end: { x: x + width, y: this.y },
        thickness: 0.75,
        color: COLORS.rule,
      });
      this.y -= 8;
      for (const line of wrapped[i] ?? []) {
        this.drawLine(line.text, x, size, line.bold, COLORS.text);
        this.y -= lineHeight;
      }
    });
    this.y = top - height - 4;
  }

  /** Label/value lines in two columns (label muted, value wrapped beside it). */
  keyValues(rows: [string, string][], options: { size?: number; labelWidth?: number; bold?: boolean } = {}): void {
    const size = options.size ?? 10;
    const bold = options.bold ?? false;
    const labelWidth = options.labelWidth ?? 130;
    const lineHeight = size * LINE_GAP;
    for (const [label, value] of rows) {
      const valueLines = this.wrap(value, size, this.contentWidth - labelWidth, bold);
      valueLines.forEach((line, i) => {
        this.ensureSpace(lineHeight);
        if (i === 0 || this.y === this.size[1] - this.margins.top)
          this.drawLine(this.clean(label), this.margins.left, size, bold, bold ? COLORS.text : COLORS.muted);
        this.drawLine(line, this.margins.left + labelWidth, size, bold, COLORS.text);
        this.y -= lineHeight;
      });
    }
    this.y -= 4;
  }

  /** Label and URL lines; each URL is drawn in the accent colour and is clickable (a URI link annotation). */
  links(rows: [string, string][], options: { size?: number; labelWidth?: number } = {}): void {
    const size = options.size ?? 10;
    const labelWidth = options.labelWidth ?? 80;
    const lineHeight = size * LINE_GAP;
    for (const [label, url] of rows) {
      const lines = this.wrap(url, size, this.contentWidth - labelWidth);
      this.ensureSpace(lineHeight * lines.length);
      const top = this.y;
      this.drawLine(this.clean(label), this.margins.left, size, true, COLORS.text);
      let widest = 0;
      for (const line of lines) {
        this.drawLine(line, this.margins.left + labelWidth, size, false, COLORS.accent);
        widest = Math.max(widest, this.width(line, size));
        this.y -= lineHeight;
      }
      const x = this.margins.left + labelWidth;
      const annotation = this.doc.context.obj({
        Type: 'Annot',
        Subtype: 'Link',
        Rect: [x, this.y, x + widest, top],
        Border: [0, 0, 0],
        A: { Type: 'Action', S: 'URI', URI: PDFString.of(url) },
      });
      this.page.node.addAnnot(this.doc.context.register(annotation));
    }
    this.y -= 4;
  }

  /** Company name and address on the left, a title and details on the right, and a rule. */
  letterhead(head: Letterhead): void {
    const top = this.y;
    const rightWidth = this.contentWidth * 0.42;
    const leftWidth = this.contentWidth - rightWidth - 12;
    // left column
    let y = top;
    for (const line of this.wrap(head.name, 18, leftWidth, true)) {
      this.page.drawText(line, { x: this.margins.left, y: y - 18, size: 18, font: this.bold, color: COLORS.accent });
      y -= 18 * 1.2;
    }
    y -= 2;
    for (const text of head.lines.filter(Boolean)) {
      for (const line of this.wrap(text, 9.5, leftWidth)) {
        this.page.drawText(line, {
          x: this.margins.left,
          y: y - 9.5,
          size: 9.5,
          font: this.regular,
          color: COLORS.muted,
        });
        y -= 9.5 * LINE_GAP;
      }
    }
    // right column, right-aligned
    let ry = top;
    const right = this.size[0] - this.margins.right;
    if (head.title) {
      const title = this.clean(head.title);
      this.page.drawText(title, {
        x: right - this.width(title, 16, true),
        y: ry - 16,
        size: 16,
        font: this.bold,
        color: COLORS.text,
      });
      ry -= 16 * 1.4;
    }
    for (const [label, value] of head.details ?? []) {
      const text = this.clean(`${label}: ${value}`);
      const lines = this.wrap(text, 9.5, rightWidth);
      for (const line of lines) {
        this.page.drawText(line, {
          x: right - this.width(line, 9.5),
          y: ry - 9.5,
          size: 9.5,
          font: this.regular,
          color: COLORS.text,
        });
        ry -= 9.5 * LINE_GAP;
      }
    }
    this.y = Math.min(y, ry) - 8;
    this.rule(COLORS.accent, 14);
  }

  /**
   * A table with wrapped cells. A row that does not fit moves to the next page, where the header
   * is drawn again; a row taller than a whole page is split between pages line by line.
   */
  table(options: TableOptions): void {
    const size = options.size ?? 9.5;
    const lineHeight = size * LINE_GAP;
    const pad = 4;
    const total = options.columns.reduce((s, c) => s + c.width, 0);
    const widths = options.columns.map((c) => (c.width / total) * this.contentWidth);
    const xs = widths.map((_, i) => this.margins.left + widths.slice(0, i).reduce((s, w) => s + w, 0));
    const cellOf = (cell: Cell) => (typeof cell === 'string' ? { text: cell } : cell);

    const drawCells = (cells: { lines: string[]; bold: boolean; color: Color }[], from: number, count: number) => {
      cells.forEach((cell, i) => {
        const column = options.columns[i]!;
        cell.lines.slice(from, from + count).forEach((line, k) => {
          const w = this.width(line, size, cell.bold);
          const x = column.align === 'right' ? xs[i]! + widths[i]! - pad - w : xs[i]! + pad;
          this.page.drawText(line, {
            x,
            y: this.y - pad - size - k * lineHeight + 1,
            size,
            font: cell.bold ? this.bold : this.regular,
            color: cell.color,
          });
        });
      });
    };

    const header = () => {
      const headerCells = options.columns.map((c, i) => ({
        lines: this.wrap(c.header, size, widths[i]! - 2 * pad, true),
        bold: true,
        color: COLORS.text,
      }));
      const lines = Math.max(...headerCells.map((c) => c.lines.length));
      const height = lines * lineHeight + 2 * pad;
      this.page.drawRectangle({
        x: this.margins.left,
        y: this.y - height,
        width: this.contentWidth,
        height,
        color: COLORS.headerFill,
      });
      drawCells(headerCells, 0, lines);
      this.y -= height;
    };

    const rowHeight = (lines: number) => lines * lineHeight + 2 * pad;
    const minimum = rowHeight(1) * 2 + 4;
    this.ensureSpace(minimum);
    header();

    const cellLines = (row: Cell[], bold: boolean) =>
      Math.max(
        1,
        ...row.map(
          (raw, i) => this.wrap(cellOf(raw).text, size, widths[i]! - 2 * pad, bold || Boolean(cellOf(raw).bold)).length,
        ),
      );
    // The totals stay on the page of the last row: never a lone totals row on a page of its own.
    const footerHeight = (options.footerRows ?? []).reduce((h, row) => h + rowHeight(cellLines(row, true)), 0);

    const body = (rows: Cell[][], bold: boolean, zebra: boolean, keepWithLast = 0) => {
      rows.forEach((row, r) => {
        const cells = row.map((raw, i) => {
          const cell = cellOf(raw);
          const isBold = bold || Boolean(cell.bold);
          return {
            lines: this.wrap(cell.text, size, widths[i]! - 2 * pad, isBold),
            bold: isBold,
            color: cell.color ?? COLORS.text,
          };
        });
        const lines = Math.max(1, ...cells.map((c) => c.lines.length));
        if (keepWithLast && r === rows.length - 1 && this.remaining < rowHeight(lines) + keepWithLast + 2) {
          this.newPage();
          header();
        }
        let from = 0;
        while (from < lines) {
          if (this.remaining < rowHeight(1)) {
            this.newPage();
            header();
          }
          const fit = Math.max(1, Math.min(lines - from, Math.floor((this.remaining - 2 * pad) / lineHeight)));
          // Keep a row whole when it fits on a fresh page.
          if (
            from === 0 &&
            fit < lines &&
            rowHeight(lines) <= this.size[1] - this.margins.top - this.margins.bottom - rowHeight(2)
          ) {
            this.newPage();
            header();
            continue;
          }
          const height = rowHeight(fit);
          if (zebra && r % 2 === 1)
            this.page.drawRectangle({
              x: this.margins.left,
              y: this.y - height,
              width: this.contentWidth,
              height,
              color: COLORS.band,
            });
          drawCells(cells, from, fit);
          this.y -= height;
          from += fit;
        }
      });
    };

    body(options.rows, false, options.zebra ?? true, footerHeight);
    if (options.footerRows?.length) {
      if (this.remaining < footerHeight + 2) {
        this.newPage();
        header();
      }
      this.rule(COLORS.rule, 0);
      body(options.footerRows, true, false);
    }
    this.y -= 8;
  }

  /**
   * Draws the footers ("Page n of m") and returns the pages, in order. When the pages go into a
   * larger document, `firstPage` and `totalPages` number them within it.
   */
  finish(numbering: { firstPage?: number; totalPages?: number } = {}): PDFPage[] {
    if (this.footer) {
      const first = numbering.firstPage ?? 1;
      const count = numbering.totalPages ?? this.pages.length;
      this.pages.forEach((page, i) => {
        const text = this.clean(this.footer!.replace('{page}', String(first + i)).replace('{pages}', String(count)));
        const size = 8;
        page.drawText(text, {
          x: (this.size[0] - this.width(text, size)) / 2,
          y: this.margins.bottom / 2 - size / 2,
          size,
          font: this.regular,
          color: COLORS.muted,
        });
      });
    }
    return this.pages;
  }
}
