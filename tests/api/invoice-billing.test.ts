/**
 * The billing party and double billing (issue 27, points 2 and 5; decision 037): Bill To from the
 * unit's billing fields or the company, kept once issued; the send default; a create that bills a
 * job item again is refused with the lines unless a reason is given.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DoubleBilledLine, InvoiceDetail } from '../../src/domain/invoices/index.js';
import { jobInvoiceLines, jobInvoices, jobItems, outbox, units } from '../../src/server/db/schema.js';
import { signInAs, type ApiClient } from '../support/api.js';
import { invoiceFingerprint } from '../support/db-fingerprint.js';
import { createTestContext, type TestContext } from '../support/test-app.js';

const NOW = new Date('2025-06-10T16:00:00Z');
let ctx: TestContext;
let user: ApiClient;
let manager: ApiClient;

const fingerprint = () => invoiceFingerprint(ctx.database.db);

beforeAll(async () => {
  ctx = await createTestContext({ now: () => NOW });
  user = await signInAs(ctx, 'user', { unchanged: fingerprint });
  manager = await user.withRole('manager');
});
afterAll(async () => ctx?.close());

const UNIT_BILLING = {
  billingEntity: 'Peachtree Property Management',
  billingEmail: 'ap@peachtree.example',
  billingCity: 'Marietta',
  billingState: 'GA',
  billingZip: '30060',
};
const NO_BILLING = { billingEntity: null, billingEmail: null, billingCity: null, billingState: null, billingZip: null };

/** A job at a company's location, its unit with these billing fields, and a part, a labor and an item. */
async function billedJob(billing: Partial<typeof UNIT_BILLING> | typeof NO_BILLING = UNIT_BILLING) {
  const company = await ctx.f.company({
    name: `Acme Office Park ${Math.random().toString(36).slice(2, 8)}`,
    address: '100 Main St',
    city: 'Atlanta',
    state: 'GA',
    zip: '30301',
  });
  const location = await ctx.f.location({ companyId: company.id, name: 'Midtown Tower', address: '200 Peach St' });
  const unit = await ctx.f.unit({ locationId: location.id, unitNumber: 'RTU-7', ...NO_BILLING, ...billing });
  const job = await ctx.f.job({
    locationId: location.id,
    unitId: unit.id,
    contactName: 'Pat Lee',
    contactEmail: 'pat@example.com',
  });
  const capacitor = await ctx.f.jobItem(job.id, {
    code: 'CAP-45',
    name: 'Capacitor 45/5',
    type: 'part',
    quantity: 3,
    unitCost: '18.00',
    totalCost: '54.00',
  });
  const labor = await ctx.f.jobItem(job.id, {
    code: 'LAB-1H',
    name: 'Labor 1 hour',
    type: 'labor',
    quantity: 1,
    unitCost: '95.00',
    totalCost: '95.00',
  });
  return { company, location, unit, job, capacitor, labor };
}

async function create(jobId: string, body: object = { type: 'standard' }) {
  const response = await user.call('POST', `/api/jobs/${jobId}/invoices`, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<InvoiceDetail>();
}

async function send(invoiceId: string, body: object = {}) {
  const response = await user.call('POST', `/api/invoices/${invoiceId}/send`, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<InvoiceDetail>();
}

const snapshotOf = async (invoiceId: string) => {
  const [row] = await ctx.database.db
    .select({
      name: jobInvoices.billToName,
      email: jobInvoices.billToEmail,
      address: jobInvoices.billToAddress,
      city: jobInvoices.billToCity,
      state: jobInvoices.billToState,
      zip: jobInvoices.billToZip,
    })
    .from(jobInvoices)
    .where(eq(jobInvoices.id, invoiceId));
  return row;
};

describe('Bill To', () => {
  it("is the unit's billing entity, e-mail and billing address, stored when the invoice is created", async () => {
    const { job, company } = await billedJob();
    const invoice = await create(job.id);
    const expected = {
      name: 'Peachtree Property Management',
      email: 'ap@peachtree.example',
      address: null,
      city: 'Marietta',
      state: 'GA',
      zip: '30060',
    };
    expect(invoice.billTo).toEqual(expected);
    expect(await snapshotOf(invoice.id)).toEqual(expected);
    expect(invoice.location).toMatchObject({ name: 'Midtown Tower', address: '200 Peach St', unitNumber: 'RTU-7' });
    expect(invoice.customer.companyName).toBe(company.name);
  });

  it("falls back to the company's name and address when the unit has no billing fields", async () => {
    const { job, company } = await billedJob(NO_BILLING);
    const invoice = await create(job.id);
    expect(invoice.billTo).toEqual({
      name: company.name,
      email: null,
      address: '100 Main St',
      city: 'Atlanta',
      state: 'GA',
      zip: '30301',
    });
    // No billing e-mail: Send Invoice offers the job contact's e-mail, as before.
    expect(invoice.defaultEmail).toBe('pat@example.com');
  });

  it('follows the unit while a draft (the page, an edit), and is kept once issued', async () => {
    const { job, unit } = await billedJob();
    const invoice = await create(job.id);
    await ctx.database.db
      .update(units)
      .set({ billingEntity: 'Buckhead Holdings', billingEmail: 'pay@buckhead.example' })
      .where(eq(units.id, unit.id));
    const draft = (await user.call('GET', `/api/invoices/${invoice.id}`)).json<InvoiceDetail>();
    expect(draft.billTo).toMatchObject({ name: 'Buckhead Holdings', email: 'pay@buckhead.example' });
    expect(draft.defaultEmail).toBe('pay@buckhead.example');

    const edited = await user.call('PUT', `/api/invoices/${invoice.id}`, {
      dueDate: draft.dueDate,
      notes: null,
      lines: draft.lines.map((l) => ({
        lineId: l.id,
        code: l.code,
        name: l.name,
        itemType: l.itemType,
        quantity: l.quantity,
        unitPrice: l.unitPriceCents / 100,
      })),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await snapshotOf(invoice.id)).toMatchObject({ name: 'Buckhead Holdings', email: 'pay@buckhead.example' });

    const issued = await send(invoice.id);
    expect(issued.billTo).toMatchObject({ name: 'Buckhead Holdings', city: 'Marietta' });
    const kept = await snapshotOf(invoice.id);

    // An issued invoice is never edited: the unit's new billing party is for the next invoice.
    await ctx.database.db
      .update(units)
      .set({
        billingEntity: 'Someone Else LLC',
        billingEmail: 'x@else.example',
        billingCity: 'Macon',
        billingZip: null,
      })
      .where(eq(units.id, unit.id));
    const after = (await user.call('GET', `/api/invoices/${invoice.id}`)).json<InvoiceDetail>();
    expect(after.billTo).toEqual(kept);
    expect(after.billTo).toMatchObject({ name: 'Buckhead Holdings', email: 'pay@buckhead.example', city: 'Marietta' });
    expect(await snapshotOf(invoice.id)).toEqual(kept);
  });

  it("Send Invoice defaults to the unit's billing e-mail, before the job contact's", async () => {
    const { job } = await billedJob();
    const invoice = await create(job.id);
    expect(invoice.defaultEmail).toBe('ap@peachtree.example');
    const issued = await send(invoice.id);
    expect(issued.email).toBe('ap@peachtree.example');
    const [message] = await ctx.database.db.select().from(outbox).where(eq(outbox.relatedId, invoice.id));
    expect(message?.toAddress).toBe('ap@peachtree.example');
    // Another address typed in the dialog still wins.
    const second = await create((await billedJob()).job.id, { type: 'standard' });
    expect((await send(second.id, { email: 'office@peachtree.example' })).email).toBe('office@peachtree.example');
  });

  it('an issued invoice written without Bill To (outside createInvoice) shows the unit and company of today', async () => {
    const { job } = await billedJob();
    const issued = await ctx.f.invoice(job, { status: 'issued', issuedDate: '2025-06-01', dueDate: '2025-07-01' });
    const detail = (await user.call('GET', `/api/invoices/${issued.id}`)).json<InvoiceDetail>();
    expect(detail.billTo).toMatchObject({ name: 'Peachtree Property Management', city: 'Marietta' });
  });

  it('the PDF shows Bill To beside the Service Location with the unit', async () => {
    const { job, company } = await billedJob();
    const invoice = await create(job.id);
    const response = await user.call('GET', `/api/invoices/${invoice.id}/pdf`);
    expect(response.statusCode).toBe(200);
    const dir = mkdtempSync(path.join(tmpdir(), 'invoice-billing-'));
    const file = path.join(dir, 'invoice.pdf');
    writeFileSync(file, response.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    for (const expected of [
      'Bill To',
      'Service Location',
      'Peachtree Property Management',
      'Marietta, GA 30060',
      'ap@peachtree.example',
      'Midtown Tower',
      company.name,
      '200 Peach St',
      'Unit RTU-7',
      '$149.00',
    ])
      expect(text).toContain(expected);
    // Side by side: the billing entity and the location name on one line.
    expect(text.split('\n').some((line) => /Peachtree Property Management\s+Midtown Tower/.test(line))).toBe(true);
  });
});

describe('double billing', () => {
  it('a second invoice billing the same job items is refused with the lines, creating nothing', async () => {
    const { job, capacitor, labor } = await billedJob();
    const first = await create(job.id);
    const lines = await ctx.database.db
      .select({ code: jobInvoiceLines.code, jobItemId: jobInvoiceLines.jobItemId })
      .from(jobInvoiceLines)
      .where(eq(jobInvoiceLines.invoiceId, first.id));
    expect(Object.fromEntries(lines.map((l) => [l.code, l.jobItemId]))).toEqual({
      'CAP-45': capacitor.id,
      'LAB-1H': labor.id,
    });

    const body = await user.refused(
      'POST',
      `/api/jobs/${job.id}/invoices`,
      { type: 'replacement' },
      409,
      `1 job item is already billed on invoice ${first.invoiceNumber}. To bill again on purpose (a rebill), give a reason.`,
      { code: 'CONFLICT' },
    );
    const doubleBilled = (body.error as { doubleBilled?: DoubleBilledLine[] }).doubleBilled;
    expect(doubleBilled).toEqual([
      {
        jobItemId: capacitor.id,
        name: 'Capacitor 45/5',
        quantity: 3,
        invoiceId: first.id,
        invoiceNumber: first.invoiceNumber,
        invoiceStatus: 'draft',
      },
    ]);
    // A blank reason is no reason.
    await user.refused(
      'POST',
      `/api/jobs/${job.id}/invoices`,
      { type: 'standard', rebillReason: '   ' },
      409,
      /2 job items are already billed/,
    );
  });

  it('goes ahead with a reason, recorded on the invoice and in its history', async () => {
    const { job } = await billedJob();
    const first = await create(job.id);
    await send(first.id);
    const rebill = await create(job.id, { type: 'standard', rebillReason: '  Customer lost the first invoice  ' });
    expect(rebill.rebillReason).toBe('Customer lost the first invoice');
    expect(rebill.history.map((h) => [h.toStatus, h.note])).toEqual([
      ['draft', 'Rebill: Customer lost the first invoice'],
    ]);
    const [row] = await ctx.database.db
      .select({ rebillReason: jobInvoices.rebillReason })
      .from(jobInvoices)
      .where(eq(jobInvoices.id, rebill.id));
    expect(row?.rebillReason).toBe('Customer lost the first invoice');
    // A reason given when nothing is billed twice is not kept.
    const other = await billedJob();
    const plain = await create(other.job.id, { type: 'standard', rebillReason: 'Just in case' });
    expect(plain.rebillReason).toBeNull();
    expect(plain.history[0]?.note).toBeNull();
  });

  it("a void invoice's lines do not count", async () => {
    const { job } = await billedJob();
    const first = await create(job.id);
    await send(first.id);
    const voided = await manager.call('POST', `/api/invoices/${first.id}/void`, { reason: 'Wrong amounts' });
    expect(voided.statusCode, voided.body).toBe(200);
    const again = await create(job.id);
    expect(again.rebillReason).toBeNull();
  });

  it('an edited draft keeps the job item of each kept line; a deleted job item no longer counts', async () => {
    const { job, capacitor, labor } = await billedJob();
    const first = await create(job.id);
    const edited = await user.call('PUT', `/api/invoices/${first.id}`, {
      dueDate: first.dueDate,
      notes: null,
      lines: [
        ...first.lines.map((l) => ({
          lineId: l.id,
          code: l.code,
          name: `${l.name} (edited)`,
          itemType: l.itemType,
          quantity: l.quantity,
          unitPrice: l.unitPriceCents / 100,
        })),
        { code: 'MISC', name: 'Typed line', itemType: null, quantity: 1, unitPrice: 5 },
      ],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    // Job items made in one instant come in either order: compare by code.
    expect(Object.fromEntries(edited.json<InvoiceDetail>().lines.map((l) => [l.code, l.jobItemId]))).toEqual({
      'CAP-45': capacitor.id,
      'LAB-1H': labor.id,
      MISC: null,
    });
    await user.refused('POST', `/api/jobs/${job.id}/invoices`, { type: 'repair' }, 409, /already billed/);

    await ctx.database.db.delete(jobItems).where(eq(jobItems.id, labor.id));
    const [line] = await ctx.database.db
      .select({ jobItemId: jobInvoiceLines.jobItemId })
      .from(jobInvoiceLines)
      .where(sql`${jobInvoiceLines.invoiceId} = ${first.id} and ${jobInvoiceLines.code} = 'LAB-1H'`);
    expect(line?.jobItemId).toBeNull();
  });

  it('the inspection-fee invoice bills no job item', async () => {
    const { job } = await billedJob();
    await create(job.id);
    const fee = await create(job.id, { type: 'inspection' });
    expect(fee.lines.map((l) => l.jobItemId)).toEqual([null]);
    expect(fee.rebillReason).toBeNull();
  });
});
