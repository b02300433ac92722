import { describe, expect, it } from 'vitest';
import { balanceDueCents, checkPayment, paymentHistoryNote, settlementOf, voidPaymentRefusal } from './payments.js';

// Worked example used throughout: an issued invoice of $1,080.75 (3 x $180.25 = $540.75 parts,
// plus $540.00 labor), issued 2026-03-02, today 2026-03-20.
const base = {
  status: 'issued' as const,
  amountCents: 108075,
  paidCents: 0,
  issuedDate: '2026-03-02',
  paymentDate: '2026-03-10',
  today: '2026-03-20',
};

describe('balanceDueCents', () => {
  it.each([
    [108075, 0, 108075],
    [108075, 54000, 54075],
    [108075, 108075, 0],
    [0, 0, 0],
  ])('amount %i less paid %i is %i', (amount, paid, balance) => {
    expect(balanceDueCents(amount, paid)).toBe(balance);
  });
});

describe('checkPayment', () => {
  it.each([
    // [case, overrides, expected]
    [
      'a first partial payment of $540.00',
      { paymentCents: 54000 },
      { ok: true, paidCents: 54000, balanceCents: 54075, paid: false },
    ],
    [
      'the rest, $540.75, pays it',
      { paidCents: 54000, paymentCents: 54075 },
      { ok: true, paidCents: 108075, balanceCents: 0, paid: true },
    ],
    [
      'the whole amount at once',
      { paymentCents: 108075 },
      { ok: true, paidCents: 108075, balanceCents: 0, paid: true },
    ],
    [
      'dated the issue date',
      { paymentCents: 100, paymentDate: '2026-03-02' },
      { ok: true, paidCents: 100, balanceCents: 107975, paid: false },
    ],
    [
      'dated today',
      { paymentCents: 100, paymentDate: '2026-03-20' },
      { ok: true, paidCents: 100, balanceCents: 107975, paid: false },
    ],
  ])('%s', (_name, overrides, expected) => {
    expect(checkPayment({ ...base, ...overrides } as Parameters<typeof checkPayment>[0])).toEqual(expected);
  });

  it.each([
    [
      '$600.00 against a balance of $540.75',
      { paidCents: 54000, paymentCents: 60000 },
      409,
      'The payment of $600.00 is more than the balance due of $540.75',
    ],
    [
      'a cent too much',
      { paymentCents: 108076 },
      409,
      'The payment of $1,080.76 is more than the balance due of $1,080.75',
    ],
    [
      'on a draft',
      { status: 'draft' as const, paymentCents: 100 },
      409,
      'Only an issued invoice can take a payment; this invoice is draft',
    ],
    [
      'on a paid invoice',
      { status: 'paid' as const, paymentCents: 100 },
      409,
      'Only an issued invoice can take a payment; this invoice is paid',
    ],
    [
      'on a void invoice',
      { status: 'void' as const, paymentCents: 100 },
      409,
      'Only an issued invoice can take a payment; this invoice is void',
    ],
    ['of zero', { paymentCents: 0 }, 400, 'Amount must be more than $0.00'],
    ['dated tomorrow', { paymentCents: 100, paymentDate: '2026-03-21' }, 400, 'Payment date cannot be in the future'],
    [
      'dated before the issue',
      { paymentCents: 100, paymentDate: '2026-03-01' },
      400,
      "Payment date cannot be before the invoice's issue date (2026-03-02)",
    ],
  ])('refuses a payment %s', (_name, overrides, status, message) => {
    expect(checkPayment({ ...base, ...overrides } as Parameters<typeof checkPayment>[0])).toMatchObject({
      ok: false,
      status,
      message,
    });
  });
});

describe('settlementOf', () => {
  it.each([
    ['no payments: issued', [], { status: 'issued', paidCents: 0, paidDate: null }],
    [
      'a partial payment: issued',
      [{ paymentDate: '2026-03-10', amountCents: 54000 }],
      { status: 'issued', paidCents: 54000, paidDate: null },
    ],
    [
      'two payments to zero: paid, dated the latest payment (not the last recorded)',
      [
        { paymentDate: '2026-03-15', amountCents: 54075 },
        { paymentDate: '2026-03-10', amountCents: 54000 },
      ],
      { status: 'paid', paidCents: 108075, paidDate: '2026-03-15' },
    ],
  ])('%s', (_name, live, expected) => {
    expect(settlementOf(108075, live)).toEqual(expected);
  });
});

describe('voidPaymentRefusal', () => {
  it.each([
    [false, 'issued', null],
    [false, 'paid', null],
    [true, 'paid', 'This payment is already void'],
    [false, 'void', 'Only a payment of an issued or paid invoice can be voided; this invoice is void'],
  ] as const)('voided %s on a %s invoice: %s', (voided, status, refusal) => {
    expect(voidPaymentRefusal(voided, status)).toBe(refusal);
  });
});

describe('paymentHistoryNote', () => {
  it('names the amount, method, reference and date', () => {
    const p = { amountCents: 54000, method: 'check' as const, reference: '1042', paymentDate: '2026-03-10' };
    expect(paymentHistoryNote('recorded', p)).toBe('Payment recorded: $540.00 by Check #1042 dated 2026-03-10');
    expect(paymentHistoryNote('voided', p, 'Bounced')).toBe(
      'Payment voided: $540.00 by Check #1042 dated 2026-03-10. Reason: Bounced',
    );
  });
});
