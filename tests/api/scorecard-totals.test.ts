/**
 * The Tech Scorecard's totals kept by the database (decision 056, migration scorecard-day-totals):
 * after every kind of write (jobs created, scheduled, completed, reassigned, cancelled, moved and
 * deleted; invoices issued, paid, voided and deleted; quotes sent, approved and declined; plain
 * SQL as another writer would), scorecard_job_facts and scorecard_day_totals equal their
 * recomputation from the source rows, and GET /api/tech-scorecard equals the figures taken straight
 * from the tables by the rules of src/domain/tech-scorecard.ts for every period, one-day ranges
 * across a daylight-saving change included. The trigger function restates those rules (its
 * comment says so): this file is what guards the restatement, with the repeat visit's edges
 * checked against isRepeatVisit.
 */
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, DEFAULT_TIME_ZONE, zonedDateTimeToInstant } from '../../src/domain/dates.js';
import {
  approvalRatePercent,
  averageTicketCents,
  isRepeatVisit,
  REPEAT_VISIT_DAYS,
  type ScorecardRow,
} from '../../src/domain/tech-scorecard.js';
import { toCents } from '../../src/domain/money.js';
import { queryRows } from '../../src/server/db/client.js';
import { splitIntoUtcDays } from '../../src/server/modules/tech-scorecard/tech-scorecard.repo.js';
import { signInAs, type ApiClient } from '../support/api.js';
import { jobCreateBody } from '../support/job-body.js';
import { createTestContext, TEST_PASSWORD, type TestContext } from '../support/test-app.js';
import { testDatabaseKind } from '../support/test-db.js';
import { RECOMPUTED_FACTS } from '../support/scorecard-facts.js';

// Sunday 15 March 2026, 11:00 in New York (the default company zone; daylight saving began on 8 March)
const NOW = new Date('2026-03-15T15:00:00Z');
const DAY = 86_400_000;
const ago = (days: number, hours = 0) => new Date(NOW.getTime() - days * DAY - hours * 3_600_000);

let ctx: TestContext;
let api: ApiClient;
let techA: string;
let techB: string;
let techC: string;

const run = (query: SQL) => ctx.database.db.execute(query);
const rows = <T>(query: SQL) => queryRows<T>(ctx.database.db, query);

beforeAll(async () => {
  ctx = await createTestContext({ now: () => NOW });
  api = await signInAs(ctx, 'manager');
  const tech = async (name: string) =>
    (
      await ctx.f.technician({
        user: { firstName: `Score ${name}`, username: `score-${name}`, password: TEST_PASSWORD },
      })
    ).user.id;
  techA = await tech('a');
  techB = await tech('b');
  techC = await tech('c');
});
afterAll(() => ctx.close());

async function expectTotalsKept(when: string) {
  const facts = await rows<Record<string, unknown>>(sql`
    (select 'kept only' as side, * from (
      (select job_id, technician_id, at, day, completed, repeats, scheduled, minutes, sent, approved, declined, invoices, revenue::numeric
       from scorecard_job_facts)
      except all
      (select job_id, technician_id, at, day, completed, repeats, scheduled, minutes, sent, approved, declined, invoices, revenue
       from (${RECOMPUTED_FACTS}) r)) k)
    union all
    (select 'recomputed only', * from (
      (select job_id, technician_id, at, day, completed, repeats, scheduled, minutes, sent, approved, declined, invoices, revenue
       from (${RECOMPUTED_FACTS}) r)
      except all
      (select job_id, technician_id, at, day, completed, repeats, scheduled, minutes, sent, approved, declined, invoices, revenue::numeric
       from scorecard_job_facts)) r)`);
  expect(facts, `scorecard_job_facts ${when}`).toEqual([]);
  const kept = await rows<Record<string, unknown>>(sql`
    select technician_id::text, day::text, completed::int, repeats::int, scheduled::int, minutes::int, sent::int,
           approved::int, declined::int, invoices::int, revenue::numeric(16, 2)::text
    from scorecard_day_totals
    where (completed, repeats, scheduled, minutes, sent, approved, declined, invoices, revenue) <> (0, 0, 0, 0, 0, 0, 0, 0, 0)
    order by 1, 2`);
  const recomputed = await rows<Record<string, unknown>>(sql`
    select technician_id::text, day::text, sum(completed)::int as completed, sum(repeats)::int as repeats,
           sum(scheduled)::int as scheduled, sum(minutes)::int as minutes, sum(sent)::int as sent, sum(approved)::int as approved,
           sum(declined)::int as declined, sum(invoices)::int as invoices, sum(revenue)::numeric(16, 2)::text as revenue
    from (${RECOMPUTED_FACTS}) r group by 1, 2 order by 1, 2`);
  expect(kept, `scorecard_day_totals ${when}`).toEqual(recomputed);
  return kept;
}

/** The scorecard's figures straight from the source rows (decision 039's statement, plain SQL). */
async function figuresFromTables(from: string, to: string) {
  const fromInstant = zonedDateTimeToInstant(from, '00:00', DEFAULT_TIME_ZONE).toISOString();
  const toInstant = zonedDateTimeToInstant(addDays(to, 1), '00:00', DEFAULT_TIME_ZONE).toISOString();
  const found = await rows<Record<string, string | number>>(sql`
    with facts as (
      select j.id as job_id, 1 as completed,
        (j.unit_id is not null and exists (select 1 from jobs j2 where j2.unit_id = j.unit_id and j2.id <> j.id and j2.status <> 'cancelled'
           and j2.created_at > j.completed_at and j2.created_at <= j.completed_at + interval '30 days'))::int as repeats,
        0 as minutes, 0 as invoices, 0::numeric as revenue, 0 as sent, 0 as approved, 0 as declined
      from jobs j where j.status = 'completed' and j.completed_at >= ${fromInstant}::timestamptz and j.completed_at < ${toInstant}::timestamptz
      union all
      select id, 0, 0, schedule_duration, 0, 0, 0, 0, 0 from jobs
      where schedule_start >= ${fromInstant}::timestamptz and schedule_start < ${toInstant}::timestamptz and status <> 'cancelled'
      union all
      select job_id, 0, 0, 0, 1, amount, 0, 0, 0 from job_invoices
      where issued_date between ${from}::date and ${to}::date and status in ('issued', 'paid')
      union all
      select job_id, 0, 0, 0, 0, 0, 1, (status = 'approved')::int, (status = 'declined')::int from job_quotes
      where sent_at >= ${fromInstant}::timestamptz and sent_at < ${toInstant}::timestamptz)
    select jt.technician_id::text as id, sum(completed)::int as completed, sum(repeats)::int as repeats, sum(minutes)::int as minutes,
           sum(invoices)::int as invoices, sum(revenue)::text as revenue, sum(sent)::int as sent, sum(approved)::int as approved,
           sum(declined)::int as declined
    from facts join job_technicians jt on jt.job_id = facts.job_id group by 1`);
  const byId = new Map(found.map((r) => [String(r.id), r]));
  return (id: string) => {
    const r = byId.get(id);
    const n = (key: string) => Number(r?.[key] ?? 0);
    const revenueCents = r ? toCents(String(r.revenue)) : 0;
    return {
      jobsCompleted: n('completed'),
      scheduledMinutes: n('minutes'),
      invoices: n('invoices'),
      revenueCents,
      averageTicketCents: averageTicketCents(revenueCents, n('invoices')),
      quotesSent: n('sent'),
      quotesApproved: n('approved'),
      quotesDeclined: n('declined'),
      approvalRate: approvalRatePercent(n('approved'), n('declined')),
      repeatVisits: n('repeats'),
    };
  };
}

const PERIODS: [string, string][] = [
  ['2026-03-01', '2026-03-31'], // this month
  ['2026-02-01', '2026-02-28'], // last month
  ['2026-01-01', '2026-12-31'], // this year
  ['2025-01-01', '2026-12-31'],
  ['2026-03-08', '2026-03-08'], // 23 hours: daylight saving begins (no whole UTC day)
  ['2026-03-14', '2026-03-14'],
  ['2026-03-13', '2026-03-15'],
  ['2025-11-01', '2025-11-01'], // 25 hours: daylight saving ends
];

async function expectScorecardMatchesTables() {
  let counted = 0;
  for (const [from, to] of PERIODS) {
    const response = await api.call('GET', `/api/tech-scorecard?period=custom&from=${from}&to=${to}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ rows: ScorecardRow[] }>();
    const expected = await figuresFromTables(from, to);
    for (const id of [techA, techB, techC]) {
      const shown = body.rows.find((r) => r.technicianId === id);
      expect(shown, `${from}..${to} lists ${id}`).toBeDefined();
      const { technicianId: _id, name: _name, expiringCertifications: _certs, ...figures } = shown!;
      expect(figures, `${from}..${to}`).toEqual(expected(id));
      counted += figures.jobsCompleted + figures.invoices + figures.quotesSent + figures.scheduledMinutes;
    }
  }
  return counted;
}

async function createJob(body: Record<string, unknown>) {
  const response = await api.call(
    'POST',
    '/api/jobs',
    await jobCreateBody(ctx.f, {
      name: 'Scored job',
      description: 'A job the scorecard follows',
      timePeriodStart: '2026-03-01',
      timePeriodDue: '2026-03-20',
      ...body,
    }),
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string; number: number; unitId: string }>();
}

describe('scorecard totals kept by the writes', () => {
  it('equal their recomputation and the figures from the tables after every kind of write', async () => {
    expect(await expectTotalsKept('at the start')).toEqual([]);

    // Created and scheduled through the API, and by the factories on the edges of periods: the
    // first hours of a New York day (before the UTC midnight), the last hours (after it).
    const scheduled = await createJob({ scheduleDate: '2026-03-14', scheduleTime: '21:30', technicianIds: [techA] });
    const shared = await createJob({
      scheduleDate: '2026-03-08',
      scheduleTime: '00:30',
      technicianIds: [techA, techB],
    });
    const unscheduled = await createJob({ technicianIds: [techB] });
    const plain = await createJob({});
    const location = await ctx.f.location();
    const unit = await ctx.f.unit({ locationId: location.id });
    const old: { id: string; number: number }[] = [];
    for (const [index, completed] of [ago(1, 14), ago(7, 10), ago(30, 2), ago(45), ago(136, 20), ago(400)].entries()) {
      old.push(
        await ctx.f.job({
          locationId: location.id,
          unitId: index < 3 ? unit.id : null,
          createdAt: new Date(completed.getTime() - 5 * DAY),
          status: 'completed',
          completedAt: completed,
          scheduleStart: new Date(completed.getTime() - 3_600_000),
          scheduleDuration: 30 + index * 30,
          technicianIds: index % 2 === 0 ? [techA] : [techB, techC],
        }),
      );
    }
    await expectTotalsKept('after the creates');

    // Scheduled, rescheduled, completed, reassigned, cancelled through the API.
    expect(
      (await api.call('PUT', `/api/jobs/${plain.id}/technicians`, { technicianIds: [techC, techA] })).statusCode,
    ).toBe(200);
    expect((await api.call('PUT', `/api/jobs/${shared.id}/technicians`, { technicianIds: [techC] })).statusCode).toBe(
      200,
    );
    expect((await api.call('POST', `/api/jobs/${scheduled.id}/complete`)).statusCode).toBe(200);
    expect((await api.call('POST', `/api/jobs/${unscheduled.id}/cancel`)).statusCode).toBe(200);
    await run(sql`update jobs set status = 'scheduled', schedule_start = ${ago(2, 20).toISOString()}::timestamptz,
                  schedule_duration = 150 where id = ${plain.id}::uuid`);
    await expectTotalsKept('after schedules, completions and technician changes');

    // Quotes: sent, approved, declined, a later one superseding.
    await ctx.f.quote(old[0]!, { status: 'sent', amount: '900.00', sentAt: ago(1), createdAt: ago(1) });
    const approved = await ctx.f.quote(old[1]!, { status: 'sent', amount: '450.00', sentAt: ago(6, 14) });
    const declined = await ctx.f.quote(old[3]!, { status: 'sent', amount: '300.00', sentAt: ago(40) });
    await ctx.f.quote(scheduled, { status: 'sent', amount: '120.00', sentAt: ago(0, 1) });
    await ctx.f.quote(old[4]!, { status: 'declined', amount: '75.00', sentAt: ago(137), decidedAt: ago(136) });
    await expectTotalsKept('after quotes are sent');
    await run(sql`update job_quotes set status = 'approved', decided_at = now() where id = ${approved.id}::uuid`);
    await run(sql`update job_quotes set status = 'declined', decided_at = now() where id = ${declined.id}::uuid`);
    await ctx.f.quote(old[1]!, { status: 'sent', amount: '460.00', sentAt: ago(2) });
    await expectTotalsKept('after quotes are answered');

    // Invoices through the API: created (a draft counts nowhere), issued, paid, voided, deleted.
    const invoice = async (job: { id: string }) => {
      await ctx.f.jobItem(job.id, { quantity: 1, unitCost: '250.00', totalCost: '250.00' });
      const response = await api.call('POST', `/api/jobs/${job.id}/invoices`, { type: 'standard' });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ id: string }>();
    };
    const issued = await invoice(old[0]!);
    const toVoid = await invoice(old[1]!);
    const toDelete = await invoice(scheduled);
    await invoice(old[2]!);
    await ctx.f.invoice(old[3]!, { status: 'issued', amount: '99.99', issuedDate: '2026-01-31' });
    await ctx.f.invoice(old[5]!, { status: 'paid', amount: '10.01', issuedDate: '2025-02-01', paidDate: '2025-02-02' });
    await expectTotalsKept('after drafts');
    for (const id of [issued.id, toVoid.id]) {
      expect((await api.call('POST', `/api/invoices/${id}/send`, { email: 'ap@example.com' })).statusCode).toBe(200);
    }
    expect((await api.call('POST', `/api/invoices/${toVoid.id}/void`, { reason: 'Billed twice' })).statusCode).toBe(
      200,
    );
    expect((await api.call('DELETE', `/api/invoices/${toDelete.id}`)).statusCode).toBe(204);
    expect((await api.call('POST', `/api/invoices/${issued.id}/mark-paid`)).statusCode).toBe(200);
    await expectTotalsKept('after invoices are issued, paid, voided and deleted');

    // Repeat visits: a job created on the unit after a completion makes it one; cancelling,
    // moving or deleting that job undoes it.
    const callback = await ctx.f.job({
      locationId: location.id,
      unitId: unit.id,
      createdAt: ago(20, 2), // 10 days after old[2]'s completion
      technicianIds: [techB],
    });
    await expectTotalsKept('after a callback is created');
    await run(sql`update jobs set status = 'cancelled' where id = ${callback.id}::uuid`);
    await expectTotalsKept('after the callback is cancelled');
    await run(sql`update jobs set status = 'unscheduled' where id = ${callback.id}::uuid`);
    const otherUnit = await ctx.f.unit({ locationId: location.id });
    await run(sql`update jobs set unit_id = ${otherUnit.id}::uuid where id = ${callback.id}::uuid`);
    await expectTotalsKept('after the callback moves to another unit');
    await run(sql`update jobs set unit_id = ${unit.id}::uuid where id = ${callback.id}::uuid`);
    expect(await expectScorecardMatchesTables()).toBeGreaterThan(0);

    // Deletes: a job with its technicians and draft invoice (the service's own deletes), a
    // technician taken off a job.
    const deletable = await createJob({ scheduleDate: '2026-03-10', scheduleTime: '08:00', technicianIds: [techB] });
    await ctx.f.quote(deletable, { status: 'sent', sentAt: ago(3) });
    await run(sql`delete from job_quotes where job_id = ${deletable.id}::uuid`);
    expect((await api.call('DELETE', `/api/jobs/${deletable.id}`)).statusCode).toBe(204);
    await run(sql`delete from job_technicians where job_id = ${old[1]!.id}::uuid and technician_id = ${techC}::uuid`);
    await run(sql`delete from jobs where id = ${callback.id}::uuid`);
    await expectTotalsKept('after the deletes');

    // Plain SQL as another writer would: several jobs in one statement, a row moved to another
    // job, a completion moved across a UTC midnight.
    await run(
      sql`update jobs set schedule_duration = schedule_duration + 15 where id in (${old[0]!.id}::uuid, ${old[1]!.id}::uuid)`,
    );
    await run(
      sql`update job_technicians set job_id = ${old[5]!.id}::uuid, is_primary = false where job_id = ${old[4]!.id}::uuid`,
    );
    await run(sql`update job_invoices set job_id = ${old[4]!.id}::uuid where job_id = ${old[5]!.id}::uuid`);
    await run(sql`update jobs set completed_at = completed_at + interval '6 hours' where id = ${old[1]!.id}::uuid`);
    await expectTotalsKept('after plain SQL');
    expect(await expectScorecardMatchesTables()).toBeGreaterThan(0);
    // every figure was reached, so each comparison above compared something
    const [sums] = await rows<Record<string, number>>(sql`
      select sum(completed)::int as completed, sum(repeats)::int as repeats, sum(minutes)::int as minutes, sum(sent)::int as sent,
             sum(approved)::int as approved, sum(declined)::int as declined, sum(invoices)::int as invoices
      from scorecard_day_totals`);
    for (const [key, value] of Object.entries(sums!)) expect(value, key).toBeGreaterThan(0);
  });

  it('gives the same totals when rebuilt (the migration backfill) as the triggers kept', async () => {
    const kept = await expectTotalsKept('before the rebuild');
    await run(sql`select scorecard_totals_rebuild()`);
    expect(await expectTotalsKept('after the rebuild')).toEqual(kept);
    await run(sql`truncate job_quotes`);
    await expectTotalsKept('after a truncate');
  });

  it('counts a repeat visit exactly as isRepeatVisit does, at its edges', async () => {
    const location = await ctx.f.location();
    const completedAt = new Date('2026-02-01T12:00:00Z');
    const window = REPEAT_VISIT_DAYS * DAY;
    for (const gap of [0, 1000, window, window + 1000]) {
      const unit = await ctx.f.unit({ locationId: location.id });
      const done = await ctx.f.job({
        locationId: location.id,
        unitId: unit.id,
        status: 'completed',
        createdAt: new Date(completedAt.getTime() - DAY),
        completedAt,
        technicianIds: [techC],
      });
      const otherCreatedAt = new Date(completedAt.getTime() + gap);
      await ctx.f.job({ locationId: location.id, unitId: unit.id, createdAt: otherCreatedAt });
      const [fact] = await rows<{ repeats: number }>(
        sql`select repeats from scorecard_job_facts where job_id = ${done.id}::uuid and completed = 1`,
      );
      expect(fact!.repeats === 1, `gap ${gap} ms`).toBe(isRepeatVisit(completedAt, otherCreatedAt));
    }
  });

  // Two transactions changing one job's records at once: the second waits for the job's lock and
  // counts after the first commits, so both are in the totals.
  it.runIf(testDatabaseKind === 'postgres')('add up two transactions changing one job at once', async () => {
    const location = await ctx.f.location();
    const job = await ctx.f.job({ locationId: location.id, unitId: null, status: 'completed', technicianIds: [techA] });
    const [first, second] = [await ctx.database.pool!.connect(), await ctx.database.pool!.connect()];
    try {
      await first.query('begin');
      await second.query('begin');
      await first.query(
        `insert into job_invoices (job_id, invoice_number, amount, status, issued_date) values ($1, 'SC-CONCURRENT-1', 120.50, 'issued', '2026-03-02')`,
        [job.id],
      );
      const pending = second.query(
        `insert into job_invoices (job_id, invoice_number, amount, status, issued_date) values ($1, 'SC-CONCURRENT-2', 10.00, 'issued', '2026-03-02')`,
        [job.id],
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      await first.query('commit');
      await pending;
      await second.query('commit');
    } finally {
      first.release();
      second.release();
    }
    await expectTotalsKept('after two transactions at once');
  });
});

describe('the period split', () => {
  it('reads whole UTC days from the totals and the hours outside them from the facts', () => {
    const from = new Date('2026-03-01T05:00:00Z');
    const to = new Date('2026-04-01T04:00:00Z');
    expect(splitIntoUtcDays(from, to)).toEqual({
      days: { from: '2026-03-02', to: '2026-03-31' },
      edges: [
        [from, new Date('2026-03-02T00:00:00Z')],
        [new Date('2026-04-01T00:00:00Z'), to],
      ],
    });
    // a zone on UTC: no edges
    expect(splitIntoUtcDays(new Date('2026-03-01T00:00:00Z'), new Date('2026-03-03T00:00:00Z'))).toEqual({
      days: { from: '2026-03-01', to: '2026-03-02' },
      edges: [],
    });
    // one local day of 23 hours: no whole UTC day in it
    const short = [new Date('2026-03-08T05:00:00Z'), new Date('2026-03-09T04:00:00Z')] as const;
    expect(splitIntoUtcDays(short[0], short[1])).toEqual({ days: null, edges: [[short[0], short[1]]] });
  });
});
