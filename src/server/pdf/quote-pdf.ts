/**
 * The quote PDF: the default template's preserved pages, copied unchanged, with the generated quote
 * pages in place of the template's first page that is not preserved (issue 12).
 */
import { PDFDocument, type PDFImage } from 'pdf-lib';
import { formatCents } from '../../domain/money.js';
import { quotePageOrder } from '../../domain/quote-templates.js';
import { QUOTE_WORDING, quoteSummary, type QuoteSummary } from '../../domain/quote-summary.js';
import {
  optionLabel,
  QUOTE_TITLES,
  usDate,
  type QuoteDocumentData,
  type QuoteInspection,
} from '../../domain/quotes.js';
import { COLORS, DocumentWriter, LETTER } from './document-writer.js';

const NA = 'N/A';
const orNA = (value: string | number | null | undefined) =>
  value === null || value === undefined || String(value).trim() === '' ? NA : String(value);
const ITEM_TYPE_LABELS = { part: 'Part', labor: 'Labor', item: 'Item' } as const;

function unitLabel(data: QuoteDocumentData, index: number): string {
  const unit = data.unit?.unitNumber;
  return data.inspections.length > 1
    ? `Inspection ${index + 1}${unit ? ` - unit ${unit}` : ''}`
    : `Inspection${unit ? ` - unit ${unit}` : ''}`;
}

/** An inspection's photos as drawn in the quote: the embedded thumbnail and its file name. */
export interface QuotePhotoImage {
  image: PDFImage;
  fileName: string;
}
export type QuotePhotoImages = ReadonlyMap<string, readonly QuotePhotoImage[]>;

/** Each inspection's photos under the results table, four to a row, with their file names. */
function inspectionPhotos(w: DocumentWriter, data: QuoteDocumentData, photos: QuotePhotoImages) {
  data.inspections.forEach((inspection, n) => {
    const own = photos.get(inspection.id) ?? [];
    if (!own.length) return;
    w.heading(`Photos: ${unitLabel(data, n)}`, 3);
    w.imageGrid(
      own.map((p, i) => ({ image: p.image, caption: `${i + 1}. ${p.fileName}` })),
      { columns: 4, cellHeight: 110 },
    );
  });
}

function inspectionResults(w: DocumentWriter, data: QuoteDocumentData, photos: QuotePhotoImages) {
  w.heading('Inspection Results');
  if (!data.inspections.length) {
    w.paragraph('No inspection data available', { color: COLORS.muted });
    return;
  }
  w.table({
    columns: [
      { header: 'Inspection', width: 1.3 },
      { header: 'Model', width: 1.2 },
      { header: 'Serial', width: 1.2 },
      { header: 'Age (years)', width: 0.7, align: 'right' },
      { header: 'Tonnage', width: 0.7, align: 'right' },
      { header: 'Unit Type', width: 0.8 },
      { header: 'System Type', width: 0.9 },
    ],
    rows: data.inspections.map((i, n) => [
      unitLabel(data, n),
      orNA(i.modelNumber),
      orNA(i.serialNumber),
      orNA(i.age),
      orNA(i.tonnage),
      orNA(i.unitType),
      orNA(i.systemType),
    ]),
  });
  inspectionPhotos(w, data, photos);
}

function repairIncludes(i: QuoteInspection): string[] {
  const r = i.repair!;
  const notes: string[] = [];
  if (r.laborCents) notes.push('labor');
  if (r.refrigerationRecoveryCents) notes.push('refrigerant recovery');
  if (r.startUpCents) notes.push('start-up');
  if (r.thermostatStartupCents) notes.push('thermostat start-up');
  if (r.removalCents) notes.push('removal of the old equipment');
  if (r.permitCents) notes.push('permit');
  notes.push(...r.accessories.filter((a) => a.name.trim()).map((a) => a.name.trim()));
  notes.push(...r.additionalItems.filter((a) => a.name.trim()).map((a) => a.name.trim()));
  return notes;
}

/** Each unit's offered options (decision 031: an option without a price is not offered). */
function repairOptions(w: DocumentWriter, data: QuoteDocumentData, summary: QuoteSummary, title: string) {
  w.heading(title);
  const withRepairs = data.inspections.filter((i) => i.repair);
  if (!withRepairs.length) {
    w.paragraph('No repair details recorded yet.', { color: COLORS.muted });
    return;
  }
  data.inspections.forEach((inspection, n) => {
    const unit = summary.units[n];
    if (!inspection.repair || !unit) return;
    w.heading(unitLabel(data, n), 3);
    if (!unit.options.length) {
      w.paragraph('No priced options yet.', { color: COLORS.muted });
      return;
    }
    const chosen = unit.options.find((o) => o.phase === unit.chosenPhase)!;
    w.table({
      columns: [
        { header: 'Option', width: 1.1 },
        { header: 'Description', width: 3 },
        { header: 'Selected', width: 0.7 },
        { header: 'Total', width: 0.9, align: 'right' },
      ],
      rows: unit.options.map((o) => {
        const isChosen = o.phase === unit.chosenPhase;
        return [
          { text: o.label, bold: isChosen },
          { text: o.description, bold: isChosen },
          { text: isChosen ? 'Selected' : '', bold: true, color: COLORS.accent },
          { text: formatCents(o.totalCents), bold: isChosen },
        ];
      }),
      footerRows: [['', `${optionLabel(chosen.phase)} selected`, '', formatCents(chosen.totalCents)]],
    });
    const includes = repairIncludes(inspection);
    if (includes.length)
      w.paragraph(`Every option includes: ${includes.join(', ')}.`, { size: 9, color: COLORS.muted });
    if (inspection.repair.needsCrane) w.paragraph('A crane is needed for this work.', { size: 9, color: COLORS.muted });
    if (inspection.repair.warranty?.trim())
      w.paragraph(`Warranty: ${inspection.repair.warranty.trim()}`, { size: 9, color: COLORS.muted });
  });
}

/** The job's items this quote covers (parts and labor; every item on an "other" quote). */
function items(w: DocumentWriter, summary: QuoteSummary, title: string, emptyText: string | null) {
  if (!summary.items.length && emptyText === null) return;
  w.heading(title);
  if (!summary.items.length) {
    w.paragraph(emptyText ?? '', { color: COLORS.muted });
    return;
  }
  w.table({
    columns: [
      { header: 'Code', width: 1 },
      { header: 'Item', width: 2.6 },
      { header: 'Type', width: 0.6 },
      { header: 'Qty', width: 0.5, align: 'right' },
      { header: 'Unit Price', width: 0.9, align: 'right' },
      { header: 'Total', width: 0.9, align: 'right' },
    ],
    rows: summary.items.map((i) => [
      i.code,
      i.name,
      ITEM_TYPE_LABELS[i.type],
      String(i.quantity),
      formatCents(i.unitCostCents),
      formatCents(i.totalCents),
    ]),
    footerRows: [['', 'Items total', '', '', '', formatCents(summary.itemsTotalCents)]],
  });
}

/** The one total (quoteSummary), its parts, and what declining costs, said as such. */
function totals(w: DocumentWriter, summary: QuoteSummary) {
  w.heading('Total');
  const parts: [string, string][] =
    summary.quoteType === 'other'
      ? []
      : [
          ['Selected options', formatCents(summary.repairsTotalCents)],
          ['Parts and labor', formatCents(summary.itemsTotalCents)],
        ];
  if (parts.length) w.keyValues(parts, { labelWidth: 200, size: 10.5 });
  w.keyValues([['Grand Total', formatCents(summary.grandTotalCents)]], { labelWidth: 200, size: 13, bold: true });
  if (summary.declineFeeCents !== null) {
    w.paragraph(
      `If you decline the ${QUOTE_WORDING[summary.quoteType].subject}, an inspection fee of ${formatCents(summary.declineFeeCents)} is charged for the inspection. The fee is not part of the total above.`,
      { size: 9.5, color: COLORS.muted },
    );
  }
}

/** The generated pages' content, in reading order. */
export function writeQuoteContent(
  w: DocumentWriter,
  data: QuoteDocumentData,
  photos: QuotePhotoImages = new Map(),
): void {
  const c = data.company;
  w.letterhead({
    name: c.name,
    lines: [...c.addressLines, c.phone ? `Phone ${c.phone}` : ''],
    title: QUOTE_TITLES[data.quoteType],
    details: [
      ['Quote number', data.quoteNumber ?? 'Preview (assigned when sent)'],
      ['Date', usDate(data.date)],
      ['Job', `#${data.job.number}`],
      ...(data.job.customerPo ? ([['Customer PO', data.job.customerPo]] as [string, string][]) : []),
    ],
  });

  const l = data.location;
  w.heading('Customer');
  w.keyValues([
    ['Customer', data.customerCompany],
    [
      'Location',
      [l.name, l.buildingName && l.buildingName !== l.name ? l.buildingName : ''].filter(Boolean).join(', '),
    ],
    ['Address', `${l.address}, ${l.city}, ${l.state} ${l.zip}`],
    ['Unit', data.unit?.unitNumber ?? NA],
    ...(data.job.contactName
      ? ([
          ['Contact', [data.job.contactName, data.job.contactPhone, data.job.contactEmail].filter(Boolean).join(', ')],
        ] as [string, string][])
      : []),
    ['Job', `#${data.job.number} ${data.job.name}`],
  ]);
  if (data.job.description.trim()) w.paragraph(data.job.description, { size: 9.5, color: COLORS.muted });

  const summary = quoteSummary(data);
  switch (data.quoteType) {
    case 'inspection':
      inspectionResults(w, data, photos);
      repairOptions(w, data, summary, 'Recommended Repairs');
      items(w, summary, 'Parts and Labor', null);
      break;
    case 'repair':
      inspectionResults(w, data, photos);
      repairOptions(w, data, summary, 'Repair Options');
      items(w, summary, 'Parts and Labor', null);
      break;
    case 'replacement':
      inspectionResults(w, data, photos);
      repairOptions(w, data, summary, 'Replacement Options');
      items(w, summary, 'Parts and Labor', null);
      break;
    case 'other':
      items(w, summary, 'Items', 'No items added yet');
      break;
  }
  totals(w, summary);

  w.heading('Your Decision');
  if (data.links) {
    w.paragraph(
      'Approve or decline this quote online. Approving authorizes us to proceed with the work; we will contact you to schedule it.',
      { size: 10 },
    );
    w.links([
      ['Approve', data.links.approveUrl],
      ['Decline', data.links.denyUrl],
    ]);
  } else {
    w.paragraph(
      "Preview: the approve and decline links are added here when the quote is sent. They lead to the customer page at /quote/confirm/ with the quote's own link code.",
      { size: 10, color: COLORS.muted },
    );
  }
}

/** A photo of an inspection for the quote: its thumbnail (a JPEG, see decision 009) and name. */
export interface QuotePhoto {
  inspectionId: string;
  fileName: string;
  jpeg: Uint8Array;
}

export interface QuotePdfInput {
  templateBytes: Uint8Array;
  preservedPages: readonly number[];
  data: QuoteDocumentData;
  /** the inspections' photos, in upload order; printed under the inspection results */
  photos?: readonly QuotePhoto[];
}

/** Embeds the photos of the quote's inspections; one that cannot be embedded is left out, not the quote. */
async function embedPhotos(
  out: PDFDocument,
  data: QuoteDocumentData,
  photos: readonly QuotePhoto[],
): Promise<QuotePhotoImages> {
  const shown = new Set(data.quoteType === 'other' ? [] : data.inspections.map((i) => i.id));
  const byInspection = new Map<string, QuotePhotoImage[]>();
  for (const photo of photos) {
    if (!shown.has(photo.inspectionId)) continue;
    let image: PDFImage;
    try {
      // A copy: pdf-lib's JPEG reader looks at the view's whole ArrayBuffer from offset 0, and a
      // Buffer from storage is a view into a larger pool ("SOI not found in JPEG").
      image = await out.embedJpg(new Uint8Array(photo.jpeg));
    } catch {
      continue;
    }
    const list = byInspection.get(photo.inspectionId) ?? [];
    list.push({ image, fileName: photo.fileName });
    byInspection.set(photo.inspectionId, list);
  }
  return byInspection;
}

/**
 * The whole quote: preserved pages copied in one copyPages call (same content, same size), the
 * generated pages sized like the template page they replace.
 */
export async function assembleQuotePdf({
  templateBytes,
  preservedPages,
  data,
  photos = [],
}: QuotePdfInput): Promise<Uint8Array> {
  const template = await PDFDocument.load(templateBytes, { updateMetadata: false });
  const pageCount = template.getPageCount();
  const order = quotePageOrder(pageCount, preservedPages);
  const keep = order.filter((p): p is number => p !== 'generated');
  const firstReplaced = Array.from({ length: pageCount }, (_, i) => i + 1).find((p) => !keep.includes(p));
  const sizeOf = template.getPage((firstReplaced ?? pageCount) - 1).getSize();

  const out = await PDFDocument.create();
  const copied = await out.copyPages(
    template,
    keep.map((p) => p - 1),
  );
  const writer = await DocumentWriter.create(out, {
    pageSize: sizeOf.width > 200 && sizeOf.height > 200 ? [sizeOf.width, sizeOf.height] : LETTER,
  });
  writeQuoteContent(writer, data, await embedPhotos(out, data, photos));
  const before = order.indexOf('generated');
  const generated = writer.finish({ firstPage: before + 1, totalPages: keep.length + writer.pages.length });

  let next = 0;
  for (const entry of order) {
    if (entry === 'generated') generated.forEach((page) => out.addPage(page));
    else out.addPage(copied[next++]!);
  }
  const title = `${QUOTE_TITLES[data.quoteType].toLowerCase().replace(/^\w|\s\w/g, (s) => s.toUpperCase())}${data.quoteNumber ? ` ${data.quoteNumber}` : ''}`;
  out.setTitle(title);
  out.setAuthor(data.company.name);
  out.setSubject(`Job #${data.job.number}`);
  out.setCreator('HVAC Field Service');
  out.setProducer('HVAC Field Service (pdf-lib)');
  return out.save();
}
