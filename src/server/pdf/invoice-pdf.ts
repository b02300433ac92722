/**
 * The invoice PDF: the company's letterhead from Settings, the customer and location, the lines,
 * the total and the terms (Net 30). Written with the shared document writer on pdf-lib.
 */
import { PDFDocument } from 'pdf-lib';
import {
  billingPeriodText,
  billToLines,
  cityLine,
  formatQuantity,
  INVOICE_TERMS,
  totalsRows,
  type InvoiceDetail,
} from '../../domain/invoices/index.js';
import { formatDateTimeInZone } from '../../domain/dates.js';
import { formatCents } from '../../domain/money.js';
import { usDate } from '../../domain/quotes.js';
import type { CompanySettings } from '../../domain/settings.js';
import { COLORS, DocumentWriter } from './document-writer.js';

const STATUS_TITLES: Record<InvoiceDetail['status'], string> = {
  draft: 'INVOICE (DRAFT)',
  issued: 'INVOICE',
  paid: 'INVOICE (PAID)',
  void: 'INVOICE (VOID)',
};

function companyLines(company: CompanySettings): string[] {
  const a = company.physical_address;
  return [
    a.street,
    [a.city, [a.state, a.zip].filter(Boolean).join(' ')].filter(Boolean).join(', '),
    company.phone ? `Phone ${company.phone}` : '',
  ].filter(Boolean);
}

/** invoice-JOB-1042-INV-0381.pdf */
export const invoicePdfFileName = (invoiceNumber: string): string => `invoice-${invoiceNumber}.pdf`;

/** "11/24/2026, 3:05 PM EST": the time of a signature in the company's time zone (the one date-time format). */
export function signedAtText(iso: string, timeZone: string): string {
  return formatDateTimeInZone(iso, timeZone);
}

/**
 * "Signed by" of an invoice for approved work: the customer's typed name, the time and the drawn
 * signature (when one was drawn and can be read; the typed name alone is the signature otherwise).
 */
async function signedByBlock(
  w: DocumentWriter,
  signed: NonNullable<InvoiceDetail['signedBy']>,
  timeZone: string,
  png: Uint8Array | null,
): Promise<void> {
  w.heading('Signed by');
  w.paragraph(`The customer approved quote ${signed.quoteNumber} and signed it online.`, {
    size: 10,
    color: COLORS.muted,
  });
  w.keyValues([
    ['Name', signed.signerName],
    ['Signed', signedAtText(signed.signedAt, timeZone)],
  ]);
  if (png) {
    try {
      await w.image(png, { maxWidth: 220, maxHeight: 70, indent: 130 });
    } catch {
      // A signature that does not decode leaves the typed name as the signature.
    }
  }
}

export async function invoicePdf(
  invoice: InvoiceDetail,
  company: CompanySettings,
  extras: { signaturePng?: Uint8Array | null } = {},
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const w = await DocumentWriter.create(doc);
  const details: [string, string][] = [
    ['Invoice number', invoice.invoiceNumber],
    ['Invoice date', invoice.issuedDate ? usDate(invoice.issuedDate) : 'Not issued yet'],
    ['Due date', invoice.dueDate ? usDate(invoice.dueDate) : '-'],
    ['Terms', invoice.terms],
  ];
  // An agreement's advance invoice has no job: it names the agreement and its period (decision 052).
  if (invoice.job) details.push(['Job', `#${invoice.job.number}`]);
  else if (invoice.agreement) {
    details.push(['Agreement', `#${invoice.agreement.number}`]);
    const period = billingPeriodText(invoice.agreement);
    if (period) details.push(['Period', period]);
  }
  if (invoice.job?.customerPo) details.push(['Customer PO', invoice.job.customerPo]);
  if (invoice.paidDate) details.push(['Paid', usDate(invoice.paidDate)]);
  w.letterhead({ name: company.name, lines: companyLines(company), title: STATUS_TITLES[invoice.status], details });

  // Bill To (the billing party, decision 037) beside the Service Location (where the work was done).
  const l = invoice.location;
  const billTo = billToLines(invoice.billTo);
  const customerName = invoice.customer.companyName;
  const service = [
    l.name,
    customerName && customerName !== l.name ? customerName : null,
    l.address,
    cityLine(l),
    l.unitNumber ? `Unit ${l.unitNumber}` : null,
    invoice.job
      ? `Job #${invoice.job.number} ${invoice.job.name}`
      : invoice.agreement
        ? `Service agreement #${invoice.agreement.number} ${invoice.agreement.name}`
        : null,
    invoice.job?.contactName
      ? `Contact: ${[invoice.job.contactName, invoice.job.contactPhone, invoice.job.contactEmail].filter(Boolean).join(', ')}`
      : null,
  ].filter((line): line is string => Boolean(line));
  w.columns([
    {
      heading: 'Bill To',
      lines: (billTo.length ? billTo : ['Unknown']).map((text, i) => ({ text, bold: i === 0 })),
    },
    { heading: 'Service Location', lines: service.map((text, i) => ({ text, bold: i === 0 && Boolean(l.name) })) },
  ]);

  w.heading('Services');
  w.table({
    columns: [
      { header: 'Code', width: 16 },
      { header: 'Description', width: 44 },
      { header: 'Qty', width: 10, align: 'right' },
      { header: 'Unit Price', width: 15, align: 'right' },
      { header: 'Total', width: 15, align: 'right' },
    ],
    rows: invoice.lines.map((line) => [
      line.code,
      line.name,
      formatQuantity(line.itemType, line.quantity),
      formatCents(line.unitPriceCents),
      formatCents(line.totalCents),
    ]),
    // subtotal, discounts, tax by group, total: invoiceTotals' figures (issue 27)
    footerRows: totalsRows(invoice.totals).map((r) => ['', r.label, '', '', formatCents(r.cents)]),
    zebra: true,
  });

  if (invoice.totals.exemptReason) w.paragraph(invoice.totals.exemptReason, { size: 10 });

  if (invoice.signedBy) await signedByBlock(w, invoice.signedBy, company.time_zone, extras.signaturePng ?? null);

  w.heading('Terms');
  w.paragraph(
    `${INVOICE_TERMS}: payment is due within 30 days${invoice.dueDate ? `, by ${usDate(invoice.dueDate)}` : ''}. Please include the invoice number ${invoice.invoiceNumber} with your payment.`,
    { size: 10 },
  );
  if (invoice.notes) {
    w.heading('Notes');
    w.paragraph(invoice.notes, { size: 10 });
  }
  if (invoice.status === 'void' && invoice.voidReason)
    w.paragraph(`This invoice is void: ${invoice.voidReason}`, { size: 10, color: COLORS.muted });
  w.paragraph(
    `Thank you for your business. Questions about this invoice: ${company.name}${company.phone ? `, ${company.phone}` : ''}.`,
    { size: 9.5, color: COLORS.muted },
  );

  for (const page of w.finish()) doc.addPage(page);
  doc.setTitle(`Invoice ${invoice.invoiceNumber}`);
  doc.setAuthor(company.name);
  doc.setSubject(invoice.job ? `Job #${invoice.job.number}` : `Agreement #${invoice.agreement?.number ?? ''}`);
  doc.setCreator('HVAC Field Service');
  doc.setProducer('HVAC Field Service (pdf-lib)');
  return doc.save();
}
