/** Payments (issue 27, decision 036): what the API takes and gives. Money is integer cents. */
import { z } from 'zod';
import { paginated } from '../api.js';
import { isIsoDate } from '../dates.js';
import { isUuidV4 } from '../ids.js';
import { toCents } from '../money.js';
import { PAYMENT_LIMITS, PAYMENT_MESSAGES, PAYMENT_METHODS } from './payments.js';

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));
const optionalIsoDate = (label: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || isIsoDate(v), `${label} must be a date (YYYY-MM-DD)`);

export const paymentMethod = z.enum(PAYMENT_METHODS, { error: PAYMENT_MESSAGES.methodRequired });

export const paymentIdParams = z.object({
  id: z.string().refine((v) => isUuidV4(v), 'Invalid invoice ID format'),
  paymentId: z.string().refine((v) => isUuidV4(v), 'Invalid payment ID format'),
});

/** Record Payment: date (default today), amount in cents (default the balance), method, reference, note. */
export const recordPaymentInput = z.object({
  paymentDate: z
    .string({ error: PAYMENT_MESSAGES.dateRequired })
    .trim()
    .refine(isIsoDate, 'Payment date must be a date (YYYY-MM-DD)'),
  amountCents: z
    .number({ error: PAYMENT_MESSAGES.amountRequired })
    .int('Amount must be whole cents')
    .positive(PAYMENT_MESSAGES.amountRequired)
    .max(9_999_999_999, 'Amount is too large'),
  method: paymentMethod,
  reference: optionalText('Reference', PAYMENT_LIMITS.referenceLength),
  note: optionalText('Note', PAYMENT_LIMITS.noteLength),
});
export type RecordPaymentInput = z.output<typeof recordPaymentInput>;

/**
 * The Record Payment form: the same payload, with the amount typed in dollars ("250" or "99.50")
 * and turned into the payload's cents, so the form and the route check one schema.
 */
export const recordPaymentForm = recordPaymentInput.extend({
  amountCents: z
    .string()
    .trim()
    .refine((v) => /^\d+(\.\d{1,2})?$/.test(v) && toCents(v) > 0, PAYMENT_MESSAGES.amountDollars)
    .transform((v) => toCents(v))
    .pipe(recordPaymentInput.shape.amountCents),
});
export type RecordPaymentFormValues = z.input<typeof recordPaymentForm>;

/** Mark as Paid: one payment of the balance, dated today; the method asked, a reference optional. */
export const markPaidInput = z
  .object({
    method: paymentMethod.default('other'),
    reference: optionalText('Reference', PAYMENT_LIMITS.referenceLength),
  })
  .nullish()
  .transform((v) => v ?? { method: 'other' as const, reference: null });
export type MarkPaidInput = z.output<typeof markPaidInput>;

export const voidPaymentInput = z.object({
  reason: z
    .string({ error: PAYMENT_MESSAGES.voidReasonRequired })
    .trim()
    .min(1, PAYMENT_MESSAGES.voidReasonRequired)
    .max(PAYMENT_LIMITS.reasonLength, `Reason must be at most ${PAYMENT_LIMITS.reasonLength} characters`),
});
export type VoidPaymentInput = z.output<typeof voidPaymentInput>;

export const invoicePayment = z.object({
  id: z.string(),
  paymentDate: z.string(),
  amountCents: z.number().int(),
  method: paymentMethod,
  reference: z.string().nullable(),
  note: z.string().nullable(),
  recordedByName: z.string().nullable(),
  createdAt: z.string(),
  voidedAt: z.string().nullable(),
  voidedByName: z.string().nullable(),
  voidReason: z.string().nullable(),
});
export type InvoicePayment = z.infer<typeof invoicePayment>;

/** /invoices/payments: payment-date range, method, search (invoice number, company, reference), voided too. */
const paymentListShape = {
  q: z
    .string()
    .trim()
    .max(200, 'Search must be at most 200 characters')
    .optional()
    .transform((v) => (v ? v : undefined)),
  from: optionalIsoDate('From date'),
  to: optionalIsoDate('To date'),
  method: z
    .union([paymentMethod, z.literal('all'), z.literal('')])
    .optional()
    .transform((v) => (v && v !== 'all' ? v : undefined)),
  includeVoided: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])])
    .optional()
    .transform((v) => v === true || v === 'true' || v === '1'),
};
const rangeOk = (v: { from?: string | undefined; to?: string | undefined }) => !v.from || !v.to || v.from <= v.to;
const rangeMessage = { message: 'The from date must not be after the to date', path: ['to'] };
export const paymentListFilters = z.object(paymentListShape).refine(rangeOk, rangeMessage);
export const paymentListQuery = z
  .object({
    ...paymentListShape,
    page: z.coerce.number({ error: 'Page must be a number' }).int().min(1, 'Page must be 1 or more').default(1),
    pageSize: z.coerce
      .number({ error: 'Page size must be 25, 50 or 100' })
      .refine((n) => [25, 50, 100].includes(n), 'Page size must be 25, 50 or 100')
      .default(25),
  })
  .refine(rangeOk, rangeMessage);
export type PaymentListFilters = z.output<typeof paymentListFilters>;
export type PaymentListQuery = z.output<typeof paymentListQuery>;

export const paymentListItem = invoicePayment.extend({
  invoiceId: z.string(),
  invoiceNumber: z.string(),
  companyName: z.string().nullable(),
});
export type PaymentListItem = z.infer<typeof paymentListItem>;

export const paymentList = paginated(paymentListItem).extend({
  summary: z.object({ count: z.number().int(), amountCents: z.number().int() }),
});
export type PaymentList = z.infer<typeof paymentList>;
