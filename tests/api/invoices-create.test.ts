/** createInvoice(tx, ...): the function other modules call inside their own transaction. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobInvoiceLines, jobInvoices, jobInvoiceStatusChanges } from '../../src/server/db/schema.js';
import { createInvoice } from '../../src/server/modules/invoices/index.js';
import { createTestContext, type TestContext } from '../support/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const linesOf = (id: string) =>
  ctx.database.db
    .select({
      code: jobInvoiceLines.code,
      name: jobInvoiceLines.name,
      quantity: jobInvoiceLines.quantity,
      unitPrice: jobInvoiceLines.unitPrice,
      total: jobInvoiceLines.total,
    })
    .from(jobInvoiceLines)
    .where(eq(jobInvoiceLines.invoiceId, id))
    .orderBy(jobInvoiceLines.position);

describe('createInvoice', () => {
  it('an inspection invoice is one line INSP-FEE Inspection Fee 1 x 180.00, a draft due in 30 days', async () => {
    const job = await ctx.f.job();
    const created = await ctx.database.db.transaction((tx) =>
      createInvoice(tx, { jobId: job.id, type: 'inspection', now: new Date('2025-03-10T15:00:00Z') }),
    );
    expect(created).toMatchObject({ amount: 18_000, dueDate: '2025-04-09' });
    expect(created.number).toMatch(new RegExp(`^JOB-${job.number}-INV-\\d{4}$`));
    const [row] = await ctx.database.db.select().from(jobInvoices).where(eq(jobInvoices.id, created.id));
    expect(row).toMatchObject({
      status: 'draft',
      amount: '180.00',
      invoiceType: 'inspection',
      dueDate: '2025-04-09',
      issuedDate: null,
    });
    expect(await linesOf(created.id)).toEqual([
      { code: 'INSP-FEE', name: 'Inspection Fee', quantity: '1.00', unitPrice: '180.00', total: '180.00' },
    ]);
    const history = await ctx.database.db
      .select()
      .from(jobInvoiceStatusChanges)
      .where(eq(jobInvoiceStatusChanges.invoiceId, created.id));
    expect(history.map((h) => [h.fromStatus, h.toStatus])).toEqual([[null, 'draft']]);
  });

  it('copies the job items of the type and sums them', async () => {
    const job = await ctx.f.job();
    await ctx.f.jobItem(job.id, {
      code: 'CMP',
      name: 'Compressor',
      type: 'part',
      quantity: 1,
      unitCost: '1250.00',
      totalCost: '1250.00',
    });
    await ctx.f.jobItem(job.id, {
      code: 'LAB',
      name: 'Labor',
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
    const standard = await ctx.database.db.transaction((tx) => createInvoice(tx, { jobId: job.id, type: 'standard' }));
    expect(standard.amount).toBe(137_000);
    expect((await linesOf(standard.id)).map((l) => l.code)).toEqual(['CMP', 'LAB']);
    // The same items billed again by type: a deliberate rebill (issue 27), so it names a reason.
    const rebillReason = 'Amount by type';
    const replacement = await ctx.database.db.transaction((tx) =>
      createInvoice(tx, { jobId: job.id, type: 'replacement', rebillReason }),
    );
    expect(replacement.amount).toBe(125_000);
    const repair = await ctx.database.db.transaction((tx) =>
      createInvoice(tx, { jobId: job.id, type: 'repair', rebillReason }),
    );
    expect(repair.amount).toBe(12_000);
  });

  it('a taken number is drawn again, never stored twice', async () => {
    const job = await ctx.f.job();
    await ctx.f.invoice(job, { invoiceNumber: `JOB-${job.number}-INV-0000` });
    const draws = [0, 0, 0.4242];
    const created = await ctx.database.db.transaction((tx) =>
      createInvoice(tx, { jobId: job.id, type: 'inspection', random: () => draws.shift() ?? 0.5 }),
    );
    expect(created.number).toBe(`JOB-${job.number}-INV-4242`);
  });

  it('refuses a type with nothing to bill, and a missing job, creating nothing', async () => {
    const job = await ctx.f.job();
    await expect(
      ctx.database.db.transaction((tx) => createInvoice(tx, { jobId: job.id, type: 'replacement' })),
    ).rejects.toMatchObject({
      statusCode: 409,
      message: 'Cannot create invoice at this time: The job has no part items to bill',
    });
    await expect(
      ctx.database.db.transaction((tx) =>
        createInvoice(tx, { jobId: '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b', type: 'inspection' }),
      ),
    ).rejects.toMatchObject({ statusCode: 404 });
    expect(await ctx.database.db.select().from(jobInvoices).where(eq(jobInvoices.jobId, job.id))).toEqual([]);
  });

  it('amountOverride bills one line of that amount', async () => {
    const job = await ctx.f.job();
    const created = await ctx.database.db.transaction((tx) =>
      createInvoice(tx, { jobId: job.id, type: 'standard', amountOverride: 99_950 }),
    );
    expect(created.amount).toBe(99_950);
    expect(await linesOf(created.id)).toEqual([
      { code: 'SERVICE', name: 'Service', quantity: '1.00', unitPrice: '999.50', total: '999.50' },
    ]);
  });
});
