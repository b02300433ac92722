/**
 * Issue 26, defect 11: the Complete Job dialog says relevant parties will be notified, so they are.
 * Completing a job queues a notice to the job's contact e-mail in the completion's transaction (the
 * work done, the job number, the location, the time in the company's zone), and the outbox worker
 * delivers it over SMTP (a real SMTP server, tests/support/fake-smtp.ts). No contact e-mail: no
 * message. A refused completion queues nothing.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../src/server/db/schema.js';
import { createOutboxWorker, createSmtpTransport } from '../../src/server/outbox/worker.js';
import { createFileStorage } from '../../src/server/storage/storage.js';
import { signInAs, type ApiClient } from '../support/api.js';
import { jobsFingerprint, tableFingerprint } from '../support/db-fingerprint.js';
import { startFakeSmtp, type FakeSmtp } from '../support/fake-smtp.js';
import { createTestContext, type TestContext } from '../support/test-app.js';

// 2:23 PM in New York (the company's zone), 7:23 PM in UTC.
const NOW = new Date('2026-11-27T19:23:00Z');

let ctx: TestContext;
let smtp: FakeSmtp;
let office: ApiClient;

const unchanged = async () => ({
  jobs: await jobsFingerprint(ctx.database.db),
  outbox: await tableFingerprint(ctx.database.db, ['outbox']),
});

beforeAll(async () => {
  ctx = await createTestContext({ now: () => NOW });
  smtp = await startFakeSmtp();
  office = await signInAs(ctx, 'user', { unchanged });
});
afterEach(async () => {
  smtp.received.length = 0;
  await ctx.database.db.delete(outbox);
});
afterAll(async () => {
  await smtp.stop();
  await ctx.close();
});

/** Delivers what the outbox holds, as the server's worker does. */
async function deliver(): Promise<void> {
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
}

let units = 6;
async function jobAt(overrides: { contactEmail: string | null; contactName?: string | null; name: string }) {
  const company = await ctx.f.company();
  const location = await ctx.f.location({
    companyId: company.id,
    name: 'Juniper Plant 2',
    address: '120 Mill Road',
    city: 'Marietta',
    state: 'GA',
    zip: '30060',
  });
  const unit = await ctx.f.unit({ locationId: location.id, unitNumber: `RTU-${++units}` });
  return ctx.f.job({
    locationId: location.id,
    unitId: unit.id,
    status: 'unscheduled',
    contactName: overrides.contactName ?? null,
    ...overrides,
  });
}

const queued = () => ctx.database.db.select().from(outbox);

describe('Complete Job notifies the job contact', () => {
  it('e-mails the contact the work done, the job number, the location and the time in the company zone', async () => {
    const job = await jobAt({
      name: 'Rooftop unit not cooling',
      contactEmail: 'facilities@juniper.example.com',
      contactName: 'Dana Reyes',
    });
    await ctx.f.jobItem(job.id, { type: 'part', name: 'Condenser fan motor', quantity: 1 });
    await ctx.f.jobItem(job.id, { type: 'labor', name: 'Service technician hour', quantity: 2 });
    const inspection = await ctx.f.inspection(job.id, {
      modelNumber: 'RTU-48',
      serialNumber: 'SN-1001',
      completed: true,
    });
    await ctx.f.repair(
      { jobId: job.id, inspectionId: inspection.id },
      { selectedPhase: 'phase2', phase2Description: 'Replace the contactor and the capacitor' },
    );
    await ctx.f.quote(job, {
      status: 'approved',
      email: 'facilities@juniper.example.com',
      decidedAt: new Date('2026-11-20T15:00:00Z'),
    });

    const response = await office.call('POST', `/api/jobs/${job.id}/complete`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ status: string }>().status).toBe('completed');

    // Queued in the completion's transaction, to the job's contact, about this job.
    const [message, ...others] = await queued();
    expect(others).toEqual([]);
    expect(message).toMatchObject({
      toAddress: 'facilities@juniper.example.com',
      subject: `Job #${job.number} completed: Rooftop unit not cooling`,
      relatedType: 'job',
      relatedId: job.id,
      status: 'pending',
    });
    const text = message!.textBody;
    expect(text).toContain('Dear Dana Reyes,');
    expect(text).toContain(`Job number: ${job.number}`);
    expect(text).toContain('Location: Juniper Plant 2, 120 Mill Road, Marietta, GA 30060');
    expect(text).toContain('Unit: RTU-7');
    expect(text).toContain('Completed: 11/27/2026, 2:23 PM EST');
    expect(text).toContain('- 1 × Condenser fan motor (part)');
    expect(text).toContain('- 2 × Service technician hour (labor)');
    expect(text).toContain(
      '- Repair of the unit (model RTU-48, serial SN-1001): Standard Option: Replace the contactor and the capacitor',
    );
    // Work done, not a bill: no amounts.
    expect(text).not.toMatch(/\$\d/);

    // The worker delivers it over SMTP.
    await deliver();
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual(['facilities@juniper.example.com']);
    expect(mail!.subject).toBe(`Job #${job.number} completed: Rooftop unit not cooling`);
    expect(mail!.raw).toContain('Juniper Plant 2');
    expect((await ctx.database.db.select().from(outbox).where(eq(outbox.id, message!.id)))[0]!.status).toBe('sent');
  });

  it('lists no repairs the customer did not approve, and says so when no work was recorded', async () => {
    const job = await jobAt({ name: 'Annual check', contactEmail: 'ops@juniper.example.com' });
    const inspection = await ctx.f.inspection(job.id, { completed: true });
    await ctx.f.repair({ jobId: job.id, inspectionId: inspection.id });
    await ctx.f.quote(job, {
      status: 'declined',
      email: 'ops@juniper.example.com',
      decidedAt: new Date('2026-11-20T15:00:00Z'),
    });

    expect((await office.call('POST', `/api/jobs/${job.id}/complete`)).statusCode).toBe(200);
    const [message] = await queued();
    expect(message!.textBody).toContain('Hello,');
    expect(message!.textBody).toContain('- The service visit (no parts or repairs were recorded).');
    expect(message!.textBody).not.toContain('Repair of the unit');
  });

  it('notifies nobody when the job has no contact e-mail', async () => {
    const job = await jobAt({ name: 'No contact on file', contactEmail: null });
    await ctx.f.jobItem(job.id, { type: 'part', name: 'Filter', quantity: 4 });

    const response = await office.call('POST', `/api/jobs/${job.id}/complete`);
    expect(response.statusCode, response.body).toBe(200);
    expect(await queued()).toEqual([]);
    await deliver();
    expect(smtp.received).toEqual([]);
  });

  it('queues nothing when the completion is refused', async () => {
    const done = await jobAt({ name: 'Already done', contactEmail: 'a@juniper.example.com' });
    expect((await office.call('POST', `/api/jobs/${done.id}/complete`)).statusCode).toBe(200);
    await ctx.database.db.delete(outbox);
    await office.refused('POST', `/api/jobs/${done.id}/complete`, undefined, 409, 'This job is already completed');

    const cancelled = await jobAt({ name: 'Called off', contactEmail: 'b@juniper.example.com' });
    expect((await office.call('POST', `/api/jobs/${cancelled.id}/cancel`)).statusCode).toBe(200);
    await office.refused(
      'POST',
      `/api/jobs/${cancelled.id}/complete`,
      undefined,
      409,
      'A cancelled job cannot be completed',
    );

    // A technician not assigned to the job may not complete it: refused before anything is written.
    const open = await jobAt({ name: 'Not theirs', contactEmail: 'c@juniper.example.com' });
    const technician = await office.withRole('technician');
    await technician.refused('POST', `/api/jobs/${open.id}/complete`, undefined, 403);
    expect(await queued()).toEqual([]);
  });
});
