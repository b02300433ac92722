import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE } from '../../src/domain/dates.js';
import {
  HOME_DEFICIENCIES_PAGE_SIZE,
  homeCardListQuery,
  homeDeficienciesQuery,
  homeRules,
  homeUnsentInvoicesQuery,
  periodSince,
  type HomeCardDate,
  type HomeFilters,
  type HomeJobFacts,
  type HomeStats,
  type JobStatus,
  type OpenDeficiencies,
} from '../../src/domain/home.js';
import type { InvoiceList } from '../../src/domain/invoices/index.js';
import { toCents } from '../../src/domain/money.js';
import { effectiveQuoteStatus, type QuoteStatus } from '../../src/domain/quotes.js';
import { createRandom } from '../factories/index.js';
import { signInAs, type ApiClient } from '../support/api.js';
import { tableFingerprint } from '../support/db-fingerprint.js';
import { createTestContext, type TestContext } from '../support/test-app.js';

// Sunday 15 March 2026, 11:00 in New York (the default company time zone).
const NOW = new Date('2026-03-15T15:00:00Z');
const TODAY = '2026-03-15';
const DAY = 86_400_000;

interface Seeded {
  facts: HomeJobFacts;
  office: string;
  technicianIds: string[];
  createdAt: Date;
  repairs: { totalCents: number; createdAt: Date }[];
  invoices: { status: string; amountCents: number; createdAt: Date }[];
  quotes: { status: QuoteStatus; amountCents: number; createdAt: Date }[];
}

let ctx: TestContext;
let api: ApiClient;
const seeded: Seeded[] = [];
let techA: string;
let techB: string;

beforeAll(async () => {
  ctx = await createTestContext({ now: () => NOW });
  api = await signInAs(ctx, 'user', {
    unchanged: () => tableFingerprint(ctx.database.db, ['jobs', 'job_quotes', 'job_invoices', 'home_counts']),
  });
  techA = (await ctx.f.technician()).user.id;
  techB = (await ctx.f.technician()).user.id;
  const location = await ctx.f.location();
  const rng = createRandom(7);

  for (let i = 0; i < 60; i++) {
    const status = rng.pick<JobStatus>(['scheduled', 'unscheduled', 'completed', 'cancelled']);
    const scheduleStart =
      status === 'scheduled'
        ? new Date(NOW.getTime() + rng.pick([-3, -0.01, 0.01, 2]) * DAY)
        : rng.bool(0.5)
          ? new Date(NOW.getTime() - 5 * DAY)
          : null;
    const due = rng.pick(['2026-03-01', '2026-03-14', TODAY, '2026-03-16', '2026-04-01']);
    const quoteSent = rng.bool(0.5);
    const storedStatus: QuoteStatus = quoteSent ? rng.pick(['sent', 'sent', 'approved', 'declined'] as const) : 'sent';
    const createdAt = new Date(NOW.getTime() - rng.pick([1, 10, 29, 45, 200]) * DAY);
    const office = rng.bool(0.7) ? 'Main Office' : 'Branch Office';
    const technicianIds = rng.pick([[], [techA], [techB], [techA, techB]]);
    const job = await ctx.f.job({
      locationId: location.id,
      unitId: null,
      status,
      scheduleStart,
      timePeriodStart: '2026-03-01',
      timePeriodDue: due,
      office,
      createdAt,
      technicianIds,
    });
    const entry: Seeded = {
      facts: { status, scheduleStart, timePeriodDue: due, quoteStatus: null, hasInvoice: false },
      office,
      technicianIds,
      createdAt,
      repairs: [],
      invoices: [],
      quotes: [],
    };
    if (rng.bool(0.5)) {
      const inspection = await ctx.f.inspection(job.id);
      const repairCreated = new Date(NOW.getTime() - rng.pick([2, 60]) * DAY);
      const zero = rng.bool(0.25);
      const repair = await ctx.f.repair(
        { jobId: job.id, inspectionId: inspection.id },
        zero ? { totalCost: '0.00', createdAt: repairCreated } : { createdAt: repairCreated },
      );
      entry.repairs.push({ totalCents: toCents(repair.totalCost), createdAt: repairCreated });
    }
    if (rng.bool(0.5)) {
      const invoiceStatus = rng.pick(['draft', 'issued', 'paid', 'void'] as const);
      const amount = `${rng.int(50, 900)}.${rng.pick(['00', '25', '99'])}`;
      const invoiceCreated = new Date(NOW.getTime() - rng.pick([3, 90]) * DAY);
      await ctx.f.invoice(job, {
        status: invoiceStatus,
        amount,
        issuedDate: invoiceStatus === 'draft' ? null : '2026-03-01',
        paidDate: invoiceStatus === 'paid' ? '2026-03-05' : null,
        createdAt: invoiceCreated,
      });
      entry.invoices.push({ status: invoiceStatus, amountCents: toCents(amount), createdAt: invoiceCreated });
      if (invoiceStatus !== 'void') entry.facts.hasInvoice = true;
    }
    if (quoteSent) {
      const amount = `${rng.int(500, 9000)}.00`;
      const quoteCreated = new Date(NOW.getTime() - rng.pick([4, 50]) * DAY);
      // an older quote the latest one replaced counts nowhere
      if (rng.bool(0.3)) {
        const older = new Date(quoteCreated.getTime() - 2 * DAY);
        await ctx.f.quote(job, { status: 'superseded', amount, createdAt: older, sentAt: older });
        entry.quotes.push({ status: 'superseded', amountCents: toCents(amount), createdAt: older });
      }
      const expiresAt = new Date(quoteCreated.getTime() + 30 * DAY);
      const decidedAt = storedStatus === 'sent' ? null : new Date(quoteCreated.getTime() + DAY);
      await ctx.f.quote(job, {
        status: storedStatus,
        amount,
        createdAt: quoteCreated,
        sentAt: quoteCreated,
        expiresAt,
        decidedAt,
      });
      const status = effectiveQuoteStatus({ status: storedStatus, expiresAt }, NOW);
      entry.facts.quoteStatus = status;
      entry.quotes.push({ status, amountCents: toCents(amount), createdAt: quoteCreated });
    }
    seeded.push(entry);
  }
}, 120_000);
afterAll(() => ctx.close());

/** The expected counts, computed with the domain's definitions over what was seeded. */
function expected(filters: HomeFilters): HomeStats {
  const since = periodSince(filters.period, NOW, DEFAULT_TIME_ZONE);
  const inScope = (s: Seeded) =>
    (!filters.office || s.office === filters.office) &&
    (!filters.technicianId || s.technicianIds.includes(filters.technicianId));
  const recent = (d: Date) => !since || d >= since;
  const jobs = seeded.filter((s) => inScope(s) && recent(s.createdAt));
  const count = (pred: (f: HomeJobFacts) => boolean) => jobs.filter((s) => pred(s.facts)).length;
  const ready = jobs.filter((s) => homeRules.jobReadyToSchedule(s.facts));
  const scoped = seeded.filter(inScope);
  const deficiencies = scoped.flatMap((s) =>
    s.repairs.filter((r) => recent(r.createdAt) && homeRules.openDeficiency(r, s.facts)),
  );
  const drafts = scoped.flatMap((s) => s.invoices.filter((i) => recent(i.createdAt) && homeRules.unsentInvoice(i)));
  const quotes = scoped.flatMap((s) => s.quotes.filter((q) => recent(q.createdAt) && homeRules.submittedQuote(q)));
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  return {
    jobsNoAppointment: { count: count(homeRules.jobWithNoAppointment) },
    overdueJobs: { count: count((f) => homeRules.overdueJob(f, TODAY)) },
    jobsToMark: { count: count((f) => homeRules.pastJobToMarkComplete(f, NOW)) },
    followUpJobs: { count: count(homeRules.followUpJob) },
    openDeficiencies: { count: deficiencies.length },
    unsentInvoices: { count: drafts.length, valueCents: sum(drafts.map((d) => d.amountCents)) },
    jobsToSchedule: { count: ready.length, valueCents: sum(ready.flatMap((s) => s.repairs.map((r) => r.totalCents))) },
    jobsToInvoice: { count: count(homeRules.jobToInvoice) },
    submittedQuotes: { count: quotes.length, valueCents: sum(quotes.map((q) => q.amountCents)) },
  };
}

async function stats(query: string) {
  const response = await api.call('GET', `/api/home/stats${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as HomeStats;
}

describe('home counts against a seeded data set', () => {
  it.each([
    ['all time', '?period=all', { period: 'all' }],
    ['the default period (last month)', '', { period: 'last-month' }],
    ['last week', '?period=last-week', { period: 'last-week' }],
    ['one office', '?period=all&office=Branch%20Office', { period: 'all', office: 'Branch Office' }],
  ] as const)('match the definitions for %s', async (_label, query, filters) => {
    const result = await stats(query);
    expect(result).toEqual(expected({ office: undefined, technicianId: undefined, ...filters }));
  });

  it('match the definitions for one technician', async () => {
    expect(await stats(`?period=all&technicianId=${techA}`)).toEqual(
      expected({ office: undefined, technicianId: techA, period: 'all' }),
    );
  });

  it('are not all zero (the seed covers every count)', async () => {
    const result = await stats('?period=all');
    for (const [key, value] of Object.entries(result)) expect(value.count, key).toBeGreaterThan(0);
  });

  it('refuses bad filters with a message', async () => {
    await api.refused('GET', '/api/home/stats?period=yesterday', undefined, 400, 'Unknown period');
    await api.refused('GET', '/api/home/stats?technicianId=42', undefined, 400, 'Invalid technician id');
  });
});

describe('each card opens exactly the records it counts', () => {
  // The cards' list queries as the Home screen builds them (src/web/features/home/home-page.tsx).
  const CARDS: { key: keyof HomeStats; queue: string; date: HomeCardDate }[] = [
    { key: 'followUpJobs', queue: 'follow-up', date: 'created' },
    { key: 'submittedQuotes', queue: 'submitted-quotes', date: 'quote-sent' },
  ];

  it.each([
    ['all time', { period: 'all' }],
    ['last week', { period: 'last-week' }],
    ['last month', { period: 'last-month' }],
    ['last quarter, one office', { period: 'last-quarter', office: 'Main Office' }],
    ['last month, one technician', { period: 'last-month', technicianId: 'A' }],
  ] as const)('Follow Up Jobs and Total Submitted Quotes: count = list total for %s', async (_label, partial) => {
    if (!seeded.some((s) => s.office === 'Edge')) {
      // On the first day of a period but before its exact instant: a job created, and a quote sent.
      const location = await ctx.f.location();
      for (const days of [7, 30, 90]) {
        const edge = new Date(NOW.getTime() - days * DAY - 60 * 60 * 1000);
        const job = await ctx.f.job({
          locationId: location.id,
          unitId: null,
          office: 'Main Office',
          createdAt: edge,
          technicianIds: [techA],
        });
        await ctx.f.quote(job, {
          status: 'sent',
          amount: '100.00',
          createdAt: edge,
          sentAt: edge,
          expiresAt: new Date(edge.getTime() + 30 * DAY),
        });
        // An older job whose live quote went out on the edge day: counted by its send date, not the job's.
        const older = await ctx.f.job({
          locationId: location.id,
          unitId: null,
          office: 'Main Office',
          createdAt: new Date(NOW.getTime() - 400 * DAY),
        });
        const sentAt = new Date(edge.getTime() + 30 * 60 * 1000);
        await ctx.f.quote(older, {
          status: 'sent',
          amount: '200.00',
          createdAt: sentAt,
          sentAt,
          expiresAt: new Date(sentAt.getTime() + 30 * DAY),
        });
      }
      seeded.push({
        facts: {
          status: 'unscheduled',
          scheduleStart: null,
          timePeriodDue: TODAY,
          quoteStatus: 'sent',
          hasInvoice: false,
        },
        office: 'Edge',
        technicianIds: [],
        createdAt: NOW,
        repairs: [],
        invoices: [],
        quotes: [],
      });
    }
    const filters: HomeFilters = {
      office: undefined,
      technicianId: undefined,
      ...partial,
      ...('technicianId' in partial ? { technicianId: techA } : {}),
    };
    const query = new URLSearchParams({ period: filters.period });
    if (filters.office) query.set('office', filters.office);
    if (filters.technicianId) query.set('technicianId', filters.technicianId);
    const counts = await stats(`?${query.toString()}`);
    for (const card of CARDS) {
      const list = homeCardListQuery(card, filters, NOW, DEFAULT_TIME_ZONE);
      list.set('pageSize', '100');
      const response = await api.call('GET', `/api/jobs?${list.toString()}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().total, `${card.key} with /jobs?${list.toString()}`).toBe(counts[card.key].count);
    }
    expect(counts.submittedQuotes.count).toBeGreaterThan(0);
  });

  it.each([
    ['all time', { period: 'all' }],
    ['last week', { period: 'last-week' }],
    ['last month', { period: 'last-month' }],
    ['last quarter, one office', { period: 'last-quarter', office: 'Main Office' }],
    ['last year, one technician', { period: 'last-year', technicianId: 'A' }],
    ['all time, one office and one technician', { period: 'all', office: 'Branch Office', technicianId: 'A' }],
  ] as const)(
    'Open Deficiencies and Total Unsent Invoices: the list holds exactly the counted records for %s',
    async (_label, partial) => {
      if (!seeded.some((s) => s.office === 'Edge records')) {
        // On the first day of each period before its exact instant (counted), and late on the day
        // before (not counted): a repair record with a total and a draft invoice, two of each on one job.
        const location = await ctx.f.location();
        const job = await ctx.f.job({
          locationId: location.id,
          unitId: null,
          office: 'Main Office',
          createdAt: new Date(NOW.getTime() - 500 * DAY),
          technicianIds: [techA],
        });
        for (const days of [7, 30, 90, 365]) {
          for (const at of [
            new Date(NOW.getTime() - days * DAY - 60 * 60 * 1000),
            new Date(NOW.getTime() - days * DAY - 12 * 60 * 60 * 1000),
          ]) {
            const inspection = await ctx.f.inspection(job.id);
            await ctx.f.repair({ jobId: job.id, inspectionId: inspection.id }, { createdAt: at });
            await ctx.f.invoice(job, { status: 'draft', amount: '10.25', issuedDate: null, createdAt: at });
          }
        }
        seeded.push({
          facts: {
            status: 'unscheduled',
            scheduleStart: null,
            timePeriodDue: TODAY,
            quoteStatus: null,
            hasInvoice: true,
          },
          office: 'Edge records',
          technicianIds: [],
          createdAt: NOW,
          repairs: [],
          invoices: [],
          quotes: [],
        });
      }
      const filters: HomeFilters = {
        office: undefined,
        technicianId: undefined,
        ...partial,
        ...('technicianId' in partial ? { technicianId: techA } : {}),
      };
      const query = new URLSearchParams({ period: filters.period });
      if (filters.office) query.set('office', filters.office);
      if (filters.technicianId) query.set('technicianId', filters.technicianId);
      const counts = await stats(`?${query.toString()}`);

      // Every page of the list: as many records as the card counts, each once.
      const listed: string[] = [];
      for (let page = 1; ; page++) {
        const response = await api.call(
          'GET',
          `/api/home/deficiencies?${homeDeficienciesQuery(filters).toString()}&page=${page}`,
        );
        expect(response.statusCode, response.body).toBe(200);
        const body = response.json() as OpenDeficiencies;
        expect(body.total).toBe(counts.openDeficiencies.count);
        listed.push(...body.items.map((d) => d.repairId));
        if (body.items.length < HOME_DEFICIENCIES_PAGE_SIZE) break;
      }
      expect(new Set(listed).size).toBe(listed.length);
      expect(listed.length).toBe(counts.openDeficiencies.count);
      expect(counts.openDeficiencies.count).toBeGreaterThan(0);

      const invoicesQuery = homeUnsentInvoicesQuery(filters, NOW, DEFAULT_TIME_ZONE);
      invoicesQuery.set('pageSize', '100');
      const invoices = await api.call('GET', `/api/invoices?${invoicesQuery.toString()}`);
      expect(invoices.statusCode, invoices.body).toBe(200);
      const list = invoices.json() as InvoiceList;
      expect(list.total, `/api/invoices?${invoicesQuery.toString()}`).toBe(counts.unsentInvoices.count);
      expect(list.summary?.total.amountCents).toBe(counts.unsentInvoices.valueCents);
      expect(list.items.every((i) => i.status === 'draft')).toBe(true);
      expect(counts.unsentInvoices.count).toBeGreaterThan(0);
    },
  );

  it('the open deficiencies refuse bad filters and pages with a message', async () => {
    for (const [url, message] of [
      ['/api/home/deficiencies?period=yesterday', 'Unknown period'],
      ['/api/home/deficiencies?technicianId=42', 'Invalid technician id'],
      ['/api/home/deficiencies?page=0', 'Page must be 1 or more'],
      ['/api/invoices?createdFrom=2026-02-30', 'Created from date must be a date (YYYY-MM-DD)'],
      ['/api/invoices?technicianId=42', 'Invalid technician id'],
    ] as const) {
      const response = await api.call('GET', url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.message, url).toBe(message);
    }
  });

  it('the jobs list refuses an unknown date field', async () => {
    await api.refused(
      'GET',
      '/api/jobs?dateField=quote&from=2026-03-01',
      undefined,
      400,
      'Date field must be due, schedule, created or quote-sent',
    );
  });
});

describe('home options and daily schedule', () => {
  it('lists offices and active technicians', async () => {
    const response = await api.call('GET', '/api/home/options');
    const body = response.json();
    expect(body.offices).toEqual(expect.arrayContaining(['Main Office', 'Branch Office']));
    expect(body.technicians.map((t: { id: string }) => t.id).sort()).toEqual([techA, techB].sort());
  });

  it("lists the day's scheduled jobs in the company time zone, optionally for one technician", async () => {
    const location = await ctx.f.location();
    // 23:30 in New York on 20 March is already 21 March in UTC: it still belongs to the 20th.
    const late = await ctx.f.job({
      locationId: location.id,
      unitId: null,
      status: 'scheduled',
      name: 'Late call',
      scheduleStart: new Date('2026-03-21T03:30:00Z'),
      technicianIds: [techB],
    });
    const morning = await ctx.f.job({
      locationId: location.id,
      unitId: null,
      status: 'scheduled',
      name: 'Morning PM',
      scheduleStart: new Date('2026-03-20T12:00:00Z'),
      technicianIds: [techA],
    });
    await ctx.f.job({
      locationId: location.id,
      unitId: null,
      status: 'scheduled',
      name: 'Next day',
      scheduleStart: new Date('2026-03-21T13:00:00Z'),
    });

    const day = await api.call('GET', '/api/home/schedule?date=2026-03-20');
    expect(day.statusCode).toBe(200);
    expect(day.json().jobs.map((j: { id: string }) => j.id)).toEqual([morning.id, late.id]);
    expect(day.json().timeZone).toBe('America/New_York');

    const forTech = await api.call('GET', `/api/home/schedule?date=2026-03-20&technicianId=${techB}`);
    expect(forTech.json().jobs.map((j: { name: string }) => j.name)).toEqual(['Late call']);

    await api.refused('GET', '/api/home/schedule?date=2026-02-30', undefined, 400, 'Date must be YYYY-MM-DD');
  });
});
