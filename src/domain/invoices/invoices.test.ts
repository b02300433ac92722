import { describe, expect, it } from 'vitest';
import {
  allowedInvoiceActions,
  buildInvoiceReport,
  canTransition,
  dueDateFor,
  dueDateOnSend,
  dueState,
  invoiceListQuery,
  invoiceNumber,
  invoiceReportQuery,
  lineTotalCents,
  linesFromInput,
  paidInvoiceListQuery,
  percentages,
  planInvoice,
  reportRange,
  reportYears,
  serviceLineBreakdown,
  sendInvoiceInput,
  topCustomers,
  transitionRefusal,
  updateDraftInput,
  voidInvoiceInput,
  type BillableItem,
  type InvoiceType,
} from './index.js';

const item = (code: string, type: BillableItem['type'], totalCents: number, quantity = 1): BillableItem => ({
  id: `item-${code}`,
  code,
  name: code,
  type,
  quantity,
  unitCents: Math.round(totalCents / quantity),
  totalCents,
});
const FEE = item('INSP-FEE', 'item', 18_000);
const PART = item('CMP-01', 'part', 125_000);
const LABOR = item('LAB-2H', 'labor', 12_000, 2);
const OTHER = item('FLTR', 'item', 4_550);

describe('invoice amount by type', () => {
  const cases: {
    name: string;
    type: InvoiceType;
    items: BillableItem[];
    repairs?: { totalCents: number; label: string }[];
    amount: number | null;
  }[] = [
    {
      name: 'standard bills every item but the inspection fee',
      type: 'standard',
      items: [FEE, PART, LABOR, OTHER],
      amount: 141_550,
    },
    { name: 'standard with only the fee has nothing to bill', type: 'standard', items: [FEE], amount: null },
    {
      name: 'replacement bills the part items',
      type: 'replacement',
      items: [FEE, PART, LABOR, OTHER],
      amount: 125_000,
    },
    { name: 'replacement without parts has nothing to bill', type: 'replacement', items: [LABOR, OTHER], amount: null },
    {
      name: 'repair bills labor and other items but the fee',
      type: 'repair',
      items: [FEE, PART, LABOR, OTHER],
      amount: 16_550,
    },
    {
      name: 'repair falls back to the repair totals when its items total zero',
      type: 'repair',
      items: [FEE, PART],
      repairs: [
        { totalCents: 250_000, label: 'Standard Option' },
        { totalCents: 0, label: 'Economy Option' },
      ],
      amount: 250_000,
    },
    {
      name: 'repair with neither items nor repair totals has nothing to bill',
      type: 'repair',
      items: [PART],
      repairs: [{ totalCents: 0, label: 'Standard Option' }],
      amount: null,
    },
    { name: 'inspection is the fixed $180.00', type: 'inspection', items: [PART, LABOR], amount: 18_000 },
    { name: 'inspection is $180.00 even with no items', type: 'inspection', items: [], amount: 18_000 },
  ];
  it.each(cases)('$name', ({ type, items, repairs, amount }) => {
    const plan = planInvoice(type, items, repairs ?? []);
    if (amount === null) {
      expect(plan.ok).toBe(false);
      if (!plan.ok) expect(plan.reason).toMatch(/no .* to bill/);
    } else {
      expect(plan).toMatchObject({ ok: true, amountCents: amount });
      if (plan.ok) expect(plan.lines.reduce((s, l) => s + l.totalCents, 0)).toBe(amount);
    }
  });

  it('the inspection invoice has one line INSP-FEE Inspection Fee 1 x 180.00', () => {
    const plan = planInvoice('inspection', []);
    expect(plan.ok && plan.lines).toEqual([
      {
        code: 'INSP-FEE',
        name: 'Inspection Fee',
        itemType: 'item',
        quantity: 1,
        jobItemId: null,
        unitCents: 18_000,
        totalCents: 18_000,
      },
    ]);
  });

  it('copies each item as a line with its own total', () => {
    const plan = planInvoice('repair', [LABOR]);
    expect(plan.ok && plan.lines).toEqual([
      {
        code: 'LAB-2H',
        name: 'LAB-2H',
        itemType: 'labor',
        quantity: 2,
        jobItemId: 'item-LAB-2H',
        unitCents: 6_000,
        totalCents: 12_000,
      },
    ]);
  });

  it('recognises the fee by its code whatever the case', () => {
    expect(planInvoice('standard', [item('insp-fee', 'item', 18_000), OTHER])).toMatchObject({ amountCents: 4_550 });
  });
});

describe('lines', () => {
  it.each([
    [1, 18_000, 18_000],
    [2, 6_000, 12_000],
    [1.5, 9_999, 14_999],
    [0.25, 1, 0],
    [3.33, 300, 999],
  ])('%d x %d cents = %d cents', (q, unit, total) => expect(lineTotalCents(q, unit)).toBe(total));

  it('edited lines get server totals', () => {
    expect(linesFromInput([{ code: 'A', name: 'A', itemType: null, quantity: 1.5, unitPrice: 99.99 }])).toEqual([
      { code: 'A', name: 'A', itemType: null, quantity: 1.5, jobItemId: null, unitCents: 9_999, totalCents: 14_999 },
    ]);
  });
});

describe('numbers and dates', () => {
  it('numbers JOB-{jobNumber}-INV-{4 digits}', () => {
    expect(invoiceNumber(1042, () => 0.0123)).toBe('JOB-1042-INV-0123');
    expect(invoiceNumber(1042, () => 0.99999)).toBe('JOB-1042-INV-9999');
    expect(invoiceNumber(1001)).toMatch(/^JOB-1001-INV-\d{4}$/);
  });
  it('is due 30 days after creation', () => {
    expect(dueDateFor('2025-01-15')).toBe('2025-02-14');
    expect(dueDateFor('2024-02-15')).toBe('2024-03-16');
  });
  it('a draft sent after its due date is due Net 30 from the issue date', () => {
    expect(dueDateOnSend('2025-02-14', '2025-01-20')).toBe('2025-02-14');
    expect(dueDateOnSend('2025-02-14', '2025-03-01')).toBe('2025-03-31');
    expect(dueDateOnSend(null, '2025-03-01')).toBe('2025-03-31');
  });
});

describe('overdue and due soon (today in the company time zone)', () => {
  const today = '2025-06-10';
  it.each([
    ['2025-06-09', 'overdue'],
    ['2025-01-01', 'overdue'],
    ['2025-06-10', 'due-soon'],
    ['2025-06-17', 'due-soon'],
    ['2025-06-18', null],
  ] as const)('issued, due %s -> %s', (due, state) => expect(dueState('issued', due, today)).toBe(state));
  it('only issued invoices are overdue or due soon', () => {
    expect(dueState('paid', '2025-06-01', today)).toBeNull();
    expect(dueState('draft', '2025-06-01', today)).toBeNull();
    expect(dueState('void', '2025-06-11', today)).toBeNull();
    expect(dueState('issued', null, today)).toBeNull();
  });
});

describe('transitions and roles', () => {
  it('send a draft, pay or void an issued invoice, edit or delete a draft', () => {
    expect(canTransition('send', 'draft')).toBe(true);
    expect(canTransition('send', 'paid')).toBe(false);
    expect(canTransition('markPaid', 'draft')).toBe(false);
    expect(canTransition('markPaid', 'issued')).toBe(true);
    expect(canTransition('void', 'issued')).toBe(true);
    expect(canTransition('void', 'paid')).toBe(false);
    expect(canTransition('edit', 'issued')).toBe(false);
    expect(transitionRefusal('send', 'paid')).toBe('Only a draft invoice can be sent; this invoice is paid');
    expect(transitionRefusal('markPaid', 'draft')).toBe(
      'Only an issued invoice can be marked as paid; this invoice is draft',
    );
    expect(transitionRefusal('edit', 'issued')).toMatch(/^Only a draft invoice can be edited/);
  });
  it('void is for admins and managers; technicians do nothing', () => {
    expect(allowedInvoiceActions('issued', 'user')).toEqual({
      send: false,
      markPaid: true,
      void: false,
      edit: false,
      delete: false,
      recordPayment: true,
      voidPayment: false,
    });
    expect(allowedInvoiceActions('issued', 'manager').void).toBe(true);
    expect(allowedInvoiceActions('draft', 'technician')).toEqual({
      send: false,
      markPaid: false,
      void: false,
      edit: false,
      delete: false,
      recordPayment: false,
      voidPayment: false,
    });
    expect(allowedInvoiceActions('draft', 'admin')).toEqual({
      send: true,
      markPaid: false,
      void: false,
      edit: true,
      delete: true,
      recordPayment: false,
      voidPayment: false,
    });
  });
});

describe('report arithmetic', () => {
  it('percentages add up to 100.0', () => {
    expect(percentages([1, 1, 1])).toEqual([33.4, 33.3, 33.3]);
    expect(percentages([50_000, 30_000, 20_000])).toEqual([50, 30, 20]);
    expect(percentages([0, 0])).toEqual([0, 0]);
    const p = percentages([12_345, 6_789, 1, 99_999]);
    expect(Math.round(p.reduce((a, b) => a + b, 0) * 10)).toBe(1000);
  });

  it('service lines: Unknown for missing, amount descending, percents that add up', () => {
    const rows = serviceLineBreakdown([
      { key: 'HVAC', label: 'HVAC Service', amountCents: 30_000, count: 2 },
      { key: null, amountCents: 10_000, count: 1 },
      { key: '', amountCents: 8_000, count: 1 },
      { key: 'INSP', label: 'Inspection', amountCents: 52_000, count: 3 },
    ]);
    expect(rows.map((r) => [r.label, r.amountCents, r.count, r.percent])).toEqual([
      ['Inspection', 52_000, 3, 52],
      ['HVAC Service', 30_000, 2, 30],
      ['Unknown', 18_000, 2, 18],
    ]);
  });

  it('top customers: top 5 by amount with percent of the total', () => {
    const rows = [100, 90, 80, 70, 60, 50].map((d, i) => ({
      key: `c${i}`,
      label: `Company ${i}`,
      amountCents: d * 100,
      count: 1,
    }));
    const top = topCustomers([...rows, { key: null, amountCents: 5_000, count: 1 }], 50_000);
    expect(top.map((t) => t.label)).toEqual(['Company 0', 'Company 1', 'Company 2', 'Company 3', 'Company 4']);
    expect(top.map((t) => t.percent)).toEqual([20, 18, 16, 14, 12]);
  });

  it('builds the cards and status percents from the SQL aggregates', () => {
    const report = buildInvoiceReport(
      { period: 'annual', year: 2025, quarter: null, month: null, from: '2025-01-01', to: '2026-01-01' },
      [2025, 2024, 2023],
      {
        salesTax: [],
        paymentsReceived: [],
        byStatus: [
          { status: 'paid', amountCents: 60_000, count: 3 },
          { status: 'issued', amountCents: 30_000, count: 2 },
          { status: 'void', amountCents: 10_000, count: 1 },
        ],
        monthly: [
          { month: '2025-01', amountCents: 40_000, count: 2, paidCents: 40_000, outstandingCents: 0, voidCents: 0 },
          {
            month: '2025-03',
            amountCents: 60_000,
            count: 4,
            paidCents: 20_000,
            outstandingCents: 30_000,
            voidCents: 10_000,
          },
        ],
        serviceLines: [{ key: 'HVAC', label: 'HVAC', amountCents: 100_000, count: 6 }],
        customers: [{ key: null, amountCents: 100_000, count: 6 }],
      },
    );
    expect(report.cards).toEqual({
      totalInvoiced: { amountCents: 100_000, count: 6 },
      paid: { amountCents: 60_000, count: 3 },
      outstanding: { amountCents: 30_000, count: 2 },
      void: { amountCents: 10_000, count: 1 },
    });
    expect(report.status.map((s) => [s.status, s.percent])).toEqual([
      ['paid', 60],
      ['outstanding', 30],
      ['void', 10],
    ]);
    expect(report.monthly.map((m) => m.month)).toEqual(['2025-03', '2025-01']);
    expect(report.topCustomers).toEqual([
      { key: 'Unknown', label: 'Unknown', amountCents: 100_000, count: 6, percent: 100 },
    ]);
  });

  it('years run from 2023 (or the earliest invoice year) to now, newest first', () => {
    expect(reportYears(2025, null)).toEqual([2025, 2024, 2023]);
    expect(reportYears(2025, 2024)).toEqual([2025, 2024, 2023]);
    expect(reportYears(2025, 2021)).toEqual([2025, 2024, 2023, 2022, 2021]);
  });

  it.each([
    [{ period: 'annual', year: 2025 }, '2025-01-01', '2026-01-01'],
    [{ period: 'quarterly', year: 2025, quarter: 1 }, '2025-01-01', '2025-04-01'],
    [{ period: 'quarterly', year: 2025, quarter: 4 }, '2025-10-01', '2026-01-01'],
    [{ period: 'monthly', year: 2024, month: 2 }, '2024-02-01', '2024-03-01'],
    [{ period: 'monthly', year: 2024, month: 12 }, '2024-12-01', '2025-01-01'],
  ] as const)('%o runs %s to %s', (q, from, to) => expect(reportRange(q)).toEqual({ from, to }));
});

describe('payloads', () => {
  it('list filters: All Statuses is no filter, status lower-cased, dates checked', () => {
    expect(invoiceListQuery.parse({})).toEqual({
      page: 1,
      pageSize: 25,
      status: undefined,
      q: undefined,
      from: undefined,
      to: undefined,
    });
    expect(invoiceListQuery.parse({ status: 'Draft' }).status).toBe('draft');
    expect(invoiceListQuery.parse({ status: 'all' }).status).toBeUndefined();
    expect(invoiceListQuery.safeParse({ status: 'late' }).success).toBe(false);
    expect(invoiceListQuery.safeParse({ from: '2025-02-30' }).success).toBe(false);
    expect(invoiceListQuery.safeParse({ from: '2025-03-01', to: '2025-02-01' }).success).toBe(false);
    expect(paidInvoiceListQuery.parse({ q: ' acme ' }).q).toBe('acme');
  });
  it('void needs a reason; send takes an optional valid e-mail', () => {
    expect(voidInvoiceInput.safeParse({ reason: '  ' }).error?.issues[0]?.message).toBe(
      'A reason is required to void an invoice',
    );
    expect(sendInvoiceInput.parse(undefined)).toEqual({ email: null });
    expect(sendInvoiceInput.safeParse({ email: 'nope' }).success).toBe(false);
  });
  it('a draft edit needs a due date and at least one valid line', () => {
    expect(updateDraftInput.safeParse({ dueDate: '2025-01-01', lines: [] }).error?.issues[0]?.message).toBe(
      'An invoice needs at least one line',
    );
    expect(
      updateDraftInput.safeParse({
        dueDate: '2025-01-01',
        lines: [{ code: 'A', name: 'A', quantity: 0, unitPrice: 1 }],
      }).success,
    ).toBe(false);
    expect(
      updateDraftInput.safeParse({
        dueDate: '2025-01-01',
        lines: [{ code: 'A', name: 'A', quantity: 1, unitPrice: 1.005 }],
      }).success,
    ).toBe(false);
    expect(
      updateDraftInput.parse({
        dueDate: '2025-01-01',
        notes: '',
        lines: [{ code: 'A', name: 'A', quantity: 1, unitPrice: 1 }],
      }).notes,
    ).toBeNull();
  });
  it('report query defaults to annual', () => {
    expect(invoiceReportQuery.parse({})).toEqual({
      period: 'annual',
      year: undefined,
      quarter: undefined,
      month: undefined,
    });
    expect(invoiceReportQuery.parse({ period: 'Quarterly', year: '2024', quarter: '2' })).toEqual({
      period: 'quarterly',
      year: 2024,
      quarter: 2,
      month: undefined,
    });
    expect(invoiceReportQuery.safeParse({ period: 'weekly' }).success).toBe(false);
    expect(invoiceReportQuery.safeParse({ month: '13' }).success).toBe(false);
  });
});
