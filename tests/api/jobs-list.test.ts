/**
 * The /jobs list (issue 9): each filter, the search words, the queues, pages with the total, the
 * cost total per job, the calendar and the export.
 */
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { CalendarAnswer } from '../../src/domain/jobs/index.js';
import { queryRows } from '../../src/server/db/client.js';
import type { JobListItem } from '../../src/domain/jobs/index.js';
import { signInAs, type ApiClient } from '../support/api.js';
import { createTestContext, type TestContext } from '../support/test-app.js';

let ctx: TestContext;
let api: ApiClient;
const NOW = new Date('2026-03-10T15:00:00Z');

interface Fixture {
  ids: Record<string, string>;
  numbers: Record<string, number>;
  techA: string;
  techB: string;
  unitId: string;
  locationId: string;
  companyId: string;
}
let fx: Fixture;

beforeAll(async () => {
  ctx = await createTestContext({ now: () => NOW });
  api = await signInAs(ctx, 'user');
  const f = ctx.f;
  const a = await f.technician();
  const b = await f.technician();
  const acme = await f.company({ name: 'Acme Foods' });
  const acmeDowntown = await f.location({ companyId: acme.id, name: 'Downtown Store' });
  const acmeUnit = await f.unit({ locationId: acmeDowntown.id, unitNumber: 'RTU-7' });
  const other = await f.company({ name: 'Beta Labs' });
  const betaLoc = await f.location({ companyId: other.id, name: 'North Campus' });
  const betaUnit = await f.unit({ locationId: betaLoc.id, unitNumber: 'AHU-2' });

  const jobs = {
    // scheduled today, for tech A, at Acme RTU-7, with two items
    pm: await f.job({
      name: 'Spring maintenance',
      locationId: acmeDowntown.id,
      unitId: acmeUnit.id,
      status: 'scheduled',
      scheduleStart: new Date('2026-03-10T13:00:00Z'),
      timePeriodStart: '2026-03-09',
      timePeriodDue: '2026-03-12',
      technicianIds: [a.technician.id],
      type: 'PM',
      serviceLine: 'HVACGEN',
    }),
    // overdue, unscheduled, no technicians, another office
    call: await f.job({
      name: 'Compressor noise',
      locationId: betaLoc.id,
      unitId: betaUnit.id,
      status: 'unscheduled',
      timePeriodStart: '2026-02-01',
      timePeriodDue: '2026-02-05',
      type: 'SC',
      serviceLine: 'REFR',
      office: 'North Office',
    }),
    // completed, no invoice, tech B
    done: await f.job({
      name: 'Filter change',
      locationId: acmeDowntown.id,
      unitId: acmeUnit.id,
      status: 'completed',
      timePeriodStart: '2026-03-01',
      timePeriodDue: '2026-03-02',
      technicianIds: [b.technician.id],
      type: 'PM',
      serviceLine: 'HVACGEN',
    }),
    // quote sent and awaiting the customer
    quoted: await f.job({
      name: 'Coil replacement',
      locationId: betaLoc.id,
      unitId: null,
      status: 'unscheduled',
      timePeriodStart: '2026-03-15',
      timePeriodDue: '2026-03-20',
      type: 'INSP',
      serviceLine: 'INSP',
      technicianIds: [b.technician.id, a.technician.id],
    }),
    // cancelled
    cancelled: await f.job({
      name: 'Old request',
      locationId: betaLoc.id,
      status: 'cancelled',
      timePeriodStart: '2026-01-01',
      timePeriodDue: '2026-01-02',
      type: 'SC',
      serviceLine: 'HVACGEN',
    }),
  };
  await f.jobItem(jobs.pm.id, { quantity: 2, unitCost: '100.00', totalCost: '200.00', type: 'part' });
  await f.jobItem(jobs.pm.id, { quantity: 1, unitCost: '55.50', totalCost: '55.50', type: 'labor' });
  await f.quote(jobs.quoted, {
    status: 'sent',
    sentAt: new Date('2026-03-09T15:00:00Z'),
    createdAt: new Date('2026-03-09T15:00:00Z'),
    expiresAt: new Date('2026-04-08T15:00:00Z'),
  });
  await f.invoice(jobs.pm, { status: 'draft' });
  fx = {
    ids: Object.fromEntries(Object.entries(jobs).map(([k, v]) => [k, v.id])),
    numbers: Object.fromEntries(Object.entries(jobs).map(([k, v]) => [k, v.number])),
    techA: a.technician.id,
    techB: b.technician.id,
    unitId: acmeUnit.id,
    locationId: acmeDowntown.id,
    companyId: acme.id,
  };
});
afterAll(() => ctx.close());

async function list(query: string): Promise<{ items: JobListItem[]; total: number; page: number; pageSize: number }> {
  const response = await api.call('GET', `/api/jobs${query ? `?${query}` : ''}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
const names = async (query: string) => (await list(query)).items.map((j) => j.name).sort();

describe('the list', () => {
  it('lists every job newest first with company, location, unit, technicians and the cost total', async () => {
    const page = await list('');
    expect(page.total).toBe(5);
    expect(page.pageSize).toBe(25);
    const pm = page.items.find((j) => j.id === fx.ids.pm)!;
    expect(pm).toMatchObject({
      name: 'Spring maintenance',
      companyName: 'Acme Foods',
      locationName: 'Downtown Store',
      unitNumber: 'RTU-7',
      status: 'scheduled',
      typeName: 'Preventative Maintenance',
      scheduleStart: '2026-03-10T13:00:00.000Z',
      costTotalCents: 25550,
    });
    expect(pm.technicians).toEqual([{ id: fx.techA, name: expect.any(String), isPrimary: true }]);
    const quoted = page.items.find((j) => j.id === fx.ids.quoted)!;
    expect(quoted.technicians.map((t) => [t.id, t.isPrimary])).toEqual([
      [fx.techB, true],
      [fx.techA, false],
    ]);
    expect(quoted.unitNumber).toBeNull();
  });

  it.each([
    ['status=completed', ['Filter change']],
    ['status=cancelled', ['Old request']],
    ['type=SC', ['Compressor noise', 'Old request']],
    ['serviceLine=REFR', ['Compressor noise']],
    ['office=North%20Office', ['Compressor noise']],
    ['dateField=due&from=2026-03-01&to=2026-03-12', ['Filter change', 'Spring maintenance']],
    ['dateField=schedule&from=2026-03-10&to=2026-03-10', ['Spring maintenance']],
    ['dateField=schedule&from=2026-03-11', []],
    [
      'dateField=created&from=2020-01-01',
      ['Coil replacement', 'Compressor noise', 'Filter change', 'Old request', 'Spring maintenance'],
    ],
    ['dateField=created&to=2020-01-01', []],
  ])('filters by %s', async (query, expected) => {
    expect(await names(query)).toEqual(expected);
  });

  it('filters by technician, unassigned, unit, location and company', async () => {
    expect(await names(`technicianId=${fx.techA}`)).toEqual(['Coil replacement', 'Spring maintenance']);
    expect(await names(`technicianId=${fx.techB}`)).toEqual(['Coil replacement', 'Filter change']);
    expect(await names('technicianId=unassigned')).toEqual(['Compressor noise', 'Old request']);
    expect(await names(`unitId=${fx.unitId}`)).toEqual(['Filter change', 'Spring maintenance']);
    expect(await names(`locationId=${fx.locationId}`)).toEqual(['Filter change', 'Spring maintenance']);
    expect(await names(`companyId=${fx.companyId}`)).toEqual(['Filter change', 'Spring maintenance']);
  });

  it("lists one technician's jobs in the list's order from their assignments, which carry the job's creation time and number", async () => {
    // 30 jobs of a new technician over two pages, some created at the same instant (the number breaks the tie).
    const tech = (await ctx.f.technician()).technician.id;
    const made: { id: string; number: number; createdAt: Date }[] = [];
    for (let i = 0; i < 30; i++) {
      const createdAt = new Date(Date.UTC(2026, 0, 1 + Math.floor(i / 3)));
      const job = await ctx.f.job({ name: `Assigned ${i}`, technicianIds: [tech], createdAt });
      made.push({ id: job.id, number: job.number, createdAt });
    }
    onTestFinished(async () => {
      await ctx.database.db.execute(
        sql`delete from jobs where id in (${sql.join(
          made.map((m) => sql`${m.id}::uuid`),
          sql`, `,
        )})`,
      );
    });
    for (const dir of ['desc', 'asc'] as const) {
      const sign = dir === 'desc' ? -1 : 1;
      const expected = [...made]
        .sort((a, b) => sign * (a.createdAt.getTime() - b.createdAt.getTime() || a.number - b.number))
        .map((m) => m.number);
      const page1 = await list(`technicianId=${tech}&sort=created&dir=${dir}&page=1`);
      const page2 = await list(`technicianId=${tech}&sort=created&dir=${dir}&page=2`);
      expect(
        [...page1.items, ...page2.items].map((j) => j.number),
        dir,
      ).toEqual(expected);
      expect(page1.total).toBe(30);
    }
    expect(await names(`technicianId=${fx.techA}&status=scheduled`)).toEqual(['Spring maintenance']);
    // The copies follow the job (a trigger; the application never changes them).
    const [drift] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from job_technicians jt join jobs j on j.id = jt.job_id
          where (jt.job_created_at, jt.job_number) is distinct from (j.created_at, j.number)`,
    );
    expect(drift!.n).toBe(0);
  });

  it('searches number, name, company, location and unit; every word must match', async () => {
    expect(await names('q=acme')).toEqual(['Filter change', 'Spring maintenance']);
    expect(await names('q=acme%20spring')).toEqual(['Spring maintenance']);
    expect(await names('q=rtu-7%20filter')).toEqual(['Filter change']);
    expect(await names('q=north%20coil')).toEqual(['Coil replacement']);
    expect(await names(`q=${fx.numbers.call}`)).toEqual(['Compressor noise']);
    expect(await names('q=acme%20north')).toEqual([]);
    expect(await names('q=%25')).toEqual([]);
  });

  it('keeps the search text current when a company, location or unit is renamed', async () => {
    await api.call('PUT', `/api/units/${fx.unitId}`, {
      unitNumber: 'RTU-99',
      status: 'active',
      office: 'Main Office',
      taxable: true,
    });
    expect(await names('q=rtu-99')).toEqual(['Filter change', 'Spring maintenance']);
  });

  it.each([
    ['no-appointment', ['Coil replacement', 'Compressor noise']],
    ['overdue', ['Compressor noise']],
    ['to-mark-complete', ['Spring maintenance']],
    ['follow-up', ['Coil replacement']],
    ['unsent-invoices', ['Spring maintenance']],
    ['to-invoice', ['Filter change']],
    ['submitted-quotes', ['Coil replacement']],
    ['ready-to-schedule', []],
    ['open-deficiencies', []],
  ])('opens the home queue %s', async (queue, expected) => {
    expect(await names(`queue=${queue}`)).toEqual(expected);
  });

  it('pages with the total and sorts', async () => {
    const numbers = Object.values(fx.numbers).sort((x, y) => x - y);
    const all = await list('sort=number&dir=asc');
    expect(all.items.map((j) => j.number)).toEqual(numbers);
    const desc = await list('sort=number&dir=desc&pageSize=25&page=1');
    expect(desc.items.map((j) => j.number)).toEqual([...numbers].reverse());
    const beyond = await list('page=2');
    expect(beyond).toMatchObject({ items: [], total: 5, page: 2 });
    expect((await list('sort=due&dir=asc')).items[0]!.name).toBe('Old request');
    expect((await list('sort=schedule&dir=asc')).items[0]!.name).toBe('Spring maintenance');
  });

  it('refuses bad filters with a message naming the field', async () => {
    await api.refused('GET', '/api/jobs?pageSize=30', undefined, 400, 'Page size must be 25, 50 or 100', {
      field: 'pageSize',
    });
    await api.refused(
      'GET',
      '/api/jobs?status=open',
      undefined,
      400,
      'Status must be scheduled, unscheduled, completed or cancelled',
      { field: 'status' },
    );
    await api.refused(
      'GET',
      '/api/jobs?technicianId=bob',
      undefined,
      400,
      "Technician must be a technician id or 'unassigned'",
      { field: 'technicianId' },
    );
    await api.refused('GET', '/api/jobs?from=2026-13-01', undefined, 400, 'From must be a valid date (YYYY-MM-DD)', {
      field: 'from',
    });
    await api.refused('GET', '/api/jobs?queue=all', undefined, 400, 'Unknown queue', { field: 'queue' });
    await api.refused('GET', '/api/jobs?unitId=1', undefined, 400, 'Invalid unit ID format', { field: 'unitId' });
  });
});

describe('the calendar', () => {
  it("lists the range's scheduled jobs and the open unscheduled jobs whose period overlaps it", async () => {
    const response = await api.call('GET', '/api/jobs/calendar?from=2026-03-01&to=2026-03-31');
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer.timeZone).toBe('America/New_York');
    expect(answer.scheduled.map((j: { name: string }) => j.name)).toEqual(['Spring maintenance']);
    expect(answer.unscheduled.map((j: { name: string }) => j.name)).toEqual(['Coil replacement']);
    expect(answer.unscheduledTotal).toBe(1);
    const forB = (
      await api.call('GET', `/api/jobs/calendar?from=2026-03-01&to=2026-03-31&technicianId=${fx.techB}`)
    ).json();
    expect(forB.scheduled).toEqual([]);
    await api.refused(
      'GET',
      '/api/jobs/calendar?from=2026-03-01&to=2026-06-01',
      undefined,
      400,
      'The calendar range must be at most 62 days',
    );
    await api.refused('GET', '/api/jobs/calendar?from=2026-03-01', undefined, 400, undefined, { field: 'to' });
  });

  it("sends only the first jobs of each day with perDay, and every day's total (days in the company time zone)", async () => {
    // 2026-04-07 in New York: 08:00, 09:00, 10:00, 11:00 and 22:30 (already the 8th in UTC); one cancelled, not counted.
    const starts = [
      '2026-04-07T12:00:00Z',
      '2026-04-07T13:00:00Z',
      '2026-04-07T14:00:00Z',
      '2026-04-07T15:00:00Z',
      '2026-04-08T02:30:00Z',
    ];
    const made: string[] = [];
    for (const [i, start] of starts.entries())
      made.push(
        (await ctx.f.job({ name: `Busy day ${i + 1}`, status: 'scheduled', scheduleStart: new Date(start) })).id,
      );
    made.push(
      (
        await ctx.f.job({
          name: 'Busy day cancelled',
          status: 'cancelled',
          scheduleStart: new Date('2026-04-07T12:30:00Z'),
        })
      ).id,
    );
    made.push(
      (await ctx.f.job({ name: 'Next day', status: 'scheduled', scheduleStart: new Date('2026-04-08T13:00:00Z') })).id,
    );
    onTestFinished(async () => {
      // The lists' tests below count this file's five jobs.
      await ctx.database.db.execute(
        sql`delete from jobs where id in (${sql.join(
          made.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
      );
    });
    const all = (await api.call('GET', '/api/jobs/calendar?from=2026-04-01&to=2026-04-30')).json<CalendarAnswer>();
    expect(all.scheduled.map((j) => j.name)).toEqual([
      'Busy day 1',
      'Busy day 2',
      'Busy day 3',
      'Busy day 4',
      'Busy day 5',
      'Next day',
    ]);
    const firstThree = (
      await api.call('GET', '/api/jobs/calendar?from=2026-04-01&to=2026-04-30&perDay=3')
    ).json<CalendarAnswer>();
    expect(firstThree.scheduled.map((j) => j.name)).toEqual(['Busy day 1', 'Busy day 2', 'Busy day 3', 'Next day']);
    expect(firstThree.dayTotals).toEqual([
      { day: '2026-04-07', total: 5 },
      { day: '2026-04-08', total: 1 },
    ]);
    expect(all.dayTotals).toEqual(firstThree.dayTotals);
    await api.refused(
      'GET',
      '/api/jobs/calendar?from=2026-04-01&to=2026-04-30&perDay=0',
      undefined,
      400,
      'Jobs per day must be 1 or more',
      { field: 'perDay' },
    );
    await api.refused(
      'GET',
      '/api/jobs/calendar?from=2026-04-01&to=2026-04-30&perDay=many',
      undefined,
      400,
      'Jobs per day must be a number',
      { field: 'perDay' },
    );
  });
});

describe('the export', () => {
  it('downloads every filtered row as .xlsx', async () => {
    const response = await api.call('GET', '/api/jobs/export?type=PM');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toContain('jobs-2026-03-10.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Jobs')!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Job Number');
    const rows: string[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) rows.push(String(row.getCell(2).value));
    });
    expect(rows.sort()).toEqual(['Filter change', 'Spring maintenance']);
  });
});

describe('the totals', () => {
  it('reads unfiltered and status-only totals from counters the database keeps exact', async () => {
    expect((await list('')).total).toBe(5);
    expect((await list('status=completed')).total).toBe(1);
    const extra = await ctx.f.job({ status: 'unscheduled' });
    expect((await list('')).total).toBe(6);
    expect((await list('status=unscheduled')).total).toBe(3);
    expect((await api.call('POST', `/api/jobs/${extra.id}/cancel`)).statusCode).toBe(200);
    expect((await list('status=unscheduled')).total).toBe(2);
    expect((await list('status=cancelled')).total).toBe(2);
    expect((await api.call('DELETE', `/api/jobs/${extra.id}`)).statusCode).toBe(204);
    expect((await list('')).total).toBe(5);
    expect((await list('status=cancelled')).total).toBe(1);
  });

  // Each of these totals comes from job_counts / job_assigned_count / job_technicians alone; the
  // page lists every matching job (fewer than 25), so the total must equal the rows listed.
  const counted = () => [
    '',
    'status=unscheduled',
    'type=SC',
    'serviceLine=HVACGEN',
    'office=North%20Office',
    'status=unscheduled&type=SC',
    'type=PM&serviceLine=HVACGEN&office=Main%20Office',
    'technicianId=unassigned',
    'queue=overdue',
    `technicianId=${fx.techA}`,
    `technicianId=${fx.techB}`,
  ];
  const expectTotalsExact = async () => {
    for (const query of counted()) {
      const page = await list(query);
      expect(page.total, query).toBe(page.items.length);
    }
  };

  it('keeps the type, service line, office, unassigned and technician totals exact through creates, changes and deletes', async () => {
    await expectTotalsExact();
    const techs = await api.call('PUT', `/api/jobs/${fx.ids.call}/technicians`, {
      technicianIds: [fx.techA, fx.techB],
    });
    expect(techs.statusCode, techs.body).toBe(200);
    expect(await names('technicianId=unassigned')).toEqual(['Old request']);
    await expectTotalsExact();
    const again = await api.call('PUT', `/api/jobs/${fx.ids.call}/technicians`, { technicianIds: [fx.techB] });
    expect(again.statusCode, again.body).toBe(200);
    await expectTotalsExact();
    const extra = await ctx.f.job({
      status: 'unscheduled',
      type: 'SC',
      serviceLine: 'REFR',
      office: 'North Office',
      technicianIds: [fx.techA],
    });
    const bare = await ctx.f.job({
      status: 'unscheduled',
      type: 'SC',
      serviceLine: 'HVACGEN',
      timePeriodStart: '2026-02-20',
      timePeriodDue: '2026-02-25',
    });
    const overdue = (await list('queue=overdue')).total;
    await ctx.database.db.execute(sql`update jobs set time_period_due = '2026-04-01' where id = ${bare.id}`);
    expect((await list('queue=overdue')).total).toBe(overdue - 1);
    await expectTotalsExact();
    await ctx.database.db.execute(sql`update jobs set time_period_due = '2026-02-26' where id = ${bare.id}`);
    await expectTotalsExact();
    expect((await list('office=North%20Office')).total).toBe(2);
    expect((await api.call('POST', `/api/jobs/${extra.id}/cancel`)).statusCode).toBe(200);
    await expectTotalsExact();
    // deleting a job takes its technicians with it (cascade): the assigned count follows
    expect((await api.call('DELETE', `/api/jobs/${extra.id}`)).statusCode).toBe(204);
    expect((await api.call('DELETE', `/api/jobs/${bare.id}`)).statusCode).toBe(204);
    await expectTotalsExact();
    const back = await api.call('PUT', `/api/jobs/${fx.ids.call}/technicians`, { technicianIds: [fx.techA] });
    expect(back.statusCode, back.body).toBe(200);
    await ctx.database.db.execute(sql`delete from job_technicians where job_id = ${fx.ids.call}`);
    expect(await names('technicianId=unassigned')).toEqual(['Compressor noise', 'Old request']);
    await expectTotalsExact();
  });
});
