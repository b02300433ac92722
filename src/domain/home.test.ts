import { describe, expect, it } from 'vitest';
import {
  homeFilters,
  homeRules,
  isOpenJob,
  OPEN_REPAIR_OUTCOMES,
  parseHomeFilters,
  periodStart,
  repairOutcome,
  type HomeJobFacts,
} from './home';

const NOW = new Date('2026-03-15T15:00:00Z');
const TODAY = '2026-03-15';
const job = (overrides: Partial<HomeJobFacts> = {}): HomeJobFacts => ({
  status: 'unscheduled',
  scheduleStart: null,
  timePeriodDue: '2026-03-20',
  quoteStatus: null,
  hasInvoice: false,
  ...overrides,
});

describe('home count definitions', () => {
  it('open means neither completed nor cancelled', () => {
    expect(isOpenJob({ status: 'scheduled' })).toBe(true);
    expect(isOpenJob({ status: 'unscheduled' })).toBe(true);
    expect(isOpenJob({ status: 'completed' })).toBe(false);
    expect(isOpenJob({ status: 'cancelled' })).toBe(false);
  });

  it.each([
    ['open, no schedule start', job(), true],
    ['open, scheduled', job({ status: 'scheduled', scheduleStart: NOW }), false],
    ['completed, no schedule start', job({ status: 'completed' }), false],
    ['cancelled, no schedule start', job({ status: 'cancelled' }), false],
  ])('Jobs with No Appointment: %s', (_label, facts, expected) => {
    expect(homeRules.jobWithNoAppointment(facts)).toBe(expected);
  });

  it.each([
    ['due period ended yesterday', '2026-03-14', 'unscheduled', true],
    ['due today is not overdue yet', TODAY, 'unscheduled', false],
    ['due tomorrow', '2026-03-16', 'scheduled', false],
    ['completed jobs are never overdue', '2026-03-01', 'completed', false],
    ['cancelled jobs are never overdue', '2026-03-01', 'cancelled', false],
  ] as const)('Overdue Jobs: %s', (_label, due, status, expected) => {
    expect(
      homeRules.overdueJob(
        job({ timePeriodDue: due, status, scheduleStart: status === 'scheduled' ? NOW : null }),
        TODAY,
      ),
    ).toBe(expected);
  });

  it('Past Jobs to Mark Complete: scheduled with a start in the past', () => {
    expect(
      homeRules.pastJobToMarkComplete(
        job({ status: 'scheduled', scheduleStart: new Date(NOW.getTime() - 60_000) }),
        NOW,
      ),
    ).toBe(true);
    expect(
      homeRules.pastJobToMarkComplete(
        job({ status: 'scheduled', scheduleStart: new Date(NOW.getTime() + 60_000) }),
        NOW,
      ),
    ).toBe(false);
    expect(
      homeRules.pastJobToMarkComplete(
        job({ status: 'completed', scheduleStart: new Date(NOW.getTime() - 60_000) }),
        NOW,
      ),
    ).toBe(false);
  });

  it.each([
    [null, false],
    ['sent', true],
    ['expired', true],
    ['approved', false],
    ['declined', false],
    ['superseded', false],
  ] as const)('Follow Up Jobs: latest quote %s -> %s', (quoteStatus, expected) => {
    expect(homeRules.followUpJob(job({ quoteStatus }))).toBe(expected);
  });

  it('Jobs Ready to Schedule: open jobs whose latest quote was approved', () => {
    expect(homeRules.jobReadyToSchedule(job({ quoteStatus: 'approved' }))).toBe(true);
    expect(homeRules.jobReadyToSchedule(job({ quoteStatus: 'declined' }))).toBe(false);
    expect(homeRules.jobReadyToSchedule(job({ quoteStatus: 'sent' }))).toBe(false);
    expect(homeRules.jobReadyToSchedule(job({ status: 'completed', quoteStatus: 'approved' }))).toBe(false);
  });

  it('Jobs to Invoice: completed jobs with no invoice', () => {
    expect(homeRules.jobToInvoice(job({ status: 'completed' }))).toBe(true);
    expect(homeRules.jobToInvoice(job({ status: 'completed', hasInvoice: true }))).toBe(false);
    expect(homeRules.jobToInvoice(job({ status: 'scheduled', scheduleStart: NOW }))).toBe(false);
  });

  it('Open Deficiencies: a non-zero repair total with the customer decision still open', () => {
    expect(homeRules.openDeficiency({ totalCents: 125_000 }, { quoteStatus: null })).toBe(true);
    expect(homeRules.openDeficiency({ totalCents: 125_000 }, { quoteStatus: 'sent' })).toBe(true);
    expect(homeRules.openDeficiency({ totalCents: 0 }, { quoteStatus: null })).toBe(false);
    expect(homeRules.openDeficiency({ totalCents: 125_000 }, { quoteStatus: 'approved' })).toBe(false);
    expect(homeRules.openDeficiency({ totalCents: 125_000 }, { quoteStatus: 'declined' })).toBe(false);
  });

  // Issue 29 (decision 044): the same rule says whether a recommendation is still open on its unit.
  it.each([
    // [what happened, repair, latest quote status, outcome, open]
    ['found, no quote sent', { totalCents: 125_000 }, null, 'not_quoted', true],
    ['quoted, awaiting the customer', { totalCents: 125_000 }, 'sent', 'quoted', true],
    ['quoted, link ran out unanswered', { totalCents: 125_000 }, 'expired', 'quoted', true],
    ['quote withdrawn (job cancelled)', { totalCents: 125_000 }, 'withdrawn', 'not_quoted', true],
    ['customer approved', { totalCents: 125_000 }, 'approved', 'approved', false],
    ['customer declined', { totalCents: 125_000 }, 'declined', 'declined', false],
    [
      'marked resolved by the technician',
      { totalCents: 125_000, resolvedAt: '2026-03-10T14:00:00Z', carriedToRepairId: null },
      null,
      'resolved',
      false,
    ],
    [
      'resolved while its quote awaited the customer',
      { totalCents: 125_000, resolvedAt: new Date('2026-03-10T14:00:00Z') },
      'sent',
      'resolved',
      false,
    ],
    [
      'added to the next visit',
      { totalCents: 125_000, carriedToRepairId: '0b6c6f5e-4a33-4b6e-9a53-8f2f8a0e7f11' },
      null,
      'carried',
      false,
    ],
    ['nothing priced ($0 record from Mark Complete)', { totalCents: 0 }, null, 'none', false],
    ['nothing priced, job quoted for other work', { totalCents: 0 }, 'sent', 'none', false],
    [
      'approved wins over a stale resolution',
      { totalCents: 125_000, resolvedAt: '2026-03-10T14:00:00Z' },
      'approved',
      'approved',
      false,
    ],
  ] as const)('a repair %s', (_what, repair, quoteStatus, outcome, open) => {
    expect(repairOutcome(repair, { quoteStatus })).toBe(outcome);
    expect(homeRules.openDeficiency(repair, { quoteStatus })).toBe(open);
    expect(OPEN_REPAIR_OUTCOMES.includes(outcome as never) && repair.totalCents > 0).toBe(open);
  });

  it('Unsent invoices are drafts; submitted quotes await a decision', () => {
    expect(['draft', 'issued', 'paid', 'void'].map((status) => homeRules.unsentInvoice({ status }))).toEqual([
      true,
      false,
      false,
      false,
    ]);
    expect(homeRules.submittedQuote({ status: 'sent' })).toBe(true);
    expect(homeRules.submittedQuote({ status: 'expired' })).toBe(false);
    expect(homeRules.submittedQuote({ status: 'superseded' })).toBe(false);
    expect(homeRules.submittedQuote({ status: 'approved' })).toBe(false);
  });
});

describe('home filters', () => {
  it('default to the last month and accept empty selects', () => {
    expect(homeFilters.parse({ office: '', technicianId: '' })).toEqual({
      office: undefined,
      technicianId: undefined,
      period: 'last-month',
    });
  });

  it('period windows are counted back from now; all time has none', () => {
    expect(periodStart('last-week', NOW)?.toISOString()).toBe('2026-03-08T15:00:00.000Z');
    expect(periodStart('last-month', NOW)?.toISOString()).toBe('2026-02-13T15:00:00.000Z');
    expect(periodStart('all', NOW)).toBeNull();
  });

  it('reject an unknown period and a technician id that is not a uuid', () => {
    expect(homeFilters.safeParse({ period: 'forever' }).success).toBe(false);
    expect(homeFilters.safeParse({ technicianId: 'abc' }).success).toBe(false);
  });

  // Home reads its filters with the plain parser (no zod on the first screen's path, decision 020);
  // the API with the schema. Both must accept and refuse the same inputs, with the same result.
  const uuid = '3f1c2a4e-8b7d-4c1a-9e2f-5a6b7c8d9e0f';
  const inputs: Record<string, unknown>[] = [
    {},
    { office: '', technicianId: '', period: undefined },
    { office: 'Atlanta' },
    { office: '  Atlanta  ' },
    { office: '   ' },
    { office: 'x'.repeat(100) },
    { office: 'x'.repeat(101) },
    { office: ` ${'x'.repeat(100)} ` },
    { office: 5 },
    { office: null },
    { office: ['a', 'b'] },
    { technicianId: uuid },
    { technicianId: ` ${uuid} ` },
    { technicianId: uuid.toUpperCase() },
    { technicianId: 'abc' },
    { technicianId: '3f1c2a4e-8b7d-1c1a-9e2f-5a6b7c8d9e0f' },
    { technicianId: '  ' },
    { technicianId: 42 },
    ...['last-week', 'last-month', 'last-quarter', 'last-year', 'all'].map((period) => ({ period })),
    { period: '' },
    { period: 'forever' },
    { period: 'Last-Week' },
    { period: ' last-week' },
    { period: 7 },
    { period: null },
    { office: 'Atlanta', technicianId: uuid, period: 'all', extra: 'ignored' },
    { office: 'Atlanta', technicianId: 'abc', period: 'all' },
  ];
  it.each(inputs)('the plain parser reads %j as the schema does', (input) => {
    const schema = homeFilters.safeParse(input);
    expect(parseHomeFilters(input)).toEqual(schema.success ? schema.data : null);
  });
});
