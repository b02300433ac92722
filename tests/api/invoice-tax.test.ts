/**
 * Issue 27 points 1, 4 and 6: tax groups (Settings), taxed and tax-exempt invoices, decimal labor
 * hours and whole parts, discounts on drafts only, and the report's "Sales tax collected". Every
 * refused request leaves the tables as they were (`unchanged`).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobInvoices } from '../../src/server/db/schema.js';
import { signInAs, type ApiClient } from '../support/api.js';
import { tableFingerprint } from '../support/db-fingerprint.js';
import { createTestContext, type TestContext } from '../support/test-app.js';

let ctx: TestContext;
let admin: ApiClient;
let manager: ApiClient;
let office: ApiClient;
let tech: ApiClient;

const TABLES = ['tax_groups', 'job_invoices', 'job_invoice_lines', 'job_invoice_discounts', 'job_items'];

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signInAs(ctx, 'admin', { unchanged: () => tableFingerprint(ctx.database.db, TABLES) });
  manager = await admin.withRole('manager');
  office = await admin.withRole('user');
  tech = await admin.withRole('technician');
});
afterAll(async () => ctx?.close());

/** A job on a unit of `taxGroupCode` with 3 x $180.25 of parts and 1.5 h of labor at $95.00. */
async function taxedJob(unit: { taxable?: boolean; taxGroupCode?: string | null; unitNumber?: string } = {}) {
  const u = await ctx.f.unit({ taxable: true, taxGroupCode: 'GA-7', unitNumber: 'RTU-7', ...unit });
  const job = await ctx.f.job({ locationId: u.locationId, unitId: u.id });
  await ctx.f.jobItem(job.id, {
    code: 'CAP',
    name: 'Capacitor',
    type: 'part',
    quantity: 3,
    unitCost: '180.25',
    totalCost: '540.75',
  });
  await ctx.f.jobItem(job.id, {
    code: 'LAB',
    name: 'Labor',
    type: 'labor',
    quantity: 1.5,
    unitCost: '95.00',
    totalCost: '142.50',
  });
  return job;
}

describe('tax groups (Settings)', () => {
  it('admins and managers add, edit and deactivate; codes are unique; others get 403', async () => {
    const created = await admin.call('POST', '/api/settings/tax-groups', {
      code: 'GA-7',
      name: 'Georgia Sales Tax',
      rate: 7,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ code: 'GA-7', rate: '7.000', active: true });
    const other = await manager.call('POST', '/api/settings/tax-groups', {
      code: 'NYC',
      name: 'New York City',
      rate: 8.875,
    });
    expect(other.statusCode, other.body).toBe(201);
    const edited = await manager.call('PATCH', `/api/settings/tax-groups/${other.json().id}`, { active: false });
    expect(edited.json()).toMatchObject({ code: 'NYC', rate: '8.875', active: false });
    // an edit that names no status leaves the group inactive
    const renamed = await manager.call('PATCH', `/api/settings/tax-groups/${other.json().id}`, {
      name: 'New York City (5 boroughs)',
    });
    expect(renamed.json()).toMatchObject({ name: 'New York City (5 boroughs)', active: false });

    await admin.refused(
      'POST',
      '/api/settings/tax-groups',
      { code: 'ga-7', name: 'Again', rate: 7 },
      409,
      'A tax group with this code already exists',
    );
    await admin.refused(
      'POST',
      '/api/settings/tax-groups',
      { code: 'X', name: 'X', rate: 7.0001 },
      400,
      /at most 3 decimals/,
    );
    await admin.refused('POST', '/api/settings/tax-groups', { code: 'X', name: 'X', rate: 101 }, 400, /from 0 to 100/);
    await office.refused('POST', '/api/settings/tax-groups', { code: 'Y', name: 'Y', rate: 1 }, 403);
    await tech.refused('PATCH', `/api/settings/tax-groups/${other.json().id}`, { rate: 1 }, 403);
    await office.refused('GET', '/api/settings/tax-groups', undefined, 403);
    const list = (await admin.call('GET', '/api/settings/tax-groups')).json();
    expect(list.items.map((g: { code: string }) => g.code)).toEqual(['GA-7', 'NYC']);
  });
});

describe('a taxed invoice', () => {
  let invoiceId = '';
  it('charges 7% on the parts, not on the labor (labor is not taxable by default)', async () => {
    const job = await taxedJob();
    const res = await office.call('POST', `/api/jobs/${job.id}/invoices`, { type: 'standard' });
    expect(res.statusCode, res.body).toBe(201);
    const invoice = res.json();
    invoiceId = invoice.id;
    // $540.75 x 7% = $37.8525 -> $37.85; total $683.25 + $37.85 = $721.10
    expect(invoice.totals).toMatchObject({
      subtotalCents: 68_325,
      discountCents: 0,
      taxCents: 3_785,
      totalCents: 72_110,
      taxByGroup: [{ code: 'GA-7', rate: '7.000', baseCents: 54_075, taxCents: 3_785 }],
      exemptReason: null,
    });
    expect(invoice.amountCents).toBe(72_110);
    expect(invoice.lines.map((l: { quantity: number; taxable: boolean }) => [l.quantity, l.taxable])).toEqual([
      [3, true],
      [1.5, false],
    ]);
    const [row] = await ctx.database.db.select().from(jobInvoices).where(eq(jobInvoices.id, invoice.id));
    expect(row).toMatchObject({
      amount: '721.10',
      subtotal: '683.25',
      discount: '0.00',
      tax: '37.85',
      taxRate: '7.000',
    });
  });

  it('a 10% discount on the draft lowers the taxable base in proportion (the issue example)', async () => {
    const res = await office.call('POST', `/api/invoices/${invoiceId}/discounts`, {
      kind: 'percent',
      percent: 10,
      reason: 'Loyal customer',
    });
    expect(res.statusCode, res.body).toBe(201);
    // 10% of $683.25 = $68.33; base $540.75 - $54.08 = $486.67; tax $34.07; total $648.99
    expect(res.json().totals).toMatchObject({ discountCents: 6_833, taxCents: 3_407, totalCents: 64_899 });
    expect(res.json().totals.discounts).toMatchObject([
      { kind: 'percent', percent: 10, reason: 'Loyal customer', amountCents: 6_833 },
    ]);
    const [row] = await ctx.database.db.select().from(jobInvoices).where(eq(jobInvoices.id, invoiceId));
    expect(row).toMatchObject({ amount: '648.99', discount: '68.33', tax: '34.07' });

    await office.refused(
      'POST',
      `/api/invoices/${invoiceId}/discounts`,
      { kind: 'amount', amount: 10 },
      400,
      /reason is required/,
    );
    await office.refused(
      'POST',
      `/api/invoices/${invoiceId}/discounts`,
      { kind: 'percent', percent: 120, reason: 'x' },
      400,
      /at most 100/,
    );
    await tech.refused(
      'POST',
      `/api/invoices/${invoiceId}/discounts`,
      { kind: 'amount', amount: 10, reason: 'x' },
      403,
    );
  });

  it('a discount larger than the invoice takes it to zero, never below; removing it restores the figures', async () => {
    const res = await office.call('POST', `/api/invoices/${invoiceId}/discounts`, {
      kind: 'amount',
      amount: 5000,
      reason: 'Warranty',
    });
    expect(res.json().totals).toMatchObject({ discountCents: 68_325, taxCents: 0, totalCents: 0 });
    const big = res.json().totals.discounts[1].id;
    const back = await office.call('DELETE', `/api/invoices/${invoiceId}/discounts/${big}`);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().totals.totalCents).toBe(64_899);
  });

  it('a discount is refused on an issued invoice, and the issued invoice keeps its tax when the rate changes', async () => {
    const sent = await office.call('POST', `/api/invoices/${invoiceId}/send`, { email: 'ap@example.com' });
    expect(sent.statusCode, sent.body).toBe(200);
    await office.refused(
      'POST',
      `/api/invoices/${invoiceId}/discounts`,
      { kind: 'amount', amount: 10, reason: 'Late' },
      409,
    );
    const groups = (await admin.call('GET', '/api/settings/tax-groups')).json().items;
    const ga = groups.find((g: { code: string }) => g.code === 'GA-7');
    await admin.call('PATCH', `/api/settings/tax-groups/${ga.id}`, { rate: 8 });
    const after = (await office.call('GET', `/api/invoices/${invoiceId}`)).json();
    expect(after.totals).toMatchObject({ taxCents: 3_407, totalCents: 64_899 });
    await admin.call('PATCH', `/api/settings/tax-groups/${ga.id}`, { rate: 7 });

    // Report: "Sales tax collected" of the issue month, GA-7
    const [y, m] = (after.issuedDate as string).split('-');
    const report = (
      await admin.call('GET', `/api/invoices/reports?period=monthly&year=${y}&month=${Number(m)}`)
    ).json();
    expect(report.salesTax.byGroup).toEqual([{ code: 'GA-7', name: 'Georgia Sales Tax', count: 1, taxCents: 3_407 }]);
    expect(report.salesTax.rows).toEqual([
      { month: `${y}-${m}`, code: 'GA-7', name: 'Georgia Sales Tax', count: 1, taxCents: 3_407 },
    ]);
    expect(report.salesTax.totalCents).toBe(3_407);
  });
});

describe('tax-exempt and unknown groups', () => {
  it('a unit that is not taxable gets no tax, and the invoice says why', async () => {
    const job = await taxedJob({ taxable: false, unitNumber: 'AHU-2' });
    const invoice = (await office.call('POST', `/api/jobs/${job.id}/invoices`, { type: 'standard' })).json();
    expect(invoice.totals).toMatchObject({
      taxCents: 0,
      totalCents: 68_325,
      taxByGroup: [],
      exemptReason: 'Tax exempt: unit AHU-2 is not taxable',
    });
  });

  it('a unit whose group is not an active group gets no tax and a warning', async () => {
    const job = await taxedJob({ taxGroupCode: 'FL-6' });
    const invoice = (await office.call('POST', `/api/jobs/${job.id}/invoices`, { type: 'standard' })).json();
    expect(invoice.totals.taxCents).toBe(0);
    expect(invoice.totals.taxWarning).toMatch(/FL-6/);
  });
});

describe('quantities', () => {
  it('labor takes quarter hours, 1.3 h is refused; parts are whole', async () => {
    const job = await ctx.f.job();
    const labor = await admin.call('POST', `/api/jobs/${job.id}/items`, {
      type: 'labor',
      code: 'LAB',
      name: 'Labor',
      quantity: 1.5,
      unitPrice: 95,
    });
    expect(labor.statusCode, labor.body).toBe(201);
    expect(labor.json()).toMatchObject({ quantity: 1.5, totalCents: 14_250 });
    await admin.refused(
      'POST',
      `/api/jobs/${job.id}/items`,
      { type: 'labor', code: 'LAB', name: 'Labor', quantity: 1.3, unitPrice: 95 },
      400,
      'Labor hours must be in steps of 0.25 (for example 1.25 or 1.5)',
    );
    await admin.refused(
      'POST',
      `/api/jobs/${job.id}/items`,
      { type: 'part', code: 'CAP', name: 'Capacitor', quantity: 1.5, unitPrice: 10 },
      400,
      'Quantity must be a whole number',
    );
    await admin.refused(
      'PATCH',
      `/api/jobs/${job.id}/items/${labor.json().id}`,
      { quantity: 1.3, unitPrice: 95 },
      400,
      'Labor hours must be in steps of 0.25 (for example 1.25 or 1.5)',
    );
    const edited = await admin.call('PATCH', `/api/jobs/${job.id}/items/${labor.json().id}`, {
      quantity: 2.25,
      unitPrice: 95,
    });
    expect(edited.json()).toMatchObject({ quantity: 2.25, totalCents: 21_375 });
  });

  it('invoice lines on the edit screen follow the same rule', async () => {
    const job = await taxedJob();
    const invoice = (await office.call('POST', `/api/jobs/${job.id}/invoices`, { type: 'standard' })).json();
    const line = { code: 'LAB', name: 'Labor', itemType: 'labor', quantity: 1.3, unitPrice: 95 };
    await office.refused(
      'PUT',
      `/api/invoices/${invoice.id}`,
      { dueDate: invoice.dueDate, lines: [line] },
      400,
      'Labor hours must be in steps of 0.25 (for example 1.25 or 1.5)',
    );
    const ok = await office.call('PUT', `/api/invoices/${invoice.id}`, {
      dueDate: invoice.dueDate,
      lines: [{ ...line, quantity: 1.75 }],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().totals).toMatchObject({ subtotalCents: 16_625, taxCents: 0, totalCents: 16_625 });
  });
});
