/**
 * The set-based visit generator (decision 043 point 4, decision 053): one batch of several
 * agreements, several locations and a catch-up of several dates makes each visit's job, links it
 * to its own visit, numbers the jobs in agreement, date, location order, assigns each agreement's
 * technician and writes one event per visit with a delivery per listening endpoint.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client.js';
import { signInAs, type ApiClient } from '../support/api.js';
import { createTestContext, type TestContext } from '../support/test-app.js';
import { agreementPayload } from '../support/agreements.js';

let now = new Date('2027-01-05T15:00:00Z');
let ctx: TestContext;
let api: ApiClient;
let admin: ApiClient;

beforeAll(async () => {
  ctx = await createTestContext({ now: () => now });
  api = await signInAs(ctx, 'user');
  admin = await api.withRole('admin');
});
afterAll(() => ctx.close());

describe('one batch of agreements', () => {
  it('makes every visit once, each job linked to its own visit, numbered in order, with its event', async () => {
    const technicians = [(await ctx.f.technician()).user.id, (await ctx.f.technician()).user.id];
    for (const endpoint of ['one', 'two']) {
      const hook = await admin.call('POST', '/api/webhooks', {
        url: `https://hooks.example.com/${endpoint}`,
        description: endpoint,
        events: ['agreement.visit_generated'],
      });
      expect(hook.statusCode, hook.body).toBe(201);
    }
    for (const [i, technicianId] of technicians.entries()) {
      const companyId = (await ctx.f.company({ name: `Batch Co ${i}` })).id;
      const unitIds: string[] = [];
      for (const place of ['North', 'South']) {
        const locationId = (await ctx.f.location({ companyId, name: `${place} ${i}` })).id;
        unitIds.push((await ctx.f.unit({ locationId, unitNumber: `RTU-${place}` })).id);
      }
      const response = await api.call(
        'POST',
        '/api/agreements',
        agreementPayload(
          { companyId, unitIds, technicianId },
          {
            name: `Batch ${i}`,
            frequency: 'monthly',
            dayOfMonth: 10,
            visitDuration: 60,
            price: '100.00',
            billingPlan: 'per_visit',
            notToExceed: null,
          },
        ),
      );
      expect(response.statusCode, response.body).toBe(201);
    }
    // Down for two months: the run catches up January to March (and makes April's, 30 days ahead).
    now = new Date('2027-03-20T15:00:00Z');
    // Sessions end after their idle time on the app's clock: sign in again.
    admin = await (await signInAs(ctx, 'user')).withRole('admin');
    const run = await admin.call('POST', '/api/agreements/generate-visits');
    expect(run.statusCode, run.body).toBe(200);
    // 2 agreements x 2 locations x 4 months.
    expect(run.json().visitsCreated).toBe(16);

    const visits = await queryRows<{
      visitId: string;
      agreementId: string;
      visitDate: string;
      locationName: string;
      jobId: string;
      jobNumber: number;
      jobLocationId: string;
      locationId: string;
      timePeriodStart: string;
      technicianId: string;
      isPrimary: boolean;
      agreementTechnician: string;
    }>(
      ctx.database.db,
      sql`select v.id as "visitId", v.agreement_id as "agreementId", v.visit_date::text as "visitDate",
                 l.name as "locationName", j.id as "jobId", j.number as "jobNumber",
                 j.location_id as "jobLocationId", v.location_id as "locationId",
                 j.time_period_start::text as "timePeriodStart", t.technician_id as "technicianId",
                 t.is_primary as "isPrimary", a.technician_id as "agreementTechnician"
          from agreement_visits v join agreements a on a.id = v.agreement_id
          join locations l on l.id = v.location_id join jobs j on j.id = v.job_id
          join job_technicians t on t.job_id = j.id
          order by v.agreement_id, v.visit_date, l.name`,
    );
    expect(visits).toHaveLength(16);
    for (const v of visits) {
      expect(v.jobLocationId).toBe(v.locationId);
      expect(v.timePeriodStart).toBe(v.visitDate);
      expect(v.technicianId).toBe(v.agreementTechnician);
      expect(v.isPrimary).toBe(true);
    }
    // Numbered in the order the row-by-row generator made them.
    const numbers = visits.map((v) => Number(v.jobNumber));
    expect(numbers).toEqual([...numbers].sort((x, y) => x - y));

    const events = await queryRows<{ body: string; deliveries: number }>(
      ctx.database.db,
      sql`select e.body, (select count(*)::int from webhook_deliveries d where d.event_id = e.id) as deliveries
          from webhook_events e where e.type = 'agreement.visit_generated'`,
    );
    expect(events).toHaveLength(16);
    expect(events.every((e) => Number(e.deliveries) === 2)).toBe(true);
    const byVisit = new Map(
      events.map((e) => {
        const data = JSON.parse(e.body).data as {
          visitId: string;
          jobId: string;
          jobNumber: number;
          visitDate: string;
        };
        return [data.visitId, data];
      }),
    );
    for (const v of visits)
      expect(byVisit.get(v.visitId)).toMatchObject({
        jobId: v.jobId,
        jobNumber: Number(v.jobNumber),
        visitDate: v.visitDate,
      });

    // A second run makes nothing.
    const again = await admin.call('POST', '/api/agreements/generate-visits');
    expect(again.json().visitsCreated).toBe(0);
  });
});
