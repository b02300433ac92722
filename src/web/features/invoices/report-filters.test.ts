import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { reportFilters } from './report-filters';

// The report read its URL with this zod schema until it had to load without zod (decision 057).
const zodReportFilters = z.object({
  period: z.enum(['annual', 'quarterly', 'monthly']).optional().catch(undefined),
  year: z.coerce.number().int().min(1900).max(9999).optional().catch(undefined),
  quarter: z.coerce.number().int().min(1).max(4).optional().catch(undefined),
  month: z.coerce.number().int().min(1).max(12).optional().catch(undefined),
});

describe('the invoice report reads its URL as its zod schema did', () => {
  const queries = [
    '',
    'period=annual&year=2026',
    'period=quarterly&year=2025&quarter=3',
    'period=monthly&year=2024&month=12',
    'period=Annual&year=1899&quarter=0&month=13',
    'period=&year=&quarter=&month=',
    'year=%202026%20&quarter=%204&month=1.0',
    'year=2026.5&quarter=1e0&month=0x3',
    'year=1e4&quarter=abc&month=Infinity',
    'year=9999&quarter=4&month=1',
    'year=-2026&quarter=-1&month=-12',
    'other=1',
  ];
  it.each(queries)('reads "%s"', (query) => {
    const raw = Object.fromEntries(new URLSearchParams(query));
    expect(reportFilters.parse(raw)).toEqual(zodReportFilters.parse(raw));
  });
});
