/**
 * A real multi-page quote template made with pdf-lib: a cover page, pages meant to be replaced by
 * the generated quote, and a terms page. The demo seed stores one per quote type; tests and the
 * benchmark use it as a realistic template.
 */
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';

export interface SampleTemplateOptions {
  companyName: string;
  /** "Repair Quote" */
  title: string;
  phone?: string;
  address?: string;
  /** total page count: cover, placeholders, terms (at least 2) */
  pages?: number;
  /** creation date written into the file (the seed passes its fixed day) */
  date?: Date;
}

const TERMS = [
  'Pricing. Prices in this quote are valid for 30 days from the quote date and include labor, materials and equipment named in the quote. Taxes, permits and crane services are included only where listed.',
  'Scheduling. Approved work is scheduled within five business days of approval, subject to equipment availability. Roof access and a safe working area must be provided by the customer.',
  'Inspection fee. If the recommended repairs are declined, an inspection fee of $180.00 is invoiced for the inspection already performed, due within 30 days (Net 30).',
  "Warranty. Parts carry the manufacturer's warranty; our workmanship is warranted for 90 days from completion unless a longer warranty is stated in the quote.",
  'Payment. Invoices are due within 30 days of issue. Balances past due may delay future service.',
  'Hidden conditions. Conditions that could not be seen during the inspection (concealed leaks, corroded structure, code violations) are quoted separately before any additional work begins.',
];

function wrap(
  text: string,
  font: { widthOfTextAtSize(t: string, s: number): number },
  size: number,
  width: number,
): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) > width && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

export async function buildSampleTemplatePdf(options: SampleTemplateOptions): Promise<Uint8Array> {
  const total = Math.max(2, options.pages ?? 3);
  const doc = await PDFDocument.create();
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const navy = rgb(0.09, 0.3, 0.55);
  doc.setTitle(`${options.title} template`);
  doc.setAuthor(options.companyName);
  doc.setCreator('HVAC Field Service demo data');
  if (options.date) {
    doc.setCreationDate(options.date);
    doc.setModificationDate(options.date);
  }

  // Cover
  const cover = doc.addPage([612, 792]);
  cover.drawRectangle({ x: 0, y: 592, width: 612, height: 200, color: navy });
  cover.drawText(options.companyName, { x: 54, y: 700, size: 28, font: bold, color: rgb(1, 1, 1) });
  cover.drawText('Commercial HVAC Service', { x: 54, y: 668, size: 14, font: regular, color: rgb(0.85, 0.9, 1) });
  cover.drawText(options.title, { x: 54, y: 470, size: 34, font: bold, color: navy });
  cover.drawText('Prepared for our valued customer', {
    x: 54,
    y: 436,
    size: 14,
    font: regular,
    color: rgb(0.3, 0.3, 0.3),
  });
  const contact = [options.address, options.phone].filter(Boolean).join('  |  ');
  if (contact) cover.drawText(contact, { x: 54, y: 80, size: 11, font: regular, color: rgb(0.3, 0.3, 0.3) });
  cover.drawText('Cover page', { x: 54, y: 54, size: 8, font: regular, color: rgb(0.6, 0.6, 0.6) });

  // Placeholder pages (replaced by the generated quote)
  for (let i = 2; i < total; i++) {
    const page = doc.addPage([612, 792]);
    page.drawText(`Quote details (page ${i})`, { x: 54, y: 720, size: 18, font: bold, color: navy });
    page.drawText('This page is replaced by the generated quote.', { x: 54, y: 690, size: 12, font: regular });
  }

  // Terms
  const terms = doc.addPage([612, 792]);
  terms.drawText('Terms and Conditions', { x: 54, y: 720, size: 20, font: bold, color: navy });
  let y = 684;
  TERMS.forEach((paragraph, n) => {
    for (const line of wrap(`${n + 1}. ${paragraph}`, regular, 10.5, 504)) {
      terms.drawText(line, { x: 54, y, size: 10.5, font: regular, color: rgb(0.15, 0.15, 0.15) });
      y -= 15;
    }
    y -= 8;
  });
  terms.drawText(`${options.companyName} - Terms and Conditions`, {
    x: 54,
    y: 54,
    size: 8,
    font: regular,
    color: rgb(0.6, 0.6, 0.6),
  });
  return doc.save();
}
