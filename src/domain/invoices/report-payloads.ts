import { z } from 'zod';
import { type InvoiceStatus } from './constants.js';
import { amountCount } from './payloads.js';
import { PAYMENT_METHODS, type PaymentMethod } from './payments.js';
import {
  type AmountBucketRow,
  type AmountCount,
  REPORT_PERIODS,
  REPORT_STATUS_KEYS,
  type ReportPeriod,
  serviceLineBreakdown,
  statusBreakdown,
  topCustomers,
} from './report.js';

// Report payloads

/** /api/invoices/reports?period=annual|quarterly|monthly&year=2025&quarter=1..4&month=1..12 (defaults: annual, this year, this quarter/month). */
export const invoiceReportQuery = z.object({
  period: z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .transform((v) => v || 'annual')
    .refine((v) => (REPORT_PERIODS as readonly string[]).includes(v), 'Period must be Annual, Quarterly or Monthly')
    .transform((v) => v as ReportPeriod),
  year: z.coerce
    .number({ error: 'Year must be a number' })
    .int('Year must be a whole number')
    .min(1900, 'Year is out of range')
    .max(9999, 'Year is out of range')
    .optional(),
  quarter: z.coerce
    .number({ error: 'Quarter must be 1 to 4' })
    .int('Quarter must be 1 to 4')
    .min(1, 'Quarter must be 1 to 4')
    .max(4, 'Quarter must be 1 to 4')
    .optional(),
  month: z.coerce
    .number({ error: 'Month must be 1 to 12' })
    .int('Month must be 1 to 12')
    .min(1, 'Month must be 1 to 12')
    .max(12, 'Month must be 1 to 12')
    .optional(),
});
export type InvoiceReportQuery = z.output<typeof invoiceReportQuery>;

export const reportBucket = z.object({
  key: z.string(),
  label: z.string(),
  amountCents: z.number().int(),
  count: z.number().int(),
  percent: z.number(),
});
export const reportMonth = z.object({
  month: z.string(),
  amountCents: z.number().int(),
  count: z.number().int(),
  paidCents: z.number().int(),
  outstandingCents: z.number().int(),
  voidCents: z.number().int(),
});
export type ReportMonth = z.infer<typeof reportMonth>;

/** "Sales tax collected": one issue month and tax group (issue 27). */
export const salesTaxRow = z.object({
  month: z.string(),
  code: z.string(),
  name: z.string(),
  count: z.number().int(),
  taxCents: z.number().int(),
});
export type SalesTaxRow = z.infer<typeof salesTaxRow>;

/** "Payments received" (issue 27): the period's non-void payments by payment date, per method. */
export const paymentsReceivedRow = z.object({
  method: z.enum(PAYMENT_METHODS),
  count: z.number().int(),
  amountCents: z.number().int(),
});
export type PaymentsReceivedRow = z.infer<typeof paymentsReceivedRow>;

export const invoiceReport = z.object({
  period: z.object({
    period: z.enum(REPORT_PERIODS),
    year: z.number().int(),
    quarter: z.number().int().nullable(),
    month: z.number().int().nullable(),
    from: z.string(),
    to: z.string(),
  }),
  years: z.array(z.number().int()),
  cards: z.object({ totalInvoiced: amountCount, paid: amountCount, outstanding: amountCount, void: amountCount }),
  monthly: z.array(reportMonth),
  serviceLines: z.array(reportBucket),
  topCustomers: z.array(reportBucket),
  /** Tax of the period's issued and paid invoices, newest month first, then by group; and per group. */
  salesTax: z.object({
    rows: z.array(salesTaxRow),
    byGroup: z.array(salesTaxRow.omit({ month: true })),
    totalCents: z.number().int(),
  }),
  /** Money received in the period (payment dates, voided payments left out), per method in the methods' order. */
  paymentsReceived: z.object({
    byMethod: z.array(paymentsReceivedRow),
    count: z.number().int(),
    amountCents: z.number().int(),
  }),
  status: z.array(
    z.object({
      status: z.enum(REPORT_STATUS_KEYS),
      amountCents: z.number().int(),
      count: z.number().int(),
      percent: z.number(),
    }),
  ),
});
export type InvoiceReport = z.infer<typeof invoiceReport>;

/** The aggregated rows the report's SQL returns, before the arithmetic above. */
export interface InvoiceReportAggregates {
  byStatus: { status: InvoiceStatus; amountCents: number; count: number }[];
  monthly: ReportMonth[];
  serviceLines: AmountBucketRow[];
  customers: AmountBucketRow[];
  salesTax: SalesTaxRow[];
  paymentsReceived: PaymentsReceivedRow[];
}

/** The report from its SQL aggregates: cards, panels (newest month first), percents that add up, Unknown buckets, top 5. */
export function buildInvoiceReport(
  period: InvoiceReport['period'],
  years: number[],
  agg: InvoiceReportAggregates,
): InvoiceReport {
  const card = (status: InvoiceStatus): AmountCount => {
    const row = agg.byStatus.find((r) => r.status === status);
    return { amountCents: row?.amountCents ?? 0, count: row?.count ?? 0 };
  };
  const paid = card('paid');
  const outstanding = card('issued');
  const voided = card('void');
  const totalInvoiced = {
    amountCents: paid.amountCents + outstanding.amountCents + voided.amountCents,
    count: paid.count + outstanding.count + voided.count,
  };
  return {
    period,
    years,
    cards: { totalInvoiced, paid, outstanding, void: voided },
    monthly: [...agg.monthly].sort((a, b) => b.month.localeCompare(a.month)),
    serviceLines: serviceLineBreakdown(agg.serviceLines),
    topCustomers: topCustomers(agg.customers, totalInvoiced.amountCents),
    salesTax: salesTaxOf(agg.salesTax),
    paymentsReceived: paymentsReceivedOf(agg.paymentsReceived),
    status: statusBreakdown({ paid, outstanding, void: voided }),
  };
}

/** The sales tax panel: the rows as summed, newest month first, and each group's period total. */
export function salesTaxOf(rows: readonly SalesTaxRow[]): InvoiceReport['salesTax'] {
  const groups = new Map<string, { code: string; name: string; count: number; taxCents: number }>();
  for (const r of rows) {
    const g = groups.get(r.code) ?? { code: r.code, name: r.name, count: 0, taxCents: 0 };
    g.count += r.count;
    g.taxCents += r.taxCents;
    groups.set(r.code, g);
  }
  const sorted = [...rows].sort((a, b) => b.month.localeCompare(a.month) || a.code.localeCompare(b.code));
  const byGroup = [...groups.values()].sort((a, b) => a.code.localeCompare(b.code));
  return { rows: sorted, byGroup, totalCents: byGroup.reduce((t, g) => t + g.taxCents, 0) };
}

/** The payments-received panel: one row per method that took money, in the methods' order, and the period's total. */
export function paymentsReceivedOf(rows: readonly PaymentsReceivedRow[]): InvoiceReport['paymentsReceived'] {
  const order = (m: PaymentMethod) => PAYMENT_METHODS.indexOf(m);
  const byMethod = rows.filter((r) => r.count > 0).sort((a, b) => order(a.method) - order(b.method));
  return {
    byMethod,
    count: byMethod.reduce((t, r) => t + r.count, 0),
    amountCents: byMethod.reduce((t, r) => t + r.amountCents, 0),
  };
}
