/**
 * Agreement billing's payloads (decision 052): the deferred revenue report and an agreement's
 * invoices, shared by the routes, the screens and the tests.
 */
import { z } from 'zod';
import { INVOICE_STATUSES } from '../invoices/index.js';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
export const DEFERRED_REVENUE_MESSAGES = {
  monthInvalid: 'Months must be written as YYYY-MM',
  rangeInvalid: 'The range must end on or after its start and span at most 36 months',
} as const;

/** ?from=2027-01&to=2027-12 (both optional: the last 12 months to this month). */
export const deferredRevenueQuery = z
  .object({
    from: z.string().trim().regex(MONTH, DEFERRED_REVENUE_MESSAGES.monthInvalid).optional(),
    to: z.string().trim().regex(MONTH, DEFERRED_REVENUE_MESSAGES.monthInvalid).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: DEFERRED_REVENUE_MESSAGES.rangeInvalid, path: ['to'] });
export type DeferredRevenueQuery = z.infer<typeof deferredRevenueQuery>;

export const deferredRevenueMonth = z.object({
  month: z.string(),
  billedCents: z.number().int(),
  earnedCents: z.number().int(),
  deferredCents: z.number().int(),
});

export const deferredRevenueReport = z.object({
  from: z.string(),
  to: z.string(),
  months: z.array(deferredRevenueMonth),
  totals: z.object({ billedCents: z.number().int(), earnedCents: z.number().int() }),
  /** Deferred today (the Home card), and today's date in the company's time zone. */
  deferredTodayCents: z.number().int(),
  asOf: z.string(),
});
export type DeferredRevenueReport = z.infer<typeof deferredRevenueReport>;

export const deferredRevenueSummary = z.object({ deferredCents: z.number().int(), asOf: z.string() });
export type DeferredRevenueSummary = z.infer<typeof deferredRevenueSummary>;

export const agreementInvoice = z.object({
  id: z.string(),
  invoiceNumber: z.string(),
  status: z.enum(INVOICE_STATUSES),
  jobId: z.string().nullable(),
  periodStart: z.string(),
  periodEnd: z.string(),
  issuedDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  amountCents: z.number().int(),
  taxCents: z.number().int(),
  balanceCents: z.number().int(),
});
export const agreementInvoices = z.object({ items: z.array(agreementInvoice) });
export type AgreementInvoice = z.infer<typeof agreementInvoice>;

/** The report's texts: in texts.ts, which builds no schema (Home's card reads them; decision 057). */
export { DEFERRED_REVENUE_TEXTS, repairLimitText } from './texts.js';
