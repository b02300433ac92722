import { describe, expect, it } from 'vitest';
import { boardQuery, boardViewDays, rangeForView } from './dispatch';

// Issue 28: the board's date range follows its view.
describe('boardViewDays', () => {
  it('is the day, its Sunday-to-Saturday week, or its month', () => {
    expect(boardViewDays('day', '2026-11-25')).toEqual({ from: '2026-11-25', to: '2026-11-25' });
    expect(boardViewDays('week', '2026-11-25')).toEqual({ from: '2026-11-22', to: '2026-11-28' });
    expect(boardViewDays('week', '2026-11-22')).toEqual({ from: '2026-11-22', to: '2026-11-28' });
    expect(boardViewDays('month', '2027-02-14')).toEqual({ from: '2027-02-01', to: '2027-02-28' });
  });
});

describe('rangeForView', () => {
  const today = '2026-11-25';
  it.each([
    ['day', '2026-11-25', { range: 'this-month' }],
    ['month', '2026-11-01', { range: 'this-month' }],
    ['week', '2026-11-10', { range: 'this-month' }],
    ['month', '2026-12-01', { range: 'next-month' }],
    ['day', '2026-12-31', { range: 'next-month' }],
    ['month', '2026-10-15', { range: 'last-month' }],
    ['month', '2027-03-09', { range: 'custom', from: '2027-03-01', to: '2027-03-31', shows: 'month' }],
    ['day', '2026-08-03', { range: 'custom', from: '2026-08-01', to: '2026-08-31', shows: 'month' }],
    // A week across two months reads just its days.
    ['week', '2026-12-01', { range: 'custom', from: '2026-11-29', to: '2026-12-05', shows: 'days' }],
    ['week', '2026-12-30', { range: 'custom', from: '2026-12-27', to: '2027-01-02', shows: 'days' }],
  ] as const)('%s view of %s', (view, anchor, expected) => {
    expect(rangeForView(view, anchor, today)).toEqual(expected);
  });

  it('across a year: December to January is next month', () => {
    expect(rangeForView('month', '2027-01-10', '2026-12-31')).toEqual({ range: 'next-month' });
  });

  it('always covers the view, so a job scheduled in view is in the range', () => {
    for (const view of ['day', 'week', 'month'] as const)
      for (let d = 0; d < 400; d += 3) {
        const anchor = new Date(Date.UTC(2026, 0, 1 + d)).toISOString().slice(0, 10);
        const r = rangeForView(view, anchor, today);
        const days = boardViewDays(view, anchor);
        if (r.range === 'custom') {
          expect(r.from <= days.from && r.to >= days.to).toBe(true);
          expect(boardQuery.safeParse({ range: 'custom', from: r.from, to: r.to }).success).toBe(true);
        } else expect(days.from.slice(0, 7)).toBe(days.to.slice(0, 7));
      }
  });
});

describe('the view parameters of the board query', () => {
  it('go together, in order, at most a month', () => {
    const ok = boardQuery.safeParse({ range: 'this-month', viewFrom: '2026-11-22', viewTo: '2026-11-28' });
    expect(ok.success).toBe(true);
    const one = boardQuery.safeParse({ range: 'this-month', viewFrom: '2026-11-22' });
    expect(one.error?.issues[0]?.message).toBe("'viewFrom' and 'viewTo' go together");
    const back = boardQuery.safeParse({ range: 'this-month', viewFrom: '2026-11-22', viewTo: '2026-11-21' });
    expect(back.error?.issues[0]?.message).toBe("'viewTo' must be on or after 'viewFrom'");
    const long = boardQuery.safeParse({ range: 'this-month', viewFrom: '2026-11-01', viewTo: '2026-12-15' });
    expect(long.error?.issues[0]?.message).toBe('The view is at most 31 days');
  });
});
