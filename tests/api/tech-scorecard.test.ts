import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { technicianCertifications } from '../../src/server/db/schema.js';
import type { ScorecardRow } from '../../src/domain/tech-scorecard.js';
import { signInAs, type ApiClient } from '../support/api.js';
import { tableFingerprint } from '../support/db-fingerprint.js';
import { createTestContext, TEST_PASSWORD, type TestContext } from '../support/test-app.js';

let ctx: TestContext;
let office: ApiClient;
// 2026-11-20 10:00 in New York (the default company zone)
const NOW = new Date('2026-11-20T15:00:00Z');
const at = (iso: string) => new Date(iso);
let ana: { id: string; username: string };
let ben: { id: string; username: string };

const fingerprint = () =>
  tableFingerprint(ctx.database.db, ['jobs', 'job_quotes', 'job_invoices', 'technician_certifications']);

beforeAll(async () => {
  ctx = await createTestContext({ now: () => NOW });
  office = await signInAs(ctx, 'user', { unchanged: fingerprint });
  const f = ctx.f;
  const a = await f.technician({
    user: { firstName: 'Ana', lastName: 'Alvarez', username: 'ana', password: TEST_PASSWORD },
  });
  const b = await f.technician({
    user: { firstName: 'Ben', lastName: 'Brooks', username: 'ben', password: TEST_PASSWORD },
  });
  ana = { id: a.user.id, username: 'ana' };
  ben = { id: b.user.id, username: 'ben' };
  const unit = await f.unit();
  const loc = unit.locationId;

  // Ana: two jobs completed in November (one on Nov 1 at 00:30 New York = Nov 1 04:30Z)
  const done1 = await f.job({
    locationId: loc,
    unitId: unit.id,
    technicianIds: [ana.id],
    status: 'completed',
    completedAt: at('2026-11-01T04:30:00Z'),
    scheduleStart: at('2026-11-01T04:00:00Z'),
    scheduleDuration: 90,
  });
  // a callback on the same unit 10 days later (created): a repeat visit for done1
  await f.job({ locationId: loc, unitId: unit.id, createdAt: at('2026-11-11T12:00:00Z'), technicianIds: [ben.id] });
  const done2 = await f.job({
    locationId: loc,
    technicianIds: [ana.id, ben.id],
    status: 'completed',
    completedAt: at('2026-11-15T18:00:00Z'),
    scheduleStart: at('2026-11-15T14:00:00Z'),
    scheduleDuration: 120,
  });
  // completed on Oct 31 at 23:00 New York (Nov 1 03:00Z): last month, not this one
  await f.job({
    locationId: loc,
    technicianIds: [ana.id],
    status: 'completed',
    completedAt: at('2026-11-01T03:00:00Z'),
    scheduleStart: at('2026-10-31T20:00:00Z'),
  });
  // a cancelled job scheduled this month: no hours
  await f.job({
    locationId: loc,
    technicianIds: [ana.id],
    status: 'cancelled',
    scheduleStart: at('2026-11-10T14:00:00Z'),
    scheduleDuration: 240,
  });

  // invoices: two issued in November (one paid), one void, one draft, one issued in October
  await f.invoice(done1, { status: 'issued', issuedDate: '2026-11-02', amount: '1000.00' });
  await f.invoice(done2, { status: 'paid', issuedDate: '2026-11-16', paidDate: '2026-11-18', amount: '501.00' });
  await f.invoice(done2, { status: 'void', issuedDate: '2026-11-16', amount: '9999.00' });
  await f.invoice(done1, { status: 'draft', amount: '7777.00' });
  await f.invoice(done1, { status: 'issued', issuedDate: '2026-10-20', amount: '300.00' });

  // quotes sent in November: approved, declined, declined, still open; one sent in October
  await f.quote(done1, {
    status: 'approved',
    createdAt: at('2026-11-03T15:00:00Z'),
    decidedAt: at('2026-11-04T15:00:00Z'),
  });
  await f.quote(done1, {
    status: 'declined',
    quoteType: 'inspection',
    createdAt: at('2026-11-05T15:00:00Z'),
    decidedAt: at('2026-11-06T15:00:00Z'),
  });
  await f.quote(done2, {
    status: 'declined',
    createdAt: at('2026-11-16T15:00:00Z'),
    decidedAt: at('2026-11-17T15:00:00Z'),
  });
  await f.quote(done2, { status: 'sent', quoteType: 'replacement', createdAt: at('2026-11-18T15:00:00Z') });
  await f.quote(done1, {
    status: 'approved',
    quoteType: 'replacement',
    createdAt: at('2026-10-10T15:00:00Z'),
    decidedAt: at('2026-10-11T15:00:00Z'),
  });

  // certifications: one in 30 days, one expired, one in 90 days
  await ctx.database.db.insert(technicianCertifications).values([
    { technicianId: ana.id, certificationName: 'EPA 608 Universal', expiryDate: '2026-12-20' },
    { technicianId: ana.id, certificationName: 'OSHA 10', expiryDate: '2026-11-01' },
    { technicianId: ana.id, certificationName: 'NATE Core', expiryDate: '2027-02-18' },
  ]);
});
afterAll(() => ctx.close());

const card = async (client: ApiClient, query = '') => {
  const response = await client.call('GET', `/api/tech-scorecard${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { from: string; to: string; today: string; rows: ScorecardRow[] };
};
const row = (rows: ScorecardRow[], id: string) => rows.find((r) => r.technicianId === id)!;

describe('the figures', () => {
  it('adds up this month per technician, in the company zone', async () => {
    const body = await card(office);
    expect(body).toMatchObject({ from: '2026-11-01', to: '2026-11-30', today: '2026-11-20' });
    expect(row(body.rows, ana.id)).toEqual({
      technicianId: ana.id,
      name: 'Ana Alvarez',
      jobsCompleted: 2,
      scheduledMinutes: 210,
      invoices: 2,
      revenueCents: 150100,
      averageTicketCents: 75050,
      quotesSent: 4,
      quotesApproved: 1,
      quotesDeclined: 2,
      approvalRate: 33,
      repeatVisits: 1,
      expiringCertifications: [{ name: 'EPA 608 Universal', expiryDate: '2026-12-20' }],
    });
    // Ben shares done2 (and its invoice and quotes); the callback job is not completed
    expect(row(body.rows, ben.id)).toMatchObject({
      jobsCompleted: 1,
      scheduledMinutes: 120,
      invoices: 1,
      revenueCents: 50100,
      quotesSent: 2,
      approvalRate: 0,
      repeatVisits: 0,
      expiringCertifications: [],
    });
  });

  it('reads last month and a custom range', async () => {
    const last = await card(office, '?period=last_month');
    expect(last).toMatchObject({ from: '2026-10-01', to: '2026-10-31' });
    expect(row(last.rows, ana.id)).toMatchObject({
      jobsCompleted: 1,
      revenueCents: 30000,
      quotesSent: 1,
      approvalRate: 100,
    });
    const custom = await card(office, '?period=custom&from=2026-11-15&to=2026-11-16');
    expect(row(custom.rows, ana.id)).toMatchObject({
      jobsCompleted: 1,
      invoices: 1,
      revenueCents: 50100,
      quotesSent: 1,
    });
    const year = await card(office, '?period=this_year');
    expect(year).toMatchObject({ from: '2026-01-01', to: '2026-12-31' });
    expect(row(year.rows, ana.id)).toMatchObject({ jobsCompleted: 3, invoices: 3 });
    expect((await card(office, '?period=this_quarter')).from).toBe('2026-10-01');
  });

  it('sorts by a column', async () => {
    const body = await card(office, '?sort=revenueCents&dir=desc');
    expect(body.rows.map((r) => r.name).slice(0, 2)).toEqual(['Ana Alvarez', 'Ben Brooks']);
    const asc = await card(office, '?sort=revenueCents&dir=asc');
    expect(asc.rows.map((r) => r.name)).toEqual(['Ben Brooks', 'Ana Alvarez']);
  });

  it('exports the scorecard as .xlsx', async () => {
    const response = await office.call('GET', '/api/tech-scorecard/export?period=this_month');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/tech-scorecard-2026-11-01-to-2026-11-30-2026-11-20\.xlsx/);
    expect(response.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('refuses a bad period with a message', async () => {
    await office.refused('GET', '/api/tech-scorecard?period=custom', undefined, 400, /Start date is required/);
    await office.refused(
      'GET',
      '/api/tech-scorecard?period=custom&from=2026-11-10&to=2026-11-01',
      undefined,
      400,
      /End date must be on or after/,
    );
    await office.refused('GET', '/api/tech-scorecard?period=decade', undefined, 400, /Unknown period/);
    await office.refused(
      'GET',
      '/api/tech-scorecard?period=custom&from=2020-01-01&to=2026-11-01',
      undefined,
      400,
      /at most 3 years/,
    );
  });
});

describe('who sees which rows', () => {
  it('shows a technician only their own row, whatever they ask', async () => {
    const asAna = office.as(await ctx.login(ana.username));
    const body = await card(asAna);
    expect(body.rows.map((r) => r.technicianId)).toEqual([ana.id]);
    const asBen = office.as(await ctx.login(ben.username));
    expect((await card(asBen, '?sort=revenueCents&dir=desc')).rows.map((r) => r.technicianId)).toEqual([ben.id]);
    const exported = await asBen.call('GET', '/api/tech-scorecard/export');
    expect(exported.statusCode).toBe(200);
  });

  it('shows the office and admins every technician', async () => {
    const admin = await office.withRole('admin');
    expect((await card(admin)).rows.map((r) => r.name)).toEqual(['Ana Alvarez', 'Ben Brooks']);
  });
});
