/**
 * Payments against an invoice (issue 27, decision 036): the rules, pure. Amounts are integer cents,
 * dates ISO days (YYYY-MM-DD) in the company's time zone.
 *
 * - A payment is recorded on an issued invoice only (not a draft, a paid or a void one).
 * - Its amount is more than zero and at most the balance due (amount - what its non-void payments sum to).
 * - Its date is not in the future (today in the company zone) and not before the invoice's issue date.
 * - The invoice is paid when the balance reaches zero; its paid date is then the latest-dated non-void payment's date.
 * - Voiding a payment (admin or manager, with a reason) reopens the balance: a paid invoice returns to issued, paid date cleared.
 */
import { formatCents } from '../money.js';
import { type InvoiceStatus } from './constants.js';

export const PAYMENT_METHODS = ['check', 'card', 'ach', 'cash', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  check: 'Check',
  card: 'Card',
  ach: 'ACH',
  cash: 'Cash',
  other: 'Other',
};

export const PAYMENT_LIMITS = { referenceLength: 100, noteLength: 1000, reasonLength: 1000 } as const;

export const PAYMENT_MESSAGES = {
  amountRequired: 'Amount must be more than $0.00',
  amountDollars: 'Amount must be an amount in dollars more than $0.00 (e.g. 250 or 99.50)',
  methodRequired: 'Method must be Check, Card, ACH, Cash or Other',
  dateRequired: 'Payment date is required',
  voidReasonRequired: 'A reason is required to void a payment',
  notFound: 'Payment not found',
  alreadyVoid: 'This payment is already void',
  invoiceHasPayments: 'This invoice has payments; void its payments before voiding the invoice',
  emptyList: 'No payments found. Try adjusting your filters.',
  fetchFailed: 'Failed to fetch payments. Please try again.',
  recordFailed: 'Failed to record the payment. Please try again.',
} as const;

/** The balance due in cents: the invoice's amount less what its non-void payments sum to (never below zero). */
export function balanceDueCents(amountCents: number, paidCents: number): number {
  return Math.max(0, amountCents - paidCents);
}

export interface PaymentCheckInput {
  status: InvoiceStatus;
  amountCents: number;
  paidCents: number;
  issuedDate: string | null;
  paymentCents: number;
  paymentDate: string;
  /** today in the company's time zone */
  today: string;
}

export type PaymentCheck =
  | { ok: true; paidCents: number; balanceCents: number; paid: boolean }
  | { ok: false; status: 400 | 409; field?: 'amountCents' | 'paymentDate'; message: string };

/** Whether this payment may be recorded now and, if so, what the invoice's paid sum and balance become. */
export function checkPayment(p: PaymentCheckInput): PaymentCheck {
  if (p.status !== 'issued')
    return {
      ok: false,
      status: 409,
      message: `Only an issued invoice can take a payment; this invoice is ${p.status}`,
    };
  if (!Number.isInteger(p.paymentCents) || p.paymentCents <= 0)
    return { ok: false, status: 400, field: 'amountCents', message: PAYMENT_MESSAGES.amountRequired };
  if (p.paymentDate > p.today)
    return { ok: false, status: 400, field: 'paymentDate', message: 'Payment date cannot be in the future' };
  if (p.issuedDate && p.paymentDate < p.issuedDate)
    return {
      ok: false,
      status: 400,
      field: 'paymentDate',
      message: `Payment date cannot be before the invoice's issue date (${p.issuedDate})`,
    };
  const balance = balanceDueCents(p.amountCents, p.paidCents);
  if (p.paymentCents > balance)
    return {
      ok: false,
      status: 409,
      field: 'amountCents',
      message: `The payment of ${formatCents(p.paymentCents)} is more than the balance due of ${formatCents(balance)}`,
    };
  const paidCents = p.paidCents + p.paymentCents;
  const balanceCents = balance - p.paymentCents;
  return { ok: true, paidCents, balanceCents, paid: balanceCents === 0 };
}

export interface LivePayment {
  paymentDate: string;
  amountCents: number;
}

/**
 * The invoice's status, paid sum and paid date from its non-void payments: paid (dated the latest
 * payment's date) when they cover the amount, else issued with no paid date. For an issued or paid
 * invoice only.
 */
export function settlementOf(
  amountCents: number,
  live: readonly LivePayment[],
): { status: 'issued' | 'paid'; paidCents: number; paidDate: string | null } {
  const paidCents = live.reduce((s, p) => s + p.amountCents, 0);
  if (paidCents >= amountCents && live.length > 0) {
    const paidDate = live.reduce((d, p) => (p.paymentDate > d ? p.paymentDate : d), live[0]!.paymentDate);
    return { status: 'paid', paidCents, paidDate };
  }
  return { status: 'issued', paidCents, paidDate: null };
}

/** Whether a payment may be voided: not already void, and its invoice paid or issued. */
export function voidPaymentRefusal(voided: boolean, invoiceStatus: InvoiceStatus): string | null {
  if (voided) return PAYMENT_MESSAGES.alreadyVoid;
  if (invoiceStatus !== 'issued' && invoiceStatus !== 'paid')
    return `Only a payment of an issued or paid invoice can be voided; this invoice is ${invoiceStatus}`;
  return null;
}

/** The history line of a payment or a void: "Payment $250.00 by Check #1042 dated 2026-03-02". */
export function paymentHistoryNote(
  kind: 'recorded' | 'voided',
  p: { amountCents: number; method: PaymentMethod; reference: string | null; paymentDate: string },
  reason?: string,
): string {
  const ref = p.reference ? ` ${p.method === 'check' ? '#' : ''}${p.reference}` : '';
  const what = `${formatCents(p.amountCents)} by ${PAYMENT_METHOD_LABELS[p.method]}${ref} dated ${p.paymentDate}`;
  return kind === 'recorded' ? `Payment recorded: ${what}` : `Payment voided: ${what}. Reason: ${reason ?? ''}`;
}
