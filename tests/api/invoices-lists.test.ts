/** The invoice lists, their summaries, exports and the financial report on a small known data set (issue 14). */
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  InvoiceList,
  InvoiceReport,
  PaidInvoiceList,
  PendingInvoiceList,
} from '../../src/domain/invoices/index.js';
import { queryRows } from '../../src/server/db/client.js';
import * as repo from '../../src/server/modules/invoices/invoices.repo.js';
import { signInAs, type ApiClient } from '../support/api.js';
import { createTestContext, type TestContext } from '../support/test-app.js';

const NOW = new Date('2025-06-10T16:00:00Z'); // 2025-06-10 in New York
let ctx: TestContext;
let api: ApiClient;
const n: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestContext({ now: () => NOW });
  api = await signInAs(ctx, 'user');
  const acme = await ctx.f.company({ name: 'Acme Towers' });
  const birch = await ctx.f.company({ name: 'Birch Medical' });
  const acmeNorth = await ctx.f.location({ companyId: acme.id, name: 'Acme North' });
  const birchClinic = await ctx.f.location({ companyId: birch.id, name: 'Birch Clinic' });
  const chiller = await ctx.f.job({
    locationId: acmeNorth.id,
    unitId: null,
    name: 'Chiller repair',
    serviceLine: 'HVACGEN',
  });
  const leak = await ctx.f.job({ locationId: birchClinic.id, unitId: null, name: 'Leak check', serviceLine: 'REFR' });
  const add = async (key: string, job: typeof chiller, values: Parameters<typeof ctx.f.invoice>[1]) => {
    const row = await ctx.f.invoice(job, { invoiceNumber: `JOB-${job.number}-INV-${key}`, ...values });
    n[key] = row.invoiceNumber;
  };
  await add('0001', chiller, {
    status: 'paid',
    amount: '1000.00',
    issuedDate: '2025-01-15',
    dueDate: '2025-02-14',
    paidDate: '2025-02-01',
    createdAt: new Date('2025-01-15T12:00:00Z'),
  });
  await add('0002', chiller, {
    status: 'paid',
    amount: '500.00',
    issuedDate: '2025-03-10',
    dueDate: '2025-04-09',
    paidDate: '2025-03-20',
    createdAt: new Date('2025-03-10T12:00:00Z'),
  });
  await add('0003', leak, {
    status: 'issued',
    amount: '300.00',
    issuedDate: '2025-05-01',
    dueDate: '2025-05-31',
    createdAt: new Date('2025-05-01T12:00:00Z'),
  });
  await add('0004', leak, {
    status: 'issued',
    amount: '200.00',
    issuedDate: '2025-06-01',
    dueDate: '2025-06-15',
    createdAt: new Date('2025-06-01T12:00:00Z'),
  });
  await add('0005', chiller, {
    status: 'issued',
    amount: '100.00',
    issuedDate: '2025-06-05',
    dueDate: '2025-07-05',
    createdAt: new Date('2025-06-05T12:00:00Z'),
  });
  await add('0006', leak, {
    status: 'void',
    amount: '50.00',
    issuedDate: '2025-02-10',
    dueDate: '2025-03-12',
    voidReason: 'Duplicate',
    createdAt: new Date('2025-02-10T12:00:00Z'),
  });
  await add('0007', chiller, {
    status: 'draft',
    amount: '75.00',
    dueDate: '2025-07-09',
    createdAt: new Date('2025-06-09T12:00:00Z'),
  });
  await add('0008', leak, {
    status: 'paid',
    amount: '400.00',
    issuedDate: '2024-12-01',
    dueDate: '2024-12-31',
    paidDate: '2025-01-05',
    createdAt: new Date('2024-12-01T12:00:00Z'),
  });
});
afterAll(async () => ctx?.close());

const numbers = (list: { items: { invoiceNumber: string }[] }) => list.items.map((i) => i.invoiceNumber.slice(-4));

describe('/invoices', () => {
  it('newest first with the three cards over every invoice', async () => {
    const list = (await api.call('GET', '/api/invoices')).json<InvoiceList>();
    expect(numbers(list)).toEqual(['0007', '0005', '0004', '0003', '0002', '0006', '0001', '0008']);
    expect(list.total).toBe(8);
    expect(list.summary).toEqual({
      total: { amountCents: 262_500, count: 8 },
      paid: { amountCents: 190_000, count: 3 },
      outstanding: { amountCents: 60_000, count: 3 },
    });
    const first = list.items.find((i) => i.invoiceNumber.endsWith('0003'))!;
    expect(first).toMatchObject({
      jobName: 'Leak check',
      companyName: 'Birch Medical',
      locationName: 'Birch Clinic',
      dueState: 'overdue',
      amountCents: 30_000,
    });
  });

  it.each([
    ['status=draft', ['0007'], 7_500],
    ['status=Issued', ['0005', '0004', '0003'], 60_000],
    ['status=all', ['0007', '0005', '0004', '0003', '0002', '0006', '0001', '0008'], 262_500],
    ['from=2025-03-01&to=2025-06-01', ['0004', '0003', '0002'], 100_000],
    ['q=birch', ['0004', '0003', '0006', '0008'], 95_000],
    ['q=chiller&status=paid', ['0002', '0001'], 150_000],
    ['q=acme%20north', ['0007', '0005', '0002', '0001'], 167_500],
    ['q=INV-0006', ['0006'], 5_000],
  ])('filter %s', async (query, expected, totalCents) => {
    const list = (await api.call('GET', `/api/invoices?${query}`)).json<InvoiceList>();
    expect(numbers(list)).toEqual(expected);
    expect(list.summary!.total).toEqual({ amountCents: totalCents, count: expected.length });
  });

  it('searches by job number', async () => {
    const jobNumber = n['0003']!.split('-')[1];
    const list = (await api.call('GET', `/api/invoices?q=${jobNumber}`)).json<InvoiceList>();
    expect(numbers(list)).toEqual(['0004', '0003', '0006', '0008']);
  });

  it("one technician's invoices newest first (gathered first, not walked), with a status", async () => {
    const { technician } = await ctx.f.technician();
    const leakJobId = (
      await queryRows<{ job_id: string }>(
        ctx.database.db,
        sql`select job_id from job_invoices where invoice_number = ${n['0003']}`,
      )
    )[0]!.job_id;
    await ctx.database.db.execute(
      sql`insert into job_technicians (job_id, technician_id, is_primary) values (${leakJobId}::uuid, ${technician.id}::uuid, true)`,
    );
    try {
      const all = await api.call('GET', `/api/invoices?technicianId=${technician.id}`);
      expect(all.statusCode, all.body).toBe(200);
      expect(numbers(all.json<InvoiceList>())).toEqual(['0004', '0003', '0006', '0008']);
      expect(all.json<InvoiceList>()).toMatchObject({ total: 4, totalCapped: false });
      const issued = (
        await api.call('GET', `/api/invoices?technicianId=${technician.id}&status=issued`)
      ).json<InvoiceList>();
      expect(numbers(issued)).toEqual(['0004', '0003']);
      const past = (await api.call('GET', `/api/invoices?technicianId=${technician.id}&page=2`)).json<InvoiceList>();
      expect(past).toMatchObject({ items: [], total: 4 });
    } finally {
      await ctx.database.db.execute(sql`delete from job_technicians where technician_id = ${technician.id}::uuid`);
    }
  });

  it('paginates', async () => {
    const page = (await api.call('GET', '/api/invoices?page=2&pageSize=25')).json<InvoiceList>();
    expect(page).toMatchObject({ items: [], total: 8, page: 2, pageSize: 25 });
  });

  it('refuses bad filters', async () => {
    await api.refused('GET', '/api/invoices?status=late', undefined, 400, 'Status must be draft, issued, paid or void');
    await api.refused('GET', '/api/invoices?from=2025-13-01', undefined, 400, 'From date must be a date (YYYY-MM-DD)');
    await api.refused(
      'GET',
      '/api/invoices?from=2025-05-01&to=2025-04-01',
      undefined,
      400,
      'The from date must not be after the to date',
    );
    await api.refused('GET', '/api/invoices?pageSize=30', undefined, 400, 'Page size must be 25, 50 or 100');
  });

  it('exports the filtered list as .xlsx', async () => {
    const response = await api.call('GET', '/api/invoices/export?status=issued');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('invoices-2025-06-10.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Invoice #');
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getRow(2).getCell(2).value).toMatch(/^Job #\d+: Chiller repair$/);
  });
});

describe('/invoices/pending', () => {
  it('issued invoices by due date with Total Outstanding, Overdue and Due Soon (company time zone)', async () => {
    const list = (await api.call('GET', '/api/invoices/pending')).json<PendingInvoiceList>();
    expect(numbers(list)).toEqual(['0003', '0004', '0005']);
    expect(list.items.map((i) => i.dueState)).toEqual(['overdue', 'due-soon', null]);
    expect(list.summary).toEqual({
      totalOutstanding: { amountCents: 60_000, count: 3 },
      overdue: { amountCents: 30_000, count: 1 },
      dueSoon: { amountCents: 20_000, count: 1 },
      today: '2025-06-10',
    });
  });

  it('narrows to a tile and searches; the tiles follow the search', async () => {
    const overdue = (await api.call('GET', '/api/invoices/pending?due=overdue')).json<PendingInvoiceList>();
    expect(numbers(overdue)).toEqual(['0003']);
    expect(overdue.total).toBe(1);
    const acme = (await api.call('GET', '/api/invoices/pending?q=acme')).json<PendingInvoiceList>();
    expect(numbers(acme)).toEqual(['0005']);
    expect(acme.summary!.totalOutstanding).toEqual({ amountCents: 10_000, count: 1 });
    expect(acme.summary!.overdue.count).toBe(0);
    await api.refused('GET', '/api/invoices/pending?due=later', undefined, 400, 'Due must be overdue or due-soon');
  });
});

describe('/invoices/paid', () => {
  it('newest paid first with Total Paid and the Monthly Breakdown by paid month', async () => {
    const list = (await api.call('GET', '/api/invoices/paid')).json<PaidInvoiceList>();
    expect(numbers(list)).toEqual(['0002', '0001', '0008']);
    expect(list.summary).toEqual({
      totalPaid: { amountCents: 190_000, count: 3 },
      monthly: [
        { month: '2025-03', amountCents: 50_000, count: 1 },
        { month: '2025-02', amountCents: 100_000, count: 1 },
        { month: '2025-01', amountCents: 40_000, count: 1 },
      ],
    });
  });

  it.each([
    ['from=2025-02-01', ['0002', '0001'], 150_000],
    ['to=2025-01-31', ['0008'], 40_000],
    ['q=BIRCH', ['0008'], 40_000],
    ['q=birch%20clinic', ['0008'], 40_000],
    ['q=leak', ['0008'], 40_000],
    ['q=nothing-like-this', [], 0],
  ])('filter %s', async (query, expected, totalCents) => {
    const list = (await api.call('GET', `/api/invoices/paid?${query}`)).json<PaidInvoiceList>();
    expect(numbers(list)).toEqual(expected);
    expect(list.summary!.totalPaid).toEqual({ amountCents: totalCents, count: expected.length });
  });
});

describe('/invoices/reports', () => {
  it('the year: cards, monthly, service lines, top customers and status percents', async () => {
    const report = (await api.call('GET', '/api/invoices/reports?period=annual&year=2025')).json<InvoiceReport>();
    expect(report.years).toEqual([2025, 2024, 2023]);
    expect(report.period).toEqual({
      period: 'annual',
      year: 2025,
      quarter: null,
      month: null,
      from: '2025-01-01',
      to: '2026-01-01',
    });
    // issued in 2025: 0001 1000 paid, 0002 500 paid, 0003 300 + 0004 200 + 0005 100 issued, 0006 50 void
    expect(report.cards).toEqual({
      totalInvoiced: { amountCents: 215_000, count: 6 },
      paid: { amountCents: 150_000, count: 2 },
      outstanding: { amountCents: 60_000, count: 3 },
      void: { amountCents: 5_000, count: 1 },
    });
    expect(report.monthly.map((m) => [m.month, m.amountCents, m.count])).toEqual([
      ['2025-06', 30_000, 2],
      ['2025-05', 30_000, 1],
      ['2025-03', 50_000, 1],
      ['2025-02', 5_000, 1],
      ['2025-01', 100_000, 1],
    ]);
    expect(report.serviceLines).toEqual([
      { key: 'HVACGEN', label: 'HVAC General', amountCents: 160_000, count: 3, percent: 74.4 },
      { key: 'REFR', label: 'Refrigeration', amountCents: 55_000, count: 3, percent: 25.6 },
    ]);
    expect(report.topCustomers.map((c) => [c.label, c.amountCents, c.percent])).toEqual([
      ['Acme Towers', 160_000, 74.4],
      ['Birch Medical', 55_000, 25.6],
    ]);
    expect(report.status.map((s) => [s.status, s.percent])).toEqual([
      ['paid', 69.8],
      ['outstanding', 27.9],
      ['void', 2.3],
    ]);
  });

  it('a quarter and a month; an empty period', async () => {
    const q1 = (
      await api.call('GET', '/api/invoices/reports?period=quarterly&year=2025&quarter=1')
    ).json<InvoiceReport>();
    expect(q1.cards.totalInvoiced).toEqual({ amountCents: 155_000, count: 3 });
    const june = (
      await api.call('GET', '/api/invoices/reports?period=monthly&year=2025&month=6')
    ).json<InvoiceReport>();
    expect(june.cards.outstanding).toEqual({ amountCents: 30_000, count: 2 });
    expect(june.monthly.map((m) => m.month)).toEqual(['2025-06']);
    const defaults = (await api.call('GET', '/api/invoices/reports?period=quarterly')).json<InvoiceReport>();
    expect(defaults.period).toMatchObject({ year: 2025, quarter: 2, from: '2025-04-01', to: '2025-07-01' });
    const empty = (
      await api.call('GET', '/api/invoices/reports?period=monthly&year=2023&month=7')
    ).json<InvoiceReport>();
    expect(empty.cards.totalInvoiced).toEqual({ amountCents: 0, count: 0 });
    expect(empty.status.map((s) => s.percent)).toEqual([0, 0, 0]);
    expect(empty.serviceLines).toEqual([]);
  });

  it('refuses a year outside the list and a bad period', async () => {
    await api.refused('GET', '/api/invoices/reports?year=2019', undefined, 400, 'Year must be between 2023 and 2025');
    await api.refused(
      'GET',
      '/api/invoices/reports?period=weekly',
      undefined,
      400,
      'Period must be Annual, Quarterly or Monthly',
    );
    await api.refused('GET', '/api/invoices/reports?period=monthly&month=13', undefined, 400, 'Month must be 1 to 12');
  });

  it('exports the report, a sheet per panel', async () => {
    const response = await api.call('GET', '/api/invoices/reports/export?period=annual&year=2025');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('invoice-report-2025');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((s) => s.name)).toEqual([
      'Summary',
      'Monthly Breakdown',
      'Service Line Breakdown',
      'Top Customers',
      // issue 27: the tax panel is exported too
      'Sales Tax Collected',
      'Payments Received',
      'Invoice Status',
    ]);
    expect((book.getWorksheet('Top Customers')!.getRow(2).values as unknown[]).slice(1)).toEqual([
      'Acme Towers',
      3,
      1600,
      0.744,
    ]);
  });
});

// The cards and the report read totals kept by triggers (migration invoice-totals). A search that
// matches every invoice ("INV" is in every number) sums the invoices themselves: after each kind
// of change both must agree, and the report must agree with the same report summed over invoices.
describe('the totals the lists and the report read', () => {
  const sameAsInvoices = async () => {
    const all = (await api.call('GET', '/api/invoices')).json<InvoiceList>();
    const searched = (await api.call('GET', '/api/invoices?q=INV')).json<InvoiceList>();
    expect(all.total).toBe(searched.total);
    expect(all.summary).toEqual(searched.summary);
    // A search is filtered, counted, summed and sorted on invoice_search's copies of the invoices' columns (migration 0029).
    expect(searched.items).toEqual(all.items);
    const [drift] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from job_invoices i join jobs j on j.id = i.job_id full join invoice_search s on s.invoice_id = i.id
          where (s.invoice_id, s.job_id, s.office, s.status, s.amount, s.issued_date, s.due_date, s.paid_date, s.created_at)
                is distinct from (i.id, i.job_id, j.office, i.status, i.amount, i.issued_date, i.due_date, i.paid_date, i.created_at)`,
    );
    expect(drift!.n).toBe(0);
    // An office's invoices (Home's Total Unsent Invoices) are read from invoice_search too: every job here is the Main Office's
    // but, for a while, one (the North Office's below).
    const others = await queryRows<{ id: string }>(
      ctx.database.db,
      sql`select i.id from job_invoices i join jobs j on j.id = i.job_id where j.office <> 'Main Office'`,
    );
    const main = (await api.call('GET', '/api/invoices?office=Main%20Office&pageSize=100')).json<InvoiceList>();
    expect(main.total).toBe(all.total - others.length);
    // Its rows and cards are every invoice's less the other office's (every invoice fits one page of 100).
    const every = (await api.call('GET', '/api/invoices?pageSize=100')).json<InvoiceList>();
    expect(every.items).toHaveLength(every.total);
    const mainItems = every.items.filter((i) => !others.some((o) => o.id === i.id));
    const card = (items: typeof mainItems) => ({
      amountCents: items.reduce((sum, i) => sum + i.amountCents, 0),
      count: items.length,
    });
    expect(main.items).toEqual(mainItems);
    expect(main.summary).toEqual({
      total: card(mainItems),
      paid: card(mainItems.filter((i) => i.status === 'paid')),
      outstanding: card(mainItems.filter((i) => i.status === 'issued')),
    });
    for (const due of ['', '&due=overdue', '&due=due-soon']) {
      const tile = (await api.call('GET', `/api/invoices/pending?page=1${due}`)).json<PendingInvoiceList>();
      const tileSearched = (
        await api.call('GET', `/api/invoices/pending?page=1${due}&q=INV`)
      ).json<PendingInvoiceList>();
      expect([tileSearched.total, tileSearched.items], due).toEqual([tile.total, tile.items]);
    }
    for (const status of ['draft', 'issued', 'paid', 'void']) {
      const one = (await api.call('GET', `/api/invoices?status=${status}`)).json<InvoiceList>();
      const oneSearched = (await api.call('GET', `/api/invoices?status=${status}&q=INV`)).json<InvoiceList>();
      expect(one.summary, status).toEqual(oneSearched.summary);
    }
    const pending = (await api.call('GET', '/api/invoices/pending')).json<PendingInvoiceList>();
    expect(pending.summary).toEqual(
      (await api.call('GET', '/api/invoices/pending?q=INV')).json<PendingInvoiceList>().summary,
    );
    const paid = (await api.call('GET', '/api/invoices/paid?from=2025-01-01&to=2025-12-31')).json<PaidInvoiceList>();
    const paidSearched = (
      await api.call('GET', '/api/invoices/paid?from=2025-01-01&to=2025-12-31&q=INV')
    ).json<PaidInvoiceList>();
    expect([paidSearched.summary, paidSearched.items]).toEqual([paid.summary, paid.items]);
    for (const range of [
      { from: '2025-01-01', to: '2026-01-01' },
      { from: '2025-04-01', to: '2025-07-01' },
      { from: '2025-06-01', to: '2025-07-01' },
    ]) {
      const kept = await repo.reportAggregates(ctx.database.db, range, 5);
      const summed = await repo.reportAggregatesOfInvoices(ctx.database.db, range, 5);
      const sorted = <T extends { key?: string | null; month?: string; status?: string }>(rows: T[]) =>
        [...rows].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
      expect(sorted(kept.byStatus), range.from).toEqual(sorted(summed.byStatus));
      expect(sorted(kept.monthly)).toEqual(sorted(summed.monthly));
      expect(sorted(kept.serviceLines)).toEqual(sorted(summed.serviceLines));
      expect(kept.customers).toEqual(summed.customers);
    }
  };

  it('stay equal to the invoices through create, edit, send, pay, void, delete and job or location changes', async () => {
    await sameAsInvoices();
    const manager = await api.withRole('manager');
    const invoices = (await api.call('GET', '/api/invoices?pageSize=100')).json<InvoiceList>().items;
    const byKey = (key: string) => invoices.find((i) => i.invoiceNumber.endsWith(key))!;
    expect((await api.call('POST', `/api/invoices/${byKey('0003').id}/mark-paid`)).statusCode).toBe(200);
    await sameAsInvoices();
    expect(
      (await manager.call('POST', `/api/invoices/${byKey('0004').id}/void`, { reason: 'Wrong amount' })).statusCode,
    ).toBe(200);
    await sameAsInvoices();
    const edit = await api.call('PUT', `/api/invoices/${byKey('0007').id}`, {
      dueDate: '2025-07-20',
      notes: null,
      lines: [{ code: 'SVC', name: 'Service', quantity: 3, unitPrice: 42.5 }],
    });
    expect(edit.statusCode, edit.body).toBe(200);
    await sameAsInvoices();
    expect(
      (await api.call('POST', `/api/invoices/${byKey('0007').id}/send`, { email: 'ap@example.com' })).statusCode,
    ).toBe(200);
    await sameAsInvoices();
    const job = await ctx.f.job({ serviceLine: 'CTRL' });
    await ctx.f.invoice(job, { status: 'draft', amount: '12.00' });
    const issued = await ctx.f.invoice(job, {
      status: 'issued',
      amount: '88.00',
      issuedDate: '2025-06-02',
      dueDate: '2025-06-12',
    });
    await sameAsInvoices();
    const drafts = (await api.call('GET', '/api/invoices?status=draft&q=INV')).json<InvoiceList>().items;
    expect((await api.call('DELETE', `/api/invoices/${drafts[0]!.id}`)).statusCode).toBe(204);
    await sameAsInvoices();
    // the job's service line and the location's company are copied onto its invoices by triggers
    await ctx.database.db.execute(sql`update jobs set service_line = 'REFR' where id = ${job.id}`);
    await sameAsInvoices();
    // and its office onto invoice_search
    await ctx.database.db.execute(sql`update jobs set office = 'North Office' where id = ${job.id}`);
    await sameAsInvoices();
    const north = (await api.call('GET', '/api/invoices?office=North%20Office')).json<InvoiceList>();
    expect(north.items.map((i) => i.jobId)).toEqual([job.id]);
    expect(north.summary!.total.count).toBe(1);
    await ctx.database.db.execute(sql`update jobs set office = 'Main Office' where id = ${job.id}`);
    await sameAsInvoices();
    const other = await ctx.f.company({ name: 'Cedar Holdings' });
    await ctx.database.db.execute(sql`update locations set company_id = ${other.id} where id = ${job.locationId}`);
    await sameAsInvoices();
    await ctx.database.db.execute(sql`delete from job_invoices where id = ${issued.id}`);
    await sameAsInvoices();
  });
});

describe('the search index (invoice_search)', () => {
  const found = async (q: string) =>
    (await api.call('GET', `/api/invoices?q=${encodeURIComponent(q)}`)).json<InvoiceList>().total;

  it('follows a renamed company, location and job, and a new invoice', async () => {
    const company = await ctx.f.company({ name: 'Juniper Foods' });
    const location = await ctx.f.location({ companyId: company.id, name: 'Juniper Depot' });
    const job = await ctx.f.job({ locationId: location.id, unitId: null, name: 'Walk-in cooler' });
    await ctx.f.invoice(job, { status: 'draft', amount: '10.00' });
    expect([
      await found('juniper foods'),
      await found('juniper depot'),
      await found('walk-in'),
      await found(`${job.number}`),
    ]).toEqual([1, 1, 1, 1]);
    await ctx.database.db.execute(sql`update companies set name = 'Larch Foods' where id = ${company.id}`);
    await ctx.database.db.execute(sql`update locations set name = 'Larch Depot' where id = ${location.id}`);
    await ctx.database.db.execute(sql`update jobs set name = 'Reach-in cooler' where id = ${job.id}`);
    expect([
      await found('juniper'),
      await found('larch foods'),
      await found('larch depot'),
      await found('walk-in'),
      await found('reach-in'),
    ]).toEqual([0, 1, 1, 0, 1]);
    // every word must match, each in any of the texts; a word never runs across two of them (they are kept apart by a separator)
    expect(await found('cooler larch')).toBe(1);
    expect(await found('cooler larch nowhere')).toBe(0);
    expect(await found('coolerlarch')).toBe(0);
  });
});
