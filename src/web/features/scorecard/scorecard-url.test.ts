import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isIsoDate } from '../../../domain/dates';
import { DEFAULT_SCORECARD_PERIOD, SCORECARD_PERIODS, SCORECARD_SORTS } from '../../../domain/tech-scorecard';
import { scorecardUrl } from './scorecard-url';

// The scorecard read its URL with this zod schema until its first paint had to load no zod
// (decision 057): the plain reader must give the same values for every query string.
const date = z.string().refine(isIsoDate).optional().catch(undefined);
const zodScorecardUrl = z.object({
  period: z.enum(SCORECARD_PERIODS).catch(DEFAULT_SCORECARD_PERIOD).default(DEFAULT_SCORECARD_PERIOD),
  from: date,
  to: date,
  sort: z.enum(SCORECARD_SORTS).catch('name').default('name'),
  dir: z.enum(['asc', 'desc']).catch('asc').default('asc'),
});

const cases: Record<string, string>[] = [
  {},
  { period: 'last_month' },
  { period: 'custom', from: '2026-01-01', to: '2026-03-31' },
  { period: 'custom', from: '2026-02-30', to: 'soon' },
  { period: 'custom', from: ' 2026-01-01', to: '2026-01-01 ' },
  { period: 'yesterday', sort: 'revenueCents', dir: 'desc' },
  { period: '', sort: '', dir: '' },
  { sort: 'salary', dir: 'up' },
  { sort: 'approvalRate', dir: 'asc', extra: 'x' },
  { from: '', to: '' },
  { to: '2026-01-01', from: '2026-12-31' },
];

describe('scorecardUrl (the scorecard screen reads its URL without zod)', () => {
  it.each(cases)('reads %j as the zod schema did', (raw) => {
    const plain = scorecardUrl.safeParse(raw);
    expect(plain.success).toBe(true);
    expect(plain.success && plain.data).toEqual(zodScorecardUrl.parse(raw));
  });

  it('keeps a valid custom range and defaults a wrong sort, as worked out by hand', () => {
    expect(
      scorecardUrl.parse({ period: 'custom', from: '2026-01-01', to: '2026-03-31', sort: 'x', dir: 'desc' }),
    ).toEqual({
      period: 'custom',
      from: '2026-01-01',
      to: '2026-03-31',
      sort: 'name',
      dir: 'desc',
    });
  });
});
