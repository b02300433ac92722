/**
 * The company asset report as a PDF (decision 040): the company's letterhead from Settings, the
 * report's totals, then one table of units per location. Landscape Letter, so the eleven columns
 * fit. Written with the shared document writer on pdf-lib.
 */
import { PDFDocument } from 'pdf-lib';
import {
  COMPANY_REPORT_TEXTS,
  tonnageText,
  unitAgeText,
  unitTypeText,
  type CompanyReport,
  type CountAndValue,
} from '../../domain/company-report.js';
import { formatCents } from '../../domain/money.js';
import { usDate } from '../../domain/quotes.js';
import type { CompanySettings } from '../../domain/settings.js';
import { DocumentWriter, LETTER } from './document-writer.js';

const countValue = (c: CountAndValue) => (c.count === 0 ? '-' : `${c.count} / ${formatCents(c.valueCents)}`);
const STATUS_TEXT = { active: 'Active', inactive: 'Inactive' } as const;

export async function companyReportPdf(report: CompanyReport, settings: CompanySettings): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`${COMPANY_REPORT_TEXTS.title}: ${report.company.name}`);
  const w = await DocumentWriter.create(doc, { pageSize: [LETTER[1], LETTER[0]], margins: { top: 40, bottom: 48 } });
  const c = report.company;
  w.letterhead({
    name: settings.name,
    lines: [
      settings.physical_address.street,
      [
        settings.physical_address.city,
        [settings.physical_address.state, settings.physical_address.zip].filter(Boolean).join(' '),
      ]
        .filter(Boolean)
        .join(', '),
      settings.phone ? `Phone ${settings.phone}` : '',
    ].filter(Boolean),
    title: 'ASSET REPORT',
    details: [
      ['Customer', c.name],
      ['Date', usDate(report.generatedOn)],
      ['Period', `${usDate(report.periodStart)} - ${usDate(report.generatedOn)}`],
    ],
  });
  const address = [c.address, [c.city, [c.state, c.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ')]
    .filter(Boolean)
    .join(', ');
  const t = report.totals;
  w.keyValues([
    ['Company', c.name],
    ['Address', address || '-'],
    ['Units', `${t.units} (${t.activeUnits} active)`],
    ['Open repair options', countValue(t.openRepairs)],
    ['Open quotes', countValue(t.openQuotes)],
    ['Jobs (12 mo.)', `${t.jobsLast12Months}, invoiced ${formatCents(t.invoicedLast12MonthsCents)}`],
  ]);

  if (report.locations.length === 0) {
    w.paragraph(COMPANY_REPORT_TEXTS.empty, { size: 11 });
  }
  for (const location of report.locations) {
    w.heading(location.name);
    const where = [location.address, location.city, [location.state, location.zip].filter(Boolean).join(' ')]
      .filter(Boolean)
      .join(', ');
    if (where) w.paragraph(where, { size: 9, after: 4 });
    w.table({
      size: 8.5,
      zebra: true,
      columns: [
        { header: 'Unit', width: 11 },
        { header: 'Status', width: 7 },
        { header: 'Type', width: 11 },
        { header: 'Tonnage', width: 7 },
        { header: 'Age', width: 6 },
        { header: 'Last Service', width: 9 },
        { header: 'Open Repairs', width: 12, align: 'right' },
        { header: 'Open Quotes', width: 12, align: 'right' },
        { header: 'Jobs (12 mo.)', width: 8, align: 'right' },
        { header: 'Invoiced (12 mo.)', width: 11, align: 'right' },
      ],
      rows: location.units.map((u) => [
        { text: u.unitNumber, bold: true },
        STATUS_TEXT[u.status],
        unitTypeText(u),
        tonnageText(u.tonnage),
        unitAgeText(u.age),
        u.lastServiceDate ? usDate(u.lastServiceDate) : '-',
        countValue(u.openRepairs),
        countValue(u.openQuotes),
        String(u.jobsLast12Months),
        formatCents(u.invoicedLast12MonthsCents),
      ]),
    });
  }
  for (const page of w.finish()) doc.addPage(page);
  doc.setAuthor(settings.name);
  doc.setCreator('HVAC Field Service');
  doc.setProducer('HVAC Field Service (pdf-lib)');
  return doc.save();
}
