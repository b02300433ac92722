/**
 * The company asset report (/companies/{id}/report, issue 28 point 5, decision 040): every unit of
 * a company by location with what the office asks about a customer's equipment.
 *
 *   type, tonnage, age   from the unit's latest inspection (the newest inspection of a job on the unit)
 *   last service         the company-zone date of the latest completed job on the unit
 *   open repair options  repair records with a total whose job's latest quote is unanswered
 *                        (homeRules.openDeficiency, src/domain/home.ts), with their totals
 *   open quotes          quotes sent and awaiting the customer, link still live (isOpenQuoteAt)
 *   last 12 months       the unit's jobs (not cancelled) created in the last 12 months, and the
 *                        issued and paid invoices of those jobs
 *
 * The figures are aggregated in SQL (company-report.repo.ts); this file holds the answer's shape,
 * the totals and the labels the screen, the PDF and the spreadsheet share.
 */
import { z } from 'zod';
import { sumCents } from './money.js';

/** How far back "Jobs (12 mo.)" and "Invoiced (12 mo.)" look, in months. */
export const REPORT_PERIOD_MONTHS = 12;

export const COMPANY_REPORT_TEXTS = {
  title: 'Asset Report',
  empty: 'This company has no units yet.',
  emptyHint: 'Add a unit at one of its locations and it appears here.',
  loading: 'Loading asset report...',
  loadFailed: 'Could not load the asset report',
} as const;

const countAndValue = z.object({ count: z.number().int(), valueCents: z.number().int() });
export type CountAndValue = z.infer<typeof countAndValue>;

export const companyReportUnit = z.object({
  id: z.string(),
  unitNumber: z.string(),
  status: z.enum(['active', 'inactive']),
  /** RTU or Split System, from the latest inspection */
  systemType: z.string().nullable(),
  /** Gas or Electric, from the latest inspection */
  unitType: z.string().nullable(),
  tonnage: z.string().nullable(),
  /** years, as the latest inspection recorded it */
  age: z.number().int().nullable(),
  /** YYYY-MM-DD (company zone) of the latest inspection, null when the unit was never inspected */
  inspectedOn: z.string().nullable(),
  /** YYYY-MM-DD (company zone) the latest completed job on the unit was completed */
  lastServiceDate: z.string().nullable(),
  openRepairs: countAndValue,
  openQuotes: countAndValue,
  jobsLast12Months: z.number().int(),
  invoicedLast12MonthsCents: z.number().int(),
});
export type CompanyReportUnit = z.infer<typeof companyReportUnit>;

export const companyReportLocation = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  units: z.array(companyReportUnit),
});
export type CompanyReportLocation = z.infer<typeof companyReportLocation>;

export const companyReportTotals = z.object({
  units: z.number().int(),
  activeUnits: z.number().int(),
  openRepairs: countAndValue,
  openQuotes: countAndValue,
  jobsLast12Months: z.number().int(),
  invoicedLast12MonthsCents: z.number().int(),
});
export type CompanyReportTotals = z.infer<typeof companyReportTotals>;

export const companyReport = z.object({
  company: z.object({
    id: z.string(),
    name: z.string(),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    zip: z.string(),
    phone: z.string(),
  }),
  /** YYYY-MM-DD in the company zone: the day the report was made */
  generatedOn: z.string(),
  /** YYYY-MM-DD: the first day of the 12-month period */
  periodStart: z.string(),
  /** locations that have units, by name; their units by unit number */
  locations: z.array(companyReportLocation),
  totals: companyReportTotals,
});
export type CompanyReport = z.infer<typeof companyReport>;

/** The report's totals: the sums of its units. */
export function reportTotals(locations: readonly Pick<CompanyReportLocation, 'units'>[]): CompanyReportTotals {
  const units = locations.flatMap((l) => l.units);
  return {
    units: units.length,
    activeUnits: units.filter((u) => u.status === 'active').length,
    openRepairs: {
      count: units.reduce((n, u) => n + u.openRepairs.count, 0),
      valueCents: sumCents(units.map((u) => u.openRepairs.valueCents)),
    },
    openQuotes: {
      count: units.reduce((n, u) => n + u.openQuotes.count, 0),
      valueCents: sumCents(units.map((u) => u.openQuotes.valueCents)),
    },
    jobsLast12Months: units.reduce((n, u) => n + u.jobsLast12Months, 0),
    invoicedLast12MonthsCents: sumCents(units.map((u) => u.invoicedLast12MonthsCents)),
  };
}

/** "RTU, Gas"; "-" when the unit was never inspected. */
export function unitTypeText(unit: Pick<CompanyReportUnit, 'systemType' | 'unitType'>): string {
  return [unit.systemType, unit.unitType].filter(Boolean).join(', ') || '-';
}

/** "12 yrs", "1 yr"; "-" when unknown. */
export function unitAgeText(age: number | null): string {
  if (age === null) return '-';
  return age === 1 ? '1 yr' : `${age} yrs`;
}

/** "3 tons" for a plain number, else the text as recorded; "-" when unknown. */
export function tonnageText(tonnage: string | null): string {
  const t = tonnage?.trim();
  if (!t) return '-';
  return /^\d+(\.\d+)?$/.test(t) ? `${t} ${t === '1' ? 'ton' : 'tons'}` : t;
}

/** The YYYY-MM-DD a period of `months` months ending on `today` starts on (same day of month, clamped). */
export function periodStartDate(today: string, months = REPORT_PERIOD_MONTHS): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const monthIndex = y * 12 + (m - 1) - months;
  const year = Math.floor(monthIndex / 12);
  const month = (monthIndex % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day = Math.min(d, lastDay);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** "acme-corp-asset-report-2026-11-29" (the PDF's and the spreadsheet's name, without extension). */
export function reportFileBase(companyName: string, today: string): string {
  const slug =
    companyName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'company';
  return `${slug}-asset-report-${today}`;
}
