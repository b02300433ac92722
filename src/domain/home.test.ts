import { describe, expect, it } from 'vitest';
import { homeFilters, homeRules, isOpenJob, periodStart, type HomeJobFacts } from './home';

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
    expect(homeRules.overdueJob(job({ timePeriodDue: due, status, scheduleStart: status === 'scheduled' ? NOW : null }), TODAY)).toBe(expected);
  });

  it('Past Jobs to Mark Complete: scheduled with a start in the past', () => {
    expect(homeRules.pastJobToMarkComplete(job({ status: 'scheduled', scheduleStart: new Date(NOW.getTime() - 60_000) }), NOW)).toBe(true);
    expect(homeRules.pastJobToMarkComplete(job({ status: 'scheduled', scheduleStart: new Date(NOW.getTime() + 60_000) }), NOW)).toBe(false);
    expect(homeRules.pastJobToMarkComplete(job({ status: 'completed', scheduleStart: new Date(NOW.getTime() - 60_000) }), NOW)).toBe(false);
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

  it('Unsent invoices are drafts; submitted quotes await a decision', () => {
    expect(['draft', 'issued', 'paid', 'void'].map((status) => homeRules.unsentInvoice({ status }))).toEqual([true, false, false, false]);
    expect(homeRules.submittedQuote({ status: 'sent' })).toBe(true);
    expect(homeRules.submittedQuote({ status: 'expired' })).toBe(false);
    expect(homeRules.submittedQuote({ status: 'superseded' })).toBe(false);
    expect(homeRules.submittedQuote({ status: 'approved' })).toBe(false);
  });
});

describe('home filters', () => {
  it('default to the last month and accept empty selects', () => {
    expect(homeFilters.parse({ office: '', technicianId: '' })).toEqual({ office: undefined, technicianId: undefined, period: 'last-month' });
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
});
