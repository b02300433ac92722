import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  invoiceListUrlFilters,
  paidInvoiceUrlFilters,
  paymentUrlFilters,
  pendingInvoiceUrlFilters,
  type InvoiceListUrlFilters,
  type PaidInvoiceUrlFilters,
  type PaymentUrlFilters,
  type PendingInvoiceUrlFilters,
} from './list-filters.js';
import {
  invoiceListQuery,
  paidInvoiceListQuery,
  pendingInvoiceListQuery,
  type InvoiceListQuery,
  type PaidInvoiceListQuery,
  type PendingInvoiceListQuery,
} from './payloads.js';
import { paymentListQuery, type PaymentListQuery } from './payment-payloads.js';

// The invoice lists read their URL with plain readers (no zod on a first screen's path, decision
// 042), the API with the schemas: over the same query strings they must accept and refuse the
// same values, give the same result, and name the same failing keys (useUrlFilters drops those).
const uuid = '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
const long = 'x'.repeat(200);
const common: Record<string, string>[] = [
  {},
  { q: ' acme ' },
  { q: '  ' },
  { q: long },
  { q: `${long}x` },
  ...['2026-11-29', ' 2026-11-29 ', '', '2026-02-30', 'bad'].flatMap((day): Record<string, string>[] => [
    { from: day },
    { to: day },
  ]),
  { from: '2026-11-01', to: '2026-11-30' },
  { from: '2026-11-30', to: '2026-11-30' },
  { from: '2026-11-30', to: '2026-11-01' },
  { from: 'bad', to: '2026-11-01' },
  { from: '2026-11-30', to: '2026-11-01', q: `${long}x` },
  { from: '2026-11-30', to: '2026-11-01', page: 'abc' },
  { from: '2026-11-30', to: '2026-11-01', page: '0' },
  { from: '2026-11-30', to: '2026-11-01', pageSize: 'x' },
  { from: '2026-11-30', to: '2026-11-01', pageSize: '7' },
  ...['1', '2', ' 3 ', '0', '-1', '1.5', 'abc', '', '1e2', 'Infinity', '9007199254740993'].map((page) => ({ page })),
  ...['25', '50', '100', ' 50', '10', '', 'abc', '25.0'].map((pageSize) => ({ pageSize })),
  { q: 'a', page: '0', pageSize: '7', other: 'ignored' },
];
const keys = (issues: readonly { path: readonly PropertyKey[] }[]) =>
  [...new Set(issues.map((i) => String(i.path[0])))].sort();

interface Reader {
  safeParse(raw: Record<string, string>): {
    success: boolean;
    data?: unknown;
    error?: { issues: readonly { path: readonly PropertyKey[] }[] };
  };
}
function followsSchema(plain: Reader, schema: Reader, inputs: Record<string, string>[]) {
  it.each(inputs)('reads %j as the schema does', (input) => {
    const a = schema.safeParse(input);
    const b = plain.safeParse(input);
    expect(b.success).toBe(a.success);
    if (a.success) expect(b.data).toEqual(a.data);
    else expect(keys(b.error!.issues)).toEqual(keys(a.error!.issues));
  });
}

describe('invoiceListUrlFilters follows invoiceListQuery', () => {
  followsSchema(invoiceListUrlFilters, invoiceListQuery, [
    ...common,
    ...['draft', 'Issued', ' PAID ', 'void', 'all', 'ALL', '', ' ', 'sent'].map((status) => ({ status })),
    ...[' Main Office ', '', 'o'.repeat(100), 'o'.repeat(101)].map((office) => ({ office })),
    ...[uuid, ` ${uuid} `, '', 'abc'].map((technicianId) => ({ technicianId })),
    ...['2026-11-01', ' 2026-11-01', '', 'bad'].map((createdFrom) => ({ createdFrom })),
    { status: 'sent', from: '2026-11-30', to: '2026-11-01' },
    { technicianId: 'abc', from: '2026-11-30', to: '2026-11-01' },
  ]);
  it('types match', () => expectTypeOf<InvoiceListUrlFilters>().toEqualTypeOf<InvoiceListQuery>());
});

describe('pendingInvoiceUrlFilters follows pendingInvoiceListQuery', () => {
  followsSchema(pendingInvoiceUrlFilters, pendingInvoiceListQuery, [
    ...common,
    ...['overdue', 'due-soon', '', ' overdue', 'Overdue', 'later'].map((due) => ({ due })),
  ]);
  it('types match', () => expectTypeOf<PendingInvoiceUrlFilters>().toEqualTypeOf<PendingInvoiceListQuery>());
});

describe('paidInvoiceUrlFilters follows paidInvoiceListQuery', () => {
  followsSchema(paidInvoiceUrlFilters, paidInvoiceListQuery, common);
  it('types match', () => expectTypeOf<PaidInvoiceUrlFilters>().toEqualTypeOf<PaidInvoiceListQuery>());
});

describe('paymentUrlFilters follows paymentListQuery', () => {
  followsSchema(paymentUrlFilters, paymentListQuery, [
    ...common,
    ...['check', 'card', 'ach', 'cash', 'other', 'all', '', 'Check', ' card', 'wire'].map((method) => ({ method })),
    ...['true', 'false', '1', '0', '', 'yes', 'TRUE'].map((includeVoided) => ({ includeVoided })),
    { method: 'wire', from: '2026-11-30', to: '2026-11-01' },
    { includeVoided: 'yes', from: '2026-11-30', to: '2026-11-01' },
    { method: 'cash', includeVoided: '1', q: 'INV-1', page: '2', pageSize: '50' },
  ]);
  it('reads true and false as the API does', () => {
    expect(paymentUrlFilters.parse({ includeVoided: true }).includeVoided).toBe(true);
    expect(paymentListQuery.parse({ includeVoided: true }).includeVoided).toBe(true);
  });
  it('types match', () => expectTypeOf<PaymentUrlFilters>().toEqualTypeOf<PaymentListQuery>());
});
