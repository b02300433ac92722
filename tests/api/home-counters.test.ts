/**
 * The Home counters (decision 022): after a mix of writes through the API, the factories and plain
 * SQL (creates, edits, technician changes, completions, cancellations, quotes sent and answered,
 * invoices created, issued, paid, voided and deleted, repairs priced and re-priced, jobs deleted with
 * their cascades, a bulk update and a row moved to another job), the counters kept by the triggers
 * equal the counters recomputed from the tables, and GET /api/home/stats equals the counts taken
 * straight from the tables for every period, with and without the Office and Technician selects.
 */
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE } from '../../src/domain/dates.js';
import { HOME_PERIODS, periodSince, type HomeStats } from '../../src/domain/home.js';
import { toCents } from '../../src/domain/money.js';
import { queryRows } from '../../src/server/db/client.js';
import { signInAs, type ApiClient } from '../support/api.js';
import { createTestContext, TEST_PASSWORD, type TestContext } from '../support/test-app.js';
import { testDatabaseKind } from '../support/test-db.js';
import { jobCreateBody } from '../support/job-body.js';
import { agreementPayload } from '../support/agreements.js';

// Sunday 15 March 2026, 11:00 in New York (the default company time zone).
const NOW = new Date('2026-03-15T15:00:00Z');
const TODAY = '2026-03-15';
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
    (await ctx.f.technician({ user: { firstName: name, username: `tech-${name}`, password: TEST_PASSWORD } })).user.id;
  techA = await tech('a');
  techB = await tech('b');
  techC = await tech('c');
});
afterAll(() => ctx.close());

/** The counter rows the triggers kept, without the rows that went back to zero. */
async function keptCounters() {
  return rows<Record<string, unknown>>(sql`
    select technician_id::text, office, day::text, no_appointment::int, open_jobs::int, scheduled_jobs::int, follow_up::int, to_schedule::int,
           to_schedule_value::text, to_invoice::int, deficiencies::int, unsent::int, unsent_value::text
    from home_counts
    where (no_appointment, open_jobs, scheduled_jobs, follow_up, to_schedule, to_schedule_value, to_invoice, deficiencies, unsent, unsent_value)
          <> (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    order by 1, 2, 3`);
}

/**
 * The same counters recomputed from the tables in one plain statement: every job's contribution
 * on its creation day, each open-deficiency repair and each draft invoice on its own creation day
 * (UTC), added up for all jobs (the zero id) and for each of the job's technicians.
 */
async function recomputedCounters() {
  return rows<Record<string, unknown>>(sql`
    with lq as (select distinct on (job_id) job_id, status from job_quotes order by job_id, sent_at desc, id desc),
    j as (select j.id, j.office, j.status, j.schedule_start, j.created_at, lq.status as qs,
                 j.status not in ('completed', 'cancelled') as open,
                 exists (select 1 from job_invoices i where i.job_id = j.id and i.status <> 'void') as billed
          from jobs j left join lq on lq.job_id = j.id),
    contribution as (
      select j.id as job_id, j.office, (j.created_at at time zone 'UTC')::date as day,
             (j.open and j.schedule_start is null)::int as no_appointment, j.open::int as open_jobs,
             (j.status = 'scheduled')::int as scheduled_jobs, coalesce(j.qs in ('sent', 'expired'), false)::int as follow_up,
             coalesce(j.open and j.qs = 'approved', false)::int as to_schedule,
             case when j.open and j.qs = 'approved' then (select coalesce(sum(total_cost), 0) from job_repairs r where r.job_id = j.id) else 0 end as to_schedule_value,
             (j.status = 'completed' and not j.billed)::int as to_invoice, 0 as deficiencies, 0 as unsent, 0 as unsent_value
      from j
      union all
      select j.id, j.office, (r.created_at at time zone 'UTC')::date, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0
      from job_repairs r join j on j.id = r.job_id
      where r.total_cost > 0 and r.resolved_at is null and r.carried_to_repair_id is null and j.qs is distinct from 'approved' and j.qs is distinct from 'declined'
      union all
      select j.id, j.office, (i.created_at at time zone 'UTC')::date, 0, 0, 0, 0, 0, 0, 0, 0, 1, i.amount
      from job_invoices i join j on j.id = i.job_id where i.status = 'draft'),
    -- an agreement's advance drafts (no job): the agreement's office, all technicians only (decision 059)
    advance as (
      select 'Main Office'::varchar as office, (i.created_at at time zone 'UTC')::date as day, 1 as unsent, i.amount as unsent_value
      from job_invoices i where i.job_id is null and i.status = 'draft'),
    keyed as (
      select '00000000-0000-0000-0000-000000000000'::uuid as technician_id, c.* from contribution c
      union all
      select jt.technician_id, c.* from contribution c join job_technicians jt on jt.job_id = c.job_id
      union all
      select '00000000-0000-0000-0000-000000000000'::uuid, null, office, day, 0, 0, 0, 0, 0, 0, 0, 0, unsent, unsent_value from advance)
    select technician_id::text, office, day::text, sum(no_appointment)::int as no_appointment, sum(open_jobs)::int as open_jobs,
           sum(scheduled_jobs)::int as scheduled_jobs, sum(follow_up)::int as follow_up, sum(to_schedule)::int as to_schedule,
           sum(to_schedule_value)::numeric(16, 2)::text as to_schedule_value, sum(to_invoice)::int as to_invoice,
           sum(deficiencies)::int as deficiencies, sum(unsent)::int as unsent, sum(unsent_value)::numeric(16, 2)::text as unsent_value
    from keyed group by 1, 2, 3
    having (sum(no_appointment), sum(open_jobs), sum(scheduled_jobs), sum(follow_up), sum(to_schedule), sum(to_schedule_value),
            sum(to_invoice), sum(deficiencies), sum(unsent), sum(unsent_value)) <> (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    order by 1, 2, 3`);
}

/** The nine counts straight from the tables (the definitions of src/domain/home.ts, plain SQL). */
async function countsFromTables(filters: {
  since: Date | null;
  office?: string;
  technicianId?: string;
}): Promise<HomeStats> {
  const since = filters.since?.toISOString() ?? '-infinity';
  const office = filters.office ?? null;
  const tech = filters.technicianId ?? null;
  const now = NOW.toISOString();
  const [row] = await rows<Record<string, string | number>>(sql`
    with lq as (select distinct on (job_id) job_id, status from job_quotes order by job_id, sent_at desc, id desc),
    scoped as (
      select j.*, lq.status as qs, j.status not in ('completed', 'cancelled') as open from jobs j left join lq on lq.job_id = j.id
      where (${office}::text is null or j.office = ${office}::text)
        and (${tech}::uuid is null or exists (select 1 from job_technicians jt where jt.job_id = j.id and jt.technician_id = ${tech}::uuid))),
    recent as (select * from scoped where created_at >= ${since}::timestamptz),
    -- the drafts of the jobs in scope, and the agreements' advance drafts (no job: the agreement's
    -- office, 'Main Office', and no technician; decision 059)
    unsent as (
      select i.amount from scoped j join job_invoices i on i.job_id = j.id where i.status = 'draft' and i.created_at >= ${since}::timestamptz
      union all
      select i.amount from job_invoices i
      where i.job_id is null and i.status = 'draft' and i.created_at >= ${since}::timestamptz
        and ${tech}::uuid is null and (${office}::text is null or ${office}::text = 'Main Office'))
    select
      (select count(*) from recent where open and schedule_start is null) as no_appointment,
      (select count(*) from recent where open and time_period_due < ${TODAY}::date) as overdue,
      (select count(*) from recent where status = 'scheduled' and schedule_start < ${now}::timestamptz) as to_mark,
      (select count(*) from recent where qs in ('sent', 'expired')) as follow_up,
      (select count(*) from recent where open and qs = 'approved') as to_schedule,
      (select coalesce(sum(r.total_cost), 0) from recent j join job_repairs r on r.job_id = j.id where j.open and j.qs = 'approved') as to_schedule_value,
      (select count(*) from recent j where status = 'completed' and not exists (select 1 from job_invoices i where i.job_id = j.id and i.status <> 'void')) as to_invoice,
      (select count(*) from scoped j join job_repairs r on r.job_id = j.id
        where r.created_at >= ${since}::timestamptz and r.total_cost > 0 and r.resolved_at is null and r.carried_to_repair_id is null
          and j.qs is distinct from 'approved' and j.qs is distinct from 'declined') as deficiencies,
      (select count(*) from unsent) as unsent,
      (select coalesce(sum(amount), 0) from unsent) as unsent_value,
      (select count(*) from scoped j join job_quotes q on q.job_id = j.id
        where q.status = 'sent' and q.expires_at > ${now}::timestamptz and q.sent_at >= ${since}::timestamptz) as quotes,
      (select coalesce(sum(q.amount), 0) from scoped j join job_quotes q on q.job_id = j.id
        where q.status = 'sent' and q.expires_at > ${now}::timestamptz and q.sent_at >= ${since}::timestamptz) as quotes_value`);
  const n = (key: string) => Number(row![key]);
  const c = (key: string) => toCents(String(row![key]));
  return {
    jobsNoAppointment: { count: n('no_appointment') },
    overdueJobs: { count: n('overdue') },
    jobsToMark: { count: n('to_mark') },
    followUpJobs: { count: n('follow_up') },
    openDeficiencies: { count: n('deficiencies') },
    unsentInvoices: { count: n('unsent'), valueCents: c('unsent_value') },
    jobsToSchedule: { count: n('to_schedule'), valueCents: c('to_schedule_value') },
    jobsToInvoice: { count: n('to_invoice') },
    submittedQuotes: { count: n('quotes'), valueCents: c('quotes_value') },
  };
}

/** The open jobs by month due and the scheduled jobs by month of start, as kept and recomputed. */
async function futureCounters() {
  const kept = await rows<Record<string, unknown>>(sql`
    select technician_id::text, kind, month::text, office, day::text, n::int from home_future_counts where n <> 0 order by 1, 2, 3, 4, 5`);
  const recomputed = await rows<Record<string, unknown>>(sql`
    with keyed as (
      select '00000000-0000-0000-0000-000000000000'::uuid as technician_id, j.* from jobs j
      union all
      select jt.technician_id, j.* from jobs j join job_technicians jt on jt.job_id = j.id),
    future as (
      select technician_id, 'd' as kind, date_trunc('month', time_period_due)::date as month, office, created_at from keyed
      where status not in ('completed', 'cancelled')
      union all
      select technician_id, 's', date_trunc('month', schedule_start at time zone 'UTC')::date, office, created_at from keyed
      where status = 'scheduled')
    select technician_id::text, kind, month::text, office, (created_at at time zone 'UTC')::date::text as day, count(*)::int as n
    from future group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`);
  return { kept, recomputed };
}

async function expectCountersKept() {
  const kept = await keptCounters();
  expect(kept).toEqual(await recomputedCounters());
  const future = await futureCounters();
  expect(future.kept).toEqual(future.recomputed);
  return kept;
}

/** Every period, with and without each select, through the API against the tables. */
async function expectStatsMatchTables() {
  const scopes: { office?: string; technicianId?: string }[] = [
    {},
    { office: 'Branch Office' },
    { technicianId: techA },
    { office: 'Main Office', technicianId: techB },
    { technicianId: techC },
  ];
  for (const { value: period } of HOME_PERIODS) {
    for (const scope of scopes) {
      const query = new URLSearchParams({ period, ...scope });
      const response = await api.call('GET', `/api/home/stats?${query.toString()}`);
      expect(response.statusCode, response.body).toBe(200);
      const since = periodSince(period, NOW, DEFAULT_TIME_ZONE);
      expect(response.json(), `period ${period} ${JSON.stringify(scope)}`).toEqual(
        await countsFromTables({ since, ...scope }),
      );
    }
  }
}

async function createJob(body: Record<string, unknown>) {
  const response = await api.call(
    'POST',
    '/api/jobs',
    await jobCreateBody(ctx.f, {
      name: 'Counted job',
      description: 'A job the home counts follow',
      timePeriodStart: '2026-03-01',
      timePeriodDue: '2026-03-20',
      ...body,
    }),
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string; number: number }>();
}

describe('home counters kept by the writes', () => {
  it('start from the data there is, and equal the tables after every kind of write', async () => {
    expect(await expectCountersKept()).toEqual([]);

    // Created through the API (created now) and by the factories (created days and months ago,
    // including in the hours of a period's first day before the counters' first whole UTC day).
    const scheduled = await createJob({ scheduleDate: '2026-03-14', scheduleTime: '09:00', technicianIds: [techA] });
    const future = await createJob({
      scheduleDate: '2026-03-18',
      scheduleTime: '09:00',
      technicianIds: [techA, techB],
      office: 'Branch Office',
    });
    const unscheduled = await createJob({ timePeriodDue: '2026-03-10', technicianIds: [techB] });
    const plain = await createJob({});
    // due and starting in later months (the counters by month), and later this month (the facts)
    await createJob({
      timePeriodDue: '2026-05-02',
      scheduleDate: '2026-04-20',
      scheduleTime: '08:00',
      technicianIds: [techC],
    });
    await createJob({
      timePeriodDue: '2026-03-31',
      scheduleDate: '2026-03-31',
      scheduleTime: '23:30',
      office: 'Branch Office',
    });
    const location = await ctx.f.location();
    const old: { id: string; number: number }[] = [];
    for (const [index, created] of [ago(2), ago(7, -3), ago(30, -2), ago(45), ago(200), ago(400)].entries()) {
      old.push(
        await ctx.f.job({
          locationId: location.id,
          unitId: null,
          createdAt: created,
          status: index % 3 === 0 ? 'scheduled' : 'unscheduled',
          scheduleStart: index % 3 === 0 ? ago(index - 2) : null,
          timePeriodStart: '2025-01-01',
          timePeriodDue: index % 2 === 0 ? '2026-03-01' : '2026-04-01',
          office: index % 2 === 0 ? 'Main Office' : 'Branch Office',
          technicianIds: index % 2 === 0 ? [techA] : [techB, techC],
        }),
      );
    }
    await expectCountersKept();

    // Technicians changed, a job completed, one cancelled.
    expect(
      (await api.call('PUT', `/api/jobs/${plain.id}/technicians`, { technicianIds: [techC, techA] })).statusCode,
    ).toBe(200);
    expect(
      (await api.call('PUT', `/api/jobs/${unscheduled.id}/technicians`, { technicianIds: [techA] })).statusCode,
    ).toBe(200);
    expect((await api.call('POST', `/api/jobs/${scheduled.id}/complete`)).statusCode).toBe(200);
    expect((await api.call('POST', `/api/jobs/${old[1]!.id}/cancel`)).statusCode).toBe(200);
    expect((await api.call('PATCH', `/api/jobs/${future.id}`, { tags: ['VIP'] })).statusCode).toBe(200);
    await expectCountersKept();

    // Quotes: sent (the factory supersedes the open one), answered, expired by the clock.
    await ctx.f.quote(old[0]!, {
      status: 'sent',
      amount: '900.00',
      sentAt: ago(1),
      createdAt: ago(1),
      expiresAt: new Date(ago(1).getTime() + 30 * DAY),
    });
    await ctx.f.quote(old[2]!, {
      status: 'sent',
      amount: '450.00',
      sentAt: ago(29),
      createdAt: ago(29),
      expiresAt: new Date(ago(29).getTime() + 30 * DAY),
    });
    await ctx.f.quote(old[3]!, {
      status: 'sent',
      amount: '300.00',
      sentAt: ago(40),
      createdAt: ago(40),
      expiresAt: ago(10),
    });
    const answered = await ctx.f.quote(old[4]!, {
      status: 'sent',
      amount: '1200.00',
      sentAt: ago(5),
      createdAt: ago(5),
      expiresAt: new Date(ago(5).getTime() + 30 * DAY),
    });
    await ctx.f.quote(future, {
      status: 'sent',
      amount: '75.00',
      sentAt: ago(3),
      createdAt: ago(3),
      expiresAt: new Date(ago(3).getTime() + 30 * DAY),
    });
    await ctx.f.quote(future, {
      status: 'sent',
      amount: '80.00',
      sentAt: ago(2),
      createdAt: ago(2),
      expiresAt: new Date(ago(2).getTime() + 30 * DAY),
    });
    await run(
      sql`update job_quotes set status = 'approved', decided_at = ${ago(4).toISOString()}::timestamptz where id = ${answered.id}::uuid`,
    );
    await expectCountersKept();

    // Repairs: priced, re-priced, free; on an approved job (Ready to Schedule's value) and on open ones.
    for (const job of [old[4]!, old[0]!, plain]) {
      const inspection = await ctx.f.inspection(job.id);
      await ctx.f.repair({ jobId: job.id, inspectionId: inspection.id }, { createdAt: ago(3) });
      const second = await ctx.f.inspection(job.id);
      await ctx.f.repair({ jobId: job.id, inspectionId: second.id }, { totalCost: '0.00', createdAt: ago(60) });
    }
    await run(sql`update job_repairs set total_cost = total_cost + 100 where job_id = ${old[0]!.id}::uuid`);
    await expectCountersKept();

    // Recommendations settled (issue 29): one marked resolved, one carried to another repair (its
    // copy), then the copy deleted (the foreign key sets the reference null: open again).
    const pricedRepair = async () => {
      const inspection = await ctx.f.inspection(plain.id);
      return (await ctx.f.repair({ jobId: plain.id, inspectionId: inspection.id }, { createdAt: ago(2) })).id;
    };
    const [resolvable, carried, copy] = [await pricedRepair(), await pricedRepair(), await pricedRepair()];
    await expectCountersKept();
    await run(
      sql`update job_repairs set resolved_at = now(), resolution_reason = 'Fixed by the tenant' where id = ${resolvable}::uuid`,
    );
    await run(sql`update job_repairs set carried_to_repair_id = ${copy}::uuid where id = ${carried}::uuid`);
    await expectCountersKept();
    await run(sql`delete from job_repairs where id = ${copy}::uuid`);
    await expectCountersKept();

    // Invoices through the API: created (draft), issued, paid, voided, a draft deleted.
    const completeAndInvoice = async (job: { id: string }) => {
      await ctx.f.jobItem(job.id, { quantity: 1, unitCost: '250.00', totalCost: '250.00' });
      const response = await api.call('POST', `/api/jobs/${job.id}/invoices`, { type: 'standard' });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ id: string }>();
    };
    const draft = await completeAndInvoice(future);
    const issued = await completeAndInvoice(unscheduled);
    const toVoid = await completeAndInvoice(plain);
    const toDelete = await completeAndInvoice(old[5]!);
    await ctx.f.invoice(old[2]!, { status: 'draft', amount: '99.99', issuedDate: null, createdAt: ago(30, -1) });
    expect((await api.call('POST', `/api/invoices/${issued.id}/send`, { email: 'ap@example.com' })).statusCode).toBe(
      200,
    );
    expect((await api.call('POST', `/api/invoices/${toVoid.id}/send`, { email: 'ap@example.com' })).statusCode).toBe(
      200,
    );
    expect((await api.call('POST', `/api/invoices/${toVoid.id}/void`, { reason: 'Billed twice' })).statusCode).toBe(
      200,
    );
    expect((await api.call('DELETE', `/api/invoices/${toDelete.id}`)).statusCode).toBe(204);
    expect((await api.call('POST', `/api/jobs/${unscheduled.id}/complete`)).statusCode).toBe(200);
    expect((await api.call('POST', `/api/jobs/${plain.id}/complete`)).statusCode).toBe(200);
    expect((await api.call('POST', `/api/invoices/${issued.id}/mark-paid`)).statusCode).toBe(200);
    expect(draft.id).toBeTruthy();
    await expectCountersKept();

    // Deletes: a job with its technicians, repairs and draft invoice (cascades and the service's
    // own deletes), a technician taken off a job.
    // old[0]: its unanswered quote and its repairs go with it
    expect((await api.call('DELETE', `/api/jobs/${old[0]!.id}`)).statusCode).toBe(204);
    const deletable = await createJob({ technicianIds: [techB, techC] });
    const inspection = await ctx.f.inspection(deletable.id);
    await ctx.f.repair({ jobId: deletable.id, inspectionId: inspection.id });
    await completeAndInvoice(deletable);
    await expectCountersKept();
    expect((await api.call('DELETE', `/api/jobs/${deletable.id}`)).statusCode).toBe(204);
    await run(sql`delete from job_technicians where job_id = ${future.id}::uuid and technician_id = ${techB}::uuid`);
    await expectCountersKept();

    // Plain SQL as another writer would: several jobs in one statement, a row moved to another job,
    // a job's creation time moved back, a status changed without a start.
    await run(
      sql`update jobs set office = 'Branch Office' where id in (${old[2]!.id}::uuid, ${old[4]!.id}::uuid, ${plain.id}::uuid)`,
    );
    await run(
      sql`update job_technicians set job_id = ${old[3]!.id}::uuid, is_primary = false where job_id = ${unscheduled.id}::uuid`,
    );
    await run(sql`update jobs set created_at = ${ago(95).toISOString()}::timestamptz where id = ${future.id}::uuid`);
    await run(
      sql`update job_invoices set created_at = ${ago(6).toISOString()}::timestamptz where id = ${draft.id}::uuid`,
    );
    await run(sql`update jobs set status = 'cancelled' where id = ${old[5]!.id}::uuid`);
    await expectCountersKept();

    await expectStatsMatchTables();
    // the data reaches every count, so each comparison above compared something
    const all = (await api.call('GET', '/api/home/stats?period=all')).json<HomeStats>();
    for (const [key, value] of Object.entries(all)) expect(value.count, key).toBeGreaterThan(0);
  });

  // Two transactions changing one job's records at once: the second one's trigger waits for the
  // job's lock and counts after the first commits, so both changes are in the counters.
  it.runIf(testDatabaseKind === 'postgres')('add up two transactions changing one job at once', async () => {
    const location = await ctx.f.location();
    const job = await ctx.f.job({ locationId: location.id, unitId: null, status: 'completed', technicianIds: [techA] });
    const inspection = await ctx.f.inspection(job.id);
    const [first, second] = [await ctx.database.pool!.connect(), await ctx.database.pool!.connect()];
    try {
      await first.query('begin');
      await second.query('begin');
      await first.query(
        `insert into job_invoices (job_id, invoice_number, amount) values ($1, 'CONCURRENT-1', 120.50)`,
        [job.id],
      );
      await first.query('update job_technicians set technician_id = $2 where job_id = $1', [job.id, techB]);
      const waiting = second.query(`insert into job_repairs (job_id, inspection_id, total_cost) values ($1, $2, 640)`, [
        job.id,
        inspection.id,
      ]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await first.query('commit');
      await waiting;
      await second.query('commit');
    } finally {
      first.release();
      second.release();
    }
    await expectCountersKept();
  });

  it("count an agreement's advance drafts (no job) in its office, under all technicians only", async () => {
    const companyId = (await ctx.f.company({ name: 'Advance Holdings' })).id;
    const location = await ctx.f.location({ companyId, name: 'Advance Plaza' });
    const unit = await ctx.f.unit({ locationId: location.id, unitNumber: 'ADV-1' });
    const created = await api.call(
      'POST',
      '/api/agreements',
      agreementPayload(
        { companyId, unitIds: [unit.id], technicianId: null },
        { name: 'Advance PM', startDate: '2025-04-01', endDate: '2027-03-31' },
      ),
    );
    expect(created.statusCode, created.body).toBe(201);
    const agreementId = (created.json() as { id: string }).id;
    const before = (await api.call('GET', '/api/home/stats?period=all')).json().unsentInvoices;
    // one statement, three drafts of three ages and an issued one; then each kind of change
    await run(sql`
      insert into job_invoices (agreement_id, period_start, period_end, invoice_number, status, amount, issued_date, created_at)
      values (${agreementId}::uuid, '2025-04-01', '2025-06-30', 'AGR-T-INV-0001', 'draft', 300, null, ${ago(400).toISOString()}::timestamptz),
             (${agreementId}::uuid, '2025-07-01', '2025-09-30', 'AGR-T-INV-0002', 'draft', 300.5, null, ${ago(20).toISOString()}::timestamptz),
             (${agreementId}::uuid, '2025-10-01', '2025-12-31', 'AGR-T-INV-0003', 'draft', 321, null, ${ago(0, 3).toISOString()}::timestamptz),
             (${agreementId}::uuid, '2026-01-01', '2026-03-31', 'AGR-T-INV-0004', 'issued', 99, '2026-03-13', ${ago(2).toISOString()}::timestamptz)`);
    const after = (await api.call('GET', '/api/home/stats?period=all')).json().unsentInvoices;
    expect(after).toEqual({ count: before.count + 3, valueCents: before.valueCents + 92_150 });
    await expectCountersKept();
    await expectStatsMatchTables();
    await run(
      sql`update job_invoices set status = 'issued', issued_date = '2026-03-15' where invoice_number = 'AGR-T-INV-0002'`,
    );
    await run(
      sql`update job_invoices set status = 'draft', issued_date = null where invoice_number = 'AGR-T-INV-0004'`,
    );
    await run(sql`update job_invoices set amount = amount + 10 where agreement_id = ${agreementId}::uuid`);
    await run(sql`delete from job_invoices where invoice_number = 'AGR-T-INV-0001'`);
    await expectCountersKept();
    await expectStatsMatchTables();
  });

  it('are rebuilt after a TRUNCATE, and the rebuild gives what the triggers kept', async () => {
    const kept = await expectCountersKept();
    expect(kept.length).toBeGreaterThan(10);
    await run(sql`select home_counts_rebuild()`);
    expect(await keptCounters()).toEqual(kept);
    await run(sql`truncate job_repairs cascade`);
    await expectCountersKept();
    await expectStatsMatchTables();
  });
});
