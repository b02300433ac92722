/**
 * An agreement's advance invoice (no job, decision 052) in every list and report (issue 29 item 3,
 * decision 059): Home's Total Unsent Invoices counts exactly the invoices the list it opens shows,
 * in every period, with and without the Office and Technician selects; the header search finds it
 * by number, company and agreement name or number (and follows a rename); the e-mail delivered over
 * SMTP and its PDF show the amount of the API; pending, paid, payments, their exports, the
 * financial report and the accounting export include it.
 */
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE } from '../../src/domain/dates.js';
import { HOME_PERIODS, homeUnsentInvoicesQuery, type HomePeriod } from '../../src/domain/home.js';
import { DEFAULT_OFFICE } from '../../src/domain/jobs/constants.js';
import { formatCents } from '../../src/domain/money.js';
import { queryRows } from '../../src/server/db/client.js';
import { outbox } from '../../src/server/db/schema.js';
import { createOutboxWorker, createSmtpTransport } from '../../src/server/outbox/worker.js';
import { createFileStorage } from '../../src/server/storage/storage.js';
import { agreementPayload } from '../support/agreements.js';
import { signInAs, type ApiClient } from '../support/api.js';
import { startFakeSmtp, type FakeSmtp } from '../support/fake-smtp.js';
import { attachedPdfText, deliveredMail } from '../support/received-mail.js';
import { createTestContext, TEST_PASSWORD, type TestContext } from '../support/test-app.js';

// Tuesday 5 January 2027, 10:00 in New York: the first month of the agreement has begun.
const NOW = new Date('2027-01-05T15:00:00Z');

let ctx: TestContext;
let smtp: FakeSmtp;
let api: ApiClient;
let admin: ApiClient;
let techId: string;
let companyId: string;
let unitId: string;
let agreement: { id: string; number: number };
let advance: { id: string; invoiceNumber: string };
let jobDraftId: string;

type Item = { id: string; amountCents: number; invoiceNumber: string };
type Page = { items: Item[]; total: number };

const ids = (page: { items: { id: string }[] }) => page.items.map((i) => i.id);

beforeAll(async () => {
  ctx = await createTestContext({ now: () => NOW });
  smtp = await startFakeSmtp();
  api = await signInAs(ctx, 'user');
  admin = await api.withRole('admin');
  const group = await admin.call('POST', '/api/settings/tax-groups', { code: 'CR-7', name: 'Cedar Tax', rate: 7 });
  expect(group.statusCode, group.body).toBe(201);
  techId = (await ctx.f.technician({ user: { firstName: 'Pat', username: 'agr-tech', password: TEST_PASSWORD } })).user
    .id;
  companyId = (await ctx.f.company({ name: 'Cedar Ridge Offices' })).id;
  const location = await ctx.f.location({ companyId, name: 'Cedar Ridge Tower' });
  unitId = (
    await ctx.f.unit({
      locationId: location.id,
      unitNumber: 'CR-1',
      taxable: true,
      taxGroupCode: 'CR-7',
      billingEmail: null,
      billingEntity: null,
    })
  ).id;
  // A job's draft in another office, worked by the technician: the selects tell the two apart.
  const job = await ctx.f.job({ locationId: location.id, unitId, name: 'Branch repair', technicianIds: [techId] });
  await ctx.database.db.execute(sql`update jobs set office = 'Branch Office' where id = ${job.id}::uuid`);
  jobDraftId = (await ctx.f.invoice(job, { status: 'draft', amount: '45.10' })).id;

  // Monthly billing of $1,000.00 a year: $83.33 a month (the remainder on the last), taxed 7%.
  const created = await api.call(
    'POST',
    '/api/agreements',
    agreementPayload(
      { companyId, unitIds: [unitId], technicianId: techId },
      { name: 'Rooftop Care Plan', price: '1000.00', billingPlan: 'monthly' },
    ),
  );
  expect(created.statusCode, created.body).toBe(201);
  agreement = created.json();
  const run = await admin.call('POST', '/api/agreements/generate-visits');
  expect(run.statusCode, run.body).toBe(200);
  const [row] = await queryRows<{ id: string; invoice_number: string }>(
    ctx.database.db,
    sql`select id, invoice_number from job_invoices where agreement_id = ${agreement.id}::uuid and job_id is null`,
  );
  advance = { id: row!.id, invoiceNumber: row!.invoice_number };
  // both drafts made an hour ago by the test's clock (the database stamps its own), so the periods tell
  await ctx.database.db.execute(
    sql`update job_invoices set created_at = ${new Date(NOW.getTime() - 3_600_000).toISOString()}::timestamptz
        where id in (${advance.id}::uuid, ${jobDraftId}::uuid)`,
  );
});
afterAll(async () => {
  await smtp.stop();
  await ctx.close();
});

describe("an agreement's advance invoice in Home and the lists", () => {
  it('Total Unsent Invoices counts exactly what the list it opens shows, in every period and select', async () => {
    const scopes: { office?: string; technicianId?: string }[] = [
      {},
      { office: 'Main Office' },
      { office: 'Branch Office' },
      { technicianId: techId },
      { office: 'Main Office', technicianId: techId },
    ];
    const seen: Record<string, string[]> = {};
    for (const { value: period } of HOME_PERIODS) {
      for (const scope of scopes) {
        const label = `${period} ${JSON.stringify(scope)}`;
        const stats = await api.call('GET', `/api/home/stats?${new URLSearchParams({ period, ...scope }).toString()}`);
        expect(stats.statusCode, stats.body).toBe(200);
        const card = stats.json().unsentInvoices as { count: number; valueCents: number };
        const query = homeUnsentInvoicesQuery({ period: period as HomePeriod, ...scope }, NOW, DEFAULT_TIME_ZONE);
        query.set('pageSize', '100');
        const list = await api.call('GET', `/api/invoices?${query.toString()}`);
        expect(list.statusCode, list.body).toBe(200);
        const page = list.json<Page>();
        expect({ count: page.total, valueCents: page.items.reduce((sum, i) => sum + i.amountCents, 0) }, label).toEqual(
          card,
        );
        seen[label] = ids(page);
      }
    }
    // the advance draft: the agreement's office (its visits' office), no technician
    const [visitOffice] = await queryRows<{ office: string }>(
      ctx.database.db,
      sql`select distinct j.office from agreement_visits v join jobs j on j.id = v.job_id where v.agreement_id = ${agreement.id}::uuid`,
    );
    expect(visitOffice?.office ?? DEFAULT_OFFICE).toBe('Main Office');
    expect(seen['all {}']).toEqual(expect.arrayContaining([advance.id, jobDraftId]));
    expect(seen['last-week {"office":"Main Office"}']).toEqual([advance.id]);
    expect(seen['all {"office":"Branch Office"}']).toEqual([jobDraftId]);
    expect(seen[`all {"technicianId":"${techId}"}`]).toEqual([jobDraftId]);
    expect(seen[`all {"office":"Main Office","technicianId":"${techId}"}`]).toEqual([]);
    const detail = (await api.call('GET', `/api/invoices/${advance.id}`)).json();
    expect(detail.totals).toMatchObject({ subtotalCents: 8_333, taxCents: 583, totalCents: 8_916 });
  });

  it('the header search finds it by number, company, agreement name and number; technicians are not shown it', async () => {
    const invoiceHits = async (q: string, client: ApiClient = api) => {
      const response = await client.call('GET', `/api/search?${new URLSearchParams({ q }).toString()}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().invoices as { id: string; title: string; subtitle: string }[];
    };
    const byNumber = await invoiceHits(advance.invoiceNumber);
    expect(byNumber).toEqual([
      { id: advance.id, title: advance.invoiceNumber, subtitle: `draft · Agreement #${agreement.number}` },
    ]);
    for (const q of ['Cedar Ridge', 'rooftop care', `#${agreement.number}`, String(agreement.number)]) {
      expect(
        (await invoiceHits(q)).map((h) => h.id),
        q,
      ).toContain(advance.id);
    }
    const technician = await api.withRole('technician');
    expect(await invoiceHits(advance.invoiceNumber, technician)).toEqual([]);
    // the lists' search box reads the same text
    const listed = await api.call('GET', '/api/invoices?q=rooftop%20care');
    expect(ids(listed.json<Page>())).toContain(advance.id);

    // a rename reaches its invoices (the agreements' trigger)
    const renamed = await api.call(
      'PUT',
      `/api/agreements/${agreement.id}`,
      agreementPayload(
        { companyId, unitIds: [unitId], technicianId: techId },
        { name: 'Summit Comfort Plan', price: '1000.00', billingPlan: 'monthly' },
      ),
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await invoiceHits('summit comfort')).map((h) => h.id)).toEqual([advance.id]);
    expect(await invoiceHits('rooftop care')).toEqual([]);
  });

  it('the e-mail delivered over SMTP and its PDF show the amount of the API', async () => {
    const email = 'ap@cedarridge.example.com';
    const sent = await api.call('POST', `/api/invoices/${advance.id}/send`, { email });
    expect(sent.statusCode, sent.body).toBe(200);
    const detail = (await api.call('GET', `/api/invoices/${advance.id}`)).json();
    expect(detail.totals.totalCents).toBe(8_916);
    const worker = createOutboxWorker({
      db: ctx.database.db,
      storage: createFileStorage(),
      transport: createSmtpTransport(smtp.url),
      from: 'Summit Air <service@summitair.example.com>',
      pollIntervalMs: 50,
      batchSize: 10,
      leaseMs: 60_000,
      maxAttempts: 3,
      backoff: () => 0,
    });
    try {
      await worker.runOnce();
    } finally {
      worker.close();
    }
    const mail = await deliveredMail(smtp, email, advance.invoiceNumber);
    const amount = formatCents(detail.totals.totalCents); // "$89.16"
    expect(amount).toBe('$89.16');
    const text = quotedPrintable(mail.raw);
    expect(text).toContain(`Amount due: ${amount}`);
    expect(text).toContain(`for service agreement #${agreement.number} (Summit Comfort Plan), 1/1/2027 to 1/31/2027.`);
    const pdf = attachedPdfText(mail);
    expect(pdf).toContain(advance.invoiceNumber);
    expect(pdf).toContain(amount);
    expect(pdf).toContain(formatCents(detail.totals.subtotalCents));
    expect(pdf).toContain(formatCents(detail.totals.taxCents));
    await ctx.database.db.delete(outbox);
  });

  it('pending, paid, payments, their exports, the financial report and the accounting export include it', async () => {
    const pending = (await api.call('GET', '/api/invoices/pending?pageSize=100')).json<Page>();
    expect(pending.items.find((i) => i.id === advance.id)).toMatchObject({ amountCents: 8_916 });
    expect(await sheetText('/api/invoices/pending/export')).toContain(advance.invoiceNumber);

    const paid = await api.call('POST', `/api/invoices/${advance.id}/mark-paid`, {
      method: 'check',
      reference: 'CR-101',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const paidList = (await api.call('GET', '/api/invoices/paid?pageSize=100')).json<Page>();
    expect(paidList.items.find((i) => i.id === advance.id)).toMatchObject({ amountCents: 8_916 });
    expect(await sheetText('/api/invoices/paid/export')).toContain(advance.invoiceNumber);

    const payments = (await api.call('GET', `/api/invoices/payments?q=${advance.invoiceNumber}`)).json();
    expect(payments.items).toHaveLength(1);
    expect(payments.items[0]).toMatchObject({
      invoiceNumber: advance.invoiceNumber,
      amountCents: 8_916,
      companyName: 'Cedar Ridge Offices',
    });
    expect(await sheetText('/api/invoices/payments/export')).toContain(advance.invoiceNumber);
    expect(await sheetText('/api/invoices/export')).toContain(`Agreement #${agreement.number}`);

    const report = await admin.call('GET', '/api/invoices/reports?year=2027');
    expect(report.statusCode, report.body).toBe(200);
    const figures = report.json();
    expect(figures.cards.paid).toEqual({ amountCents: 8_916, count: 1 });
    expect(figures.topCustomers).toEqual([
      expect.objectContaining({ label: 'Cedar Ridge Offices', amountCents: 8_916 }),
    ]);
    expect(figures.salesTax.totalCents).toBe(583);
    expect(figures.paymentsReceived).toMatchObject({ count: 1, amountCents: 8_916 });
    expect(await sheetText('/api/invoices/reports/export?year=2027')).toContain('Cedar Ridge Offices');

    const manager = await api.withRole('manager');
    const exported = await manager.call('POST', '/api/accounting-exports', {
      from: '2027-01-01',
      to: '2027-01-31',
      format: 'iif',
    });
    expect(exported.statusCode, exported.body).toBe(201);
    expect(exported.json()).toMatchObject({ invoiceCount: 1, paymentCount: 1, paymentsCents: 8_916 });
    const file = await manager.call('GET', `/api/accounting-exports/${exported.json().id}/files/1`);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.body).toContain(advance.invoiceNumber);
  });
});

/** The message as its reader sees it: quoted-printable soft breaks and escapes undone. */
const quotedPrintable = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** Every cell of an .xlsx download, as one text. */
async function sheetText(path: string): Promise<string> {
  const response = await api.call('GET', path);
  expect(response.statusCode, response.body).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const cells: string[] = [];
  for (const sheet of book.worksheets) {
    sheet.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.text))));
  }
  return cells.join('\n');
}
