/**
 * Migration 0015 (decision 018): the quote flags on jobs and the two booleans of job_quotes become
 * one status per job_quotes row. A database migrated up to 0014 gets jobs and quote rows in the old
 * shape (every combination the old product could leave), then the remaining migrations run and
 * each job's quotes, and the job's latest quote, must say what the old columns said.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database, type DatabaseHandle } from '../../src/server/db/client.js';
import { migrateDatabase } from '../../src/server/db/migrate.js';
import { createFactories } from '../factories/index.js';
import { oldCompany, openDatabaseMigratedTo } from '../support/migrated-to.js';

const LAST_BEFORE_MOVE = '0014_invoice-lines-history';
const DAY = 24 * 60 * 60 * 1000;
const now = Date.now();
const at = (days: number) => new Date(now + days * DAY).toISOString();

let handle: DatabaseHandle;
let cleanup: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ handle, cleanup } = await openDatabaseMigratedTo(LAST_BEFORE_MOVE));
}, 120_000);

afterAll(async () => {
  await cleanup?.();
});

interface OldFlags {
  sent?: boolean;
  sentAt?: string | null;
  token?: string | null;
  expiresAt?: string | null;
  confirmed?: boolean;
  confirmedAt?: string | null;
  approved?: boolean | null;
  email?: string | null;
}

/** A job in the 0014 shape (inserted by hand: the factory writes today's jobs columns). */
async function oldJob(
  db: Database,
  locationId: string,
  name: string,
  flags: OldFlags = {},
): Promise<{ id: string; number: number }> {
  const [job] = await queryRows<{ id: string; number: number }>(
    db,
    sql`insert into jobs (name, type, location_id, service_line, description, time_period_start, time_period_due, contact_email,
          quote_sent, quote_sent_at, quote_token, quote_token_expires_at, quote_confirmed, quote_confirmed_at, repair_approved)
        values (${name}, 'PM', ${locationId}, 'HVACGEN', 'Before 0015', '2026-01-05', '2026-01-05', ${flags.email ?? 'facilities@old.example'},
          ${flags.sent ?? false}, ${flags.sentAt ?? null}, ${flags.token ?? null}, ${flags.expiresAt ?? null},
          ${flags.confirmed ?? false}, ${flags.confirmedAt ?? null}, ${flags.approved ?? null})
        returning id, number`,
  );
  return { id: job!.id, number: Number(job!.number) };
}

/** A job_quotes row in the 0014 shape: two booleans, no status. */
async function oldQuote(
  db: Database,
  jobId: string,
  row: {
    number: string;
    createdAt: string;
    expiresAt: string;
    confirmed?: boolean;
    approved?: boolean;
    confirmedAt?: string | null;
    type?: string;
    amount?: string;
  },
) {
  await db.execute(sql`insert into job_quotes (job_id, quote_number, quote_type, amount, token, expires_at, confirmed, approved, email, created_at, confirmed_at)
    values (${jobId}, ${row.number}, ${row.type ?? 'repair'}, ${row.amount ?? '1250.00'}, ${`tok-${row.number}`}, ${row.expiresAt}, ${row.confirmed ?? false}, ${row.approved ?? false},
      'facilities@old.example', ${row.createdAt}, ${row.confirmedAt ?? null})`);
}

interface NewRow {
  quote_number: string;
  quote_type: string;
  status: string;
  token: string;
  email: string;
  amount: string;
  sent_at: Date | string;
  decided_at: Date | string | null;
  expires_at: Date | string;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

describe('migration 0015: the quote flags of jobs become job_quotes statuses', () => {
  it('moves every old combination into rows with the right status, keeps tokens and times, drops the old columns', async () => {
    const db = handle.db;
    const f = createFactories(db);
    const location = await f.location({ companyId: (await oldCompany(db)).id });

    // Jobs flagged as sent with no row: each gets one from its flags.
    const waiting = await oldJob(db, location.id, 'Sent, waiting', {
      sent: true,
      sentAt: at(-3),
      token: 'tok-waiting',
      expiresAt: at(27),
      email: 'waiting@old.example',
    });
    const approvedFlags = await oldJob(db, location.id, 'Sent, approved', {
      sent: true,
      sentAt: at(-10),
      token: 'tok-approved',
      expiresAt: at(20),
      confirmed: true,
      confirmedAt: at(-8),
      approved: true,
    });
    const declinedFlags = await oldJob(db, location.id, 'Sent, declined', {
      sent: true,
      sentAt: at(-12),
      token: 'tok-declined',
      expiresAt: at(18),
      confirmed: true,
      confirmedAt: at(-11),
      approved: false,
    });
    const lapsed = await oldJob(db, location.id, 'Sent, link expired', {
      sent: true,
      sentAt: at(-40),
      token: 'tok-lapsed',
      expiresAt: at(-10),
    });
    const noToken = await oldJob(db, location.id, 'Sent, no token kept', { sent: true, sentAt: at(-2) });
    // Never sent: no row.
    const never = await oldJob(db, location.id, 'Never sent');
    // Rows already there: the booleans become statuses; older open rows are superseded.
    const twoSends = await oldJob(db, location.id, 'Two sends', {
      sent: true,
      sentAt: at(-1),
      token: 'tok-QT-2-B',
      expiresAt: at(29),
    });
    await oldQuote(db, twoSends.id, { number: 'QT-2-A', createdAt: at(-6), expiresAt: at(24) });
    await oldQuote(db, twoSends.id, { number: 'QT-2-B', createdAt: at(-1), expiresAt: at(29) });
    const rowDeclined = await oldJob(db, location.id, 'Row declined', {
      sent: true,
      sentAt: at(-9),
      confirmed: true,
      confirmedAt: at(-7),
      approved: false,
    });
    await oldQuote(db, rowDeclined.id, {
      number: 'QT-3-A',
      createdAt: at(-9),
      expiresAt: at(21),
      confirmed: true,
      approved: false,
      confirmedAt: at(-7),
      type: 'inspection',
      amount: '180.00',
    });
    const rowApproved = await oldJob(db, location.id, 'Row approved', {
      sent: true,
      sentAt: at(-9),
      confirmed: true,
      confirmedAt: at(-5),
      approved: true,
    });
    await oldQuote(db, rowApproved.id, {
      number: 'QT-4-A',
      createdAt: at(-9),
      expiresAt: at(21),
      confirmed: true,
      approved: true,
      confirmedAt: at(-5),
    });
    // The job says its customer decided, its row never heard: the job's flags win on the latest row.
    const drift = await oldJob(db, location.id, 'Flags ahead of the row', {
      sent: true,
      sentAt: at(-4),
      confirmed: true,
      confirmedAt: at(-2),
      approved: true,
    });
    await oldQuote(db, drift.id, { number: 'QT-5-A', createdAt: at(-15), expiresAt: at(15) });
    await oldQuote(db, drift.id, { number: 'QT-5-B', createdAt: at(-4), expiresAt: at(26) });
    // An unanswered row past its expiry.
    const oldRow = await oldJob(db, location.id, 'Old unanswered row', { sent: true, sentAt: at(-45) });
    await oldQuote(db, oldRow.id, { number: 'QT-6-A', createdAt: at(-45), expiresAt: at(-15) });

    await migrateDatabase(handle);

    const rowsOf = (jobId: string) =>
      queryRows<NewRow>(
        db,
        sql`select quote_number, quote_type, status, token, email, amount, sent_at, decided_at, expires_at from job_quotes where job_id = ${jobId} order by sent_at, quote_number`,
      );
    const statuses = async (jobId: string) => (await rowsOf(jobId)).map((r) => [r.quote_number, r.status]);

    const [w] = await rowsOf(waiting.id);
    expect(w).toMatchObject({
      quote_type: 'repair',
      status: 'sent',
      token: 'tok-waiting',
      email: 'waiting@old.example',
      amount: '0.00',
      decided_at: null,
    });
    expect(w!.quote_number).toMatch(new RegExp(`^QT-${waiting.number}-\\d{4}$`));
    expect(iso(w!.sent_at)).toBe(at(-3));
    expect(iso(w!.expires_at)).toBe(at(27));

    const [a] = await rowsOf(approvedFlags.id);
    expect(a).toMatchObject({ status: 'approved', token: 'tok-approved' });
    expect(iso(a!.decided_at)).toBe(at(-8));
    const [d] = await rowsOf(declinedFlags.id);
    expect(d).toMatchObject({ status: 'declined', token: 'tok-declined' });
    expect(iso(d!.decided_at)).toBe(at(-11));
    expect((await rowsOf(lapsed.id))[0]).toMatchObject({ status: 'expired', token: 'tok-lapsed' });
    const [generated] = await rowsOf(noToken.id);
    expect(generated!.status).toBe('sent');
    expect(generated!.token).toMatch(/^[0-9a-f]{64}$/);
    expect(iso(generated!.expires_at)).toBe(at(28));
    expect(await rowsOf(never.id)).toEqual([]);

    expect(await statuses(twoSends.id)).toEqual([
      ['QT-2-A', 'superseded'],
      ['QT-2-B', 'sent'],
    ]);
    const [declinedRow] = await rowsOf(rowDeclined.id);
    expect(declinedRow).toMatchObject({ status: 'declined', quote_type: 'inspection', amount: '180.00' });
    expect(iso(declinedRow!.decided_at)).toBe(at(-7));
    expect(await statuses(rowApproved.id)).toEqual([['QT-4-A', 'approved']]);
    expect(await statuses(drift.id)).toEqual([
      ['QT-5-A', 'superseded'],
      ['QT-5-B', 'approved'],
    ]);
    expect(iso((await rowsOf(drift.id))[1]!.decided_at)).toBe(at(-2));
    expect(await statuses(oldRow.id)).toEqual([['QT-6-A', 'expired']]);

    // The job's state now derives from its latest quote.
    const latest = await queryRows<{ job_id: string; quote_number: string; status: string }>(
      db,
      sql`select job_id, quote_number, status from job_latest_quotes`,
    );
    const latestOf = (jobId: string) => latest.find((l) => l.job_id === jobId);
    expect(latestOf(twoSends.id)).toMatchObject({ quote_number: 'QT-2-B', status: 'sent' });
    expect(latestOf(drift.id)).toMatchObject({ quote_number: 'QT-5-B', status: 'approved' });
    expect(latestOf(never.id)).toBeUndefined();
    // At most one open quote per job, and the old columns are gone.
    const [open] = await queryRows<{ n: string }>(
      db,
      sql`select count(*) as n from (select job_id from job_quotes where status = 'sent' group by job_id having count(*) > 1) x`,
    );
    expect(Number(open!.n)).toBe(0);
    const [columns] = await queryRows<{ n: string }>(
      db,
      sql`select count(*) as n from information_schema.columns
          where (table_name = 'jobs' and column_name in ('quote_sent', 'quote_sent_at', 'quote_token', 'quote_token_expires_at', 'quote_confirmed', 'quote_confirmed_at', 'repair_approved'))
             or (table_name = 'job_quotes' and column_name in ('confirmed', 'approved', 'confirmed_at'))`,
    );
    expect(Number(columns!.n)).toBe(0);
  });
});
