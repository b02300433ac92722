import { describe, expect, it } from 'vitest';
import {
  approvalRatePercent,
  averageTicketCents,
  isRepeatVisit,
  scorecardQuery,
  scorecardRange,
  sortScorecard,
  type ScorecardRow,
} from './tech-scorecard';

describe('scorecard periods', () => {
  it.each([
    ['this_month', '2026-11-20', '2026-11-01', '2026-11-30'],
    ['this_month', '2028-02-10', '2028-02-01', '2028-02-29'],
    ['last_month', '2026-11-20', '2026-10-01', '2026-10-31'],
    ['last_month', '2027-01-05', '2026-12-01', '2026-12-31'],
    ['this_quarter', '2026-11-20', '2026-10-01', '2026-12-31'],
    ['this_quarter', '2026-02-01', '2026-01-01', '2026-03-31'],
    ['this_year', '2026-11-20', '2026-01-01', '2026-12-31'],
  ] as const)('%s around %s: %s to %s', (period, today, from, to) => {
    expect(scorecardRange(period, today)).toEqual({ from, to });
  });

  it('needs both dates of a custom range, in order', () => {
    expect(scorecardQuery.safeParse({ period: 'custom', from: '2026-11-01' }).error?.issues[0]?.message).toBe(
      'End date is required',
    );
    expect(scorecardQuery.safeParse({ period: 'custom', from: '2026-11-02', to: '2026-11-01' }).success).toBe(false);
    expect(scorecardQuery.safeParse({ period: 'custom', from: '2026-11-01', to: '2026-11-01' }).success).toBe(true);
  });
});

describe('approval rate and average ticket', () => {
  it.each([
    [0, 0, null],
    [1, 0, 100],
    [0, 3, 0],
    [1, 2, 33],
    [2, 1, 67],
  ])('%i approved, %i declined: %s%', (approved, declined, rate) => {
    expect(approvalRatePercent(approved, declined)).toBe(rate);
  });

  it('averages whole cents, half up; none without invoices', () => {
    expect(averageTicketCents(0, 0)).toBeNull();
    expect(averageTicketCents(150100, 2)).toBe(75050);
    expect(averageTicketCents(100, 3)).toBe(33);
    expect(averageTicketCents(101, 2)).toBe(51);
  });
});

describe('repeat visits', () => {
  const done = new Date('2026-11-01T12:00:00Z');
  it.each([
    ['2026-11-01T11:00:00Z', false], // before the completion
    ['2026-11-01T12:00:00Z', false], // at the same instant
    ['2026-11-02T12:00:00Z', true],
    ['2026-12-01T12:00:00Z', true], // exactly 30 days
    ['2026-12-01T12:00:01Z', false],
  ])('a job created %s: %s', (created, expected) => {
    expect(isRepeatVisit(done, new Date(created))).toBe(expected);
  });
});

describe('sorting', () => {
  const row = (name: string, revenueCents: number, approvalRate: number | null): ScorecardRow => ({
    technicianId: name,
    name,
    jobsCompleted: 0,
    scheduledMinutes: 0,
    invoices: 0,
    revenueCents,
    averageTicketCents: null,
    quotesSent: 0,
    quotesApproved: 0,
    quotesDeclined: 0,
    approvalRate,
    repeatVisits: 0,
    expiringCertifications: [],
  });
  const rows = [row('Cy', 10, null), row('Al', 30, 50), row('Bo', 10, 80)];
  it('sorts by a figure, ties by name, empty values last', () => {
    expect(sortScorecard(rows, 'revenueCents', 'desc').map((r) => r.name)).toEqual(['Al', 'Bo', 'Cy']);
    expect(sortScorecard(rows, 'revenueCents', 'asc').map((r) => r.name)).toEqual(['Bo', 'Cy', 'Al']);
    expect(sortScorecard(rows, 'approvalRate', 'asc').map((r) => r.name)).toEqual(['Al', 'Bo', 'Cy']);
    expect(sortScorecard(rows, 'approvalRate', 'desc').map((r) => r.name)).toEqual(['Bo', 'Al', 'Cy']);
    expect(sortScorecard(rows, 'name', 'asc').map((r) => r.name)).toEqual(['Al', 'Bo', 'Cy']);
  });
});
