/** Invoices through the API (issue 14): transitions allowed and refused, roles, bad input, the outbox message, the PDF. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceDetail, JobInvoices } from '../../src/domain/invoices/index.js';
import { outbox, storedFiles } from '../../src/server/db/schema.js';
import { signInAs, type ApiClient } from '../support/api.js';
import { invoiceFingerprint } from '../support/db-fingerprint.js';
import { createTestContext, type TestContext } from '../support/test-app.js';

const NOW = new Date('2025-06-10T16:00:00Z'); // 2025-06-10 in New York
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

async function jobWithItems(contactEmail: string | null = 'pat@example.com') {
  const unit = await ctx.f.unit({ billingEmail: null });
  const job = await ctx.f.job({ contactEmail, contactName: 'Pat Lee', locationId: unit.locationId, unitId: unit.id });
  await ctx.f.jobItem(job.id, {
    code: 'CMP-01',
    name: 'Compressor',
    type: 'part',
    quantity: 1,
    unitCost: '1250.00',
    totalCost: '1250.00',
  });
  await ctx.f.jobItem(job.id, {
    code: 'LAB-2H',
    name: 'Labor 2 hours',
    type: 'labor',
    quantity: 2,
    unitCost: '60.00',
    totalCost: '120.00',
  });
  await ctx.f.jobItem(job.id, {
    code: 'INSP-FEE',
    name: 'Inspection Fee',
    type: 'item',
    quantity: 1,
    unitCost: '180.00',
    totalCost: '180.00',
  });
  return job;
}

async function createDraft(type = 'standard', contactEmail: string | null = 'pat@example.com') {
  const job = await jobWithItems(contactEmail);
  const response = await user.call('POST', `/api/jobs/${job.id}/invoices`, { type });
  expect(response.statusCode, response.body).toBe(201);
  return { job, invoice: response.json<InvoiceDetail>() };
}

describe("the job's invoices and Create Invoice", () => {
  it('offers each type with its amount, or disabled with the reason', async () => {
    const job = await ctx.f.job();
    await ctx.f.jobItem(job.id, {
      code: 'LAB',
      name: 'Labor',
      type: 'labor',
      quantity: 1,
      unitCost: '95.00',
      totalCost: '95.00',
    });
    const body = (await user.call('GET', `/api/jobs/${job.id}/invoices`)).json<JobInvoices>();
    expect(body.items).toEqual([]);
    expect(body.createOptions).toEqual([
      { type: 'standard', available: true, amountCents: 9_500, reason: null },
      { type: 'replacement', available: false, amountCents: 0, reason: 'The job has no part items to bill' },
      { type: 'repair', available: true, amountCents: 9_500, reason: null },
      { type: 'inspection', available: true, amountCents: 18_000, reason: null },
    ]);
  });

  it('creates a draft with lines copied from the items, the amount computed, due in 30 days', async () => {
    const { job, invoice } = await createDraft();
    expect(invoice).toMatchObject({
      status: 'draft',
      invoiceType: 'standard',
      amountCents: 137_000,
      dueDate: '2025-07-10',
      issuedDate: null,
      jobId: job.id,
      terms: 'Net 30',
    });
    expect(invoice.invoiceNumber).toMatch(new RegExp(`^JOB-${job.number}-INV-\\d{4}$`));
    expect(invoice.lines.map((l) => [l.code, l.quantity, l.unitPriceCents, l.totalCents])).toEqual([
      ['CMP-01', 1, 125_000, 125_000],
      ['LAB-2H', 2, 6_000, 12_000],
    ]);
    expect(invoice.history.map((h) => h.toStatus)).toEqual(['draft']);
    expect(invoice.actions).toEqual({
      send: true,
      markPaid: false,
      void: false,
      edit: true,
      delete: true,
      recordPayment: false,
      voidPayment: false,
    });
    const list = (await user.call('GET', `/api/jobs/${job.id}/invoices`)).json<JobInvoices>();
    expect(list.items.map((i) => i.id)).toEqual([invoice.id]);
    // a later change to the job's items never changes the invoice
    await ctx.f.jobItem(job.id, {
      code: 'X',
      name: 'Extra',
      type: 'part',
      quantity: 1,
      unitCost: '10.00',
      totalCost: '10.00',
    });
    expect((await user.call('GET', `/api/invoices/${invoice.id}`)).json<InvoiceDetail>().amountCents).toBe(137_000);
  });

  it('refuses bad input, nothing to bill, bad ids and a technician', async () => {
    const job = await ctx.f.job();
    await user.refused(
      'POST',
      `/api/jobs/${job.id}/invoices`,
      { type: 'weekly' },
      400,
      'Invoice type must be standard, replacement, repair or inspection',
      { field: 'type' },
    );
    await user.refused(
      'POST',
      `/api/jobs/${job.id}/invoices`,
      { type: 'standard' },
      409,
      'Cannot create invoice at this time: The job has no items to bill',
    );
    await user.refusesBadIds({
      url: (id) => `/api/jobs/${id}/invoices`,
      methods: { GET: undefined, POST: { type: 'inspection' } },
      malformed: 'Invalid job ID format',
      missing: 'Job not found',
    });
    const technician = await user.withRole('technician');
    await technician.refused('POST', `/api/jobs/${job.id}/invoices`, { type: 'inspection' }, 403);
    await technician.refused(
      'GET',
      `/api/jobs/${job.id}/invoices`,
      undefined,
      403,
      'Technicians see the invoices of their own jobs only',
    );
  });

  it('a technician reads the invoices of a job assigned to them, and changes nothing', async () => {
    const { technician, user: techUser } = await ctx.f.technician({
      user: { username: 'tech-inv', email: 'tech-inv@example.com', password: 'correct-horse-battery' },
    });
    const job = await ctx.f.job({ technicianIds: [technician.id] });
    const created = (
      await user.call('POST', `/api/jobs/${job.id}/invoices`, { type: 'inspection' })
    ).json<InvoiceDetail>();
    const tech = user.as(await ctx.login(techUser.username));
    expect((await tech.call('GET', `/api/jobs/${job.id}/invoices`)).statusCode).toBe(200);
    const detail = (await tech.call('GET', `/api/invoices/${created.id}`)).json<InvoiceDetail>();
    expect(detail.actions).toEqual({
      send: false,
      markPaid: false,
      void: false,
      edit: false,
      delete: false,
      recordPayment: false,
      voidPayment: false,
    });
    await tech.refused('POST', `/api/invoices/${created.id}/send`, {}, 403);
    await tech.refused('GET', '/api/invoices', undefined, 403);
    await tech.refused('GET', '/api/invoices/reports', undefined, 403);
  });
});

describe('transitions', () => {
  it('send: issued today, the e-mail with the invoice PDF in the outbox', async () => {
    const { invoice } = await createDraft();
    const response = await user.call('POST', `/api/invoices/${invoice.id}/send`, {});
    expect(response.statusCode, response.body).toBe(200);
    const sent = response.json<InvoiceDetail>();
    expect(sent).toMatchObject({
      status: 'issued',
      issuedDate: '2025-06-10',
      dueDate: '2025-07-10',
      email: 'pat@example.com',
    });
    expect(sent.history.map((h) => [h.fromStatus, h.toStatus])).toEqual([
      [null, 'draft'],
      ['draft', 'issued'],
    ]);
    const [message] = await ctx.database.db.select().from(outbox).where(eq(outbox.relatedId, invoice.id));
    expect(message).toMatchObject({
      toAddress: 'pat@example.com',
      subject: `Invoice ${invoice.invoiceNumber} from HVAC Services`,
      relatedType: 'job_invoice',
    });
    expect(message!.textBody).toContain('Amount due: $1,370.00');
    expect(message!.attachments).toEqual([
      {
        fileName: `invoice-${invoice.invoiceNumber}.pdf`,
        storageKey: expect.any(String),
        contentType: 'application/pdf',
      },
    ]);
    const [file] = await ctx.database.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.id, message!.attachments[0]!.storageKey));
    expect(file).toBeTruthy();
  });

  it('send takes another address, and refuses without any e-mail', async () => {
    const { invoice } = await createDraft('standard', null);
    await user.refused(
      'POST',
      `/api/invoices/${invoice.id}/send`,
      {},
      400,
      'Customer email is required to send an invoice',
      { field: 'email' },
    );
    await user.refused(
      'POST',
      `/api/invoices/${invoice.id}/send`,
      { email: 'not-an-email' },
      400,
      'Customer email must be a valid email address',
    );
    const sent = (
      await user.call('POST', `/api/invoices/${invoice.id}/send`, { email: 'ap@example.com' })
    ).json<InvoiceDetail>();
    expect(sent.email).toBe('ap@example.com');
  });

  it('mark paid an issued invoice; refuses to send a paid one, to pay a draft, to edit or delete an issued one', async () => {
    const { invoice } = await createDraft();
    await user.refused(
      'POST',
      `/api/invoices/${invoice.id}/mark-paid`,
      undefined,
      409,
      'Cannot mark invoice as paid at this time: only an issued invoice can be marked as paid; this invoice is draft',
    );
    await user.call('POST', `/api/invoices/${invoice.id}/send`, {});
    const edit = { dueDate: '2025-08-01', notes: null, lines: [{ code: 'A', name: 'A', quantity: 1, unitPrice: 1 }] };
    await user.refused(
      'PUT',
      `/api/invoices/${invoice.id}`,
      edit,
      409,
      /^Only a draft invoice can be edited; this invoice is issued/,
    );
    await user.refused(
      'DELETE',
      `/api/invoices/${invoice.id}`,
      undefined,
      409,
      'Only a draft invoice can be deleted; this invoice is issued',
    );
    await user.refused(
      'POST',
      `/api/invoices/${invoice.id}/send`,
      {},
      409,
      'Only a draft invoice can be sent; this invoice is issued',
    );
    const paid = (await user.call('POST', `/api/invoices/${invoice.id}/mark-paid`)).json<InvoiceDetail>();
    expect(paid).toMatchObject({ status: 'paid', paidDate: '2025-06-10' });
    await user.refused(
      'POST',
      `/api/invoices/${invoice.id}/send`,
      {},
      409,
      'Only a draft invoice can be sent; this invoice is paid',
    );
    await user.refused('POST', `/api/invoices/${invoice.id}/mark-paid`, undefined, 409, /this invoice is paid$/);
    await manager.refused(
      'POST',
      `/api/invoices/${invoice.id}/void`,
      { reason: 'Wrong' },
      409,
      'Only an issued invoice can be voided; this invoice is paid',
    );
  });

  it('void: admin or manager, issued only, with a reason', async () => {
    const { invoice } = await createDraft();
    await manager.refused(
      'POST',
      `/api/invoices/${invoice.id}/void`,
      { reason: 'Wrong' },
      409,
      'Only an issued invoice can be voided; this invoice is draft',
    );
    await user.call('POST', `/api/invoices/${invoice.id}/send`, {});
    await user.refused('POST', `/api/invoices/${invoice.id}/void`, { reason: 'Wrong customer' }, 403);
    await manager.refused(
      'POST',
      `/api/invoices/${invoice.id}/void`,
      { reason: '  ' },
      400,
      'A reason is required to void an invoice',
      { field: 'reason' },
    );
    const voided = (
      await manager.call('POST', `/api/invoices/${invoice.id}/void`, { reason: 'Wrong customer' })
    ).json<InvoiceDetail>();
    expect(voided).toMatchObject({ status: 'void', voidReason: 'Wrong customer', voidedDate: '2025-06-10' });
    expect(voided.history.at(-1)).toMatchObject({ fromStatus: 'issued', toStatus: 'void', note: 'Wrong customer' });
  });

  it('edit a draft: due date, notes and lines, the amount recomputed by the server; delete a draft', async () => {
    const { invoice } = await createDraft();
    const response = await user.call('PUT', `/api/invoices/${invoice.id}`, {
      dueDate: '2025-08-01',
      notes: 'PO to follow',
      lines: [
        { code: 'CMP-01', name: 'Compressor', itemType: 'part', quantity: 1, unitPrice: 1100 },
        { code: 'LAB', name: 'Labor', quantity: 1.5, unitPrice: 99.99 },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const edited = response.json<InvoiceDetail>();
    expect(edited).toMatchObject({
      amountCents: 124_999,
      dueDate: '2025-08-01',
      notes: 'PO to follow',
      status: 'draft',
    });
    expect(edited.lines.map((l) => l.totalCents)).toEqual([110_000, 14_999]);
    await user.refused('PUT', `/api/invoices/${invoice.id}`, { dueDate: '2025-02-30', lines: [] }, 400);
    await user.refused(
      'PUT',
      `/api/invoices/${invoice.id}`,
      { dueDate: '2025-08-01', lines: [] },
      400,
      'An invoice needs at least one line',
      { field: 'lines' },
    );
    expect((await user.call('DELETE', `/api/invoices/${invoice.id}`)).statusCode).toBe(204);
    await user.refused('GET', `/api/invoices/${invoice.id}`, undefined, 404, 'Invoice not found');
  });

  it('answers 400 for malformed ids and 404 for unknown ones', async () => {
    await user.refusesBadIds({
      url: (id) => `/api/invoices/${id}`,
      methods: { GET: undefined, DELETE: undefined },
      malformed: 'Invalid invoice ID format',
      missing: 'Invoice not found',
    });
    await user.refusesBadIds({
      url: (id) => `/api/invoices/${id}/mark-paid`,
      methods: { POST: undefined },
      malformed: 'Invalid invoice ID format',
      missing: 'Invoice not found',
    });
  });
});

describe('the invoice PDF', () => {
  it('prints the letterhead, customer, location, lines, total and terms', async () => {
    await ctx.database.db.execute(
      sql`insert into settings (key, value) values ('company', ${JSON.stringify({ name: 'Polar Air Mechanical', physical_address: { street: '12 Frost Rd', city: 'Atlanta', state: 'GA', zip: '30301' }, mailing_address: { street: '', city: '', state: '', zip: '' }, phone: '404-555-0100', time_zone: 'America/New_York' })}::jsonb)
        on conflict (key) do update set value = excluded.value`,
    );
    const { job, invoice } = await createDraft();
    const response = await user.call('GET', `/api/invoices/${invoice.id}/pdf?download=1`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(`invoice-${invoice.invoiceNumber}.pdf`);
    const dir = mkdtempSync(path.join(tmpdir(), 'invoice-pdf-'));
    const file = path.join(dir, 'invoice.pdf');
    writeFileSync(file, response.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    for (const expected of [
      'Polar Air Mechanical',
      '12 Frost Rd',
      invoice.invoiceNumber,
      'Net 30',
      'Compressor',
      'Labor 2 hours',
      '$1,250.00',
      '$1,370.00',
      `#${job.number}`,
      invoice.companyName!,
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Inspection Fee');
  });
});
