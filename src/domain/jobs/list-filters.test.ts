import { describe, expect, expectTypeOf, it } from 'vitest';
import { jobListFilters, type JobListFilterValues } from './list-filters.js';
import { jobListQuery, type JobListQuery } from './list.js';

// /jobs reads its URL with the plain reader (no zod on a first screen's path, decision 020), the
// API with the schema: over the same query strings they must accept and refuse the same values,
// give the same result, and name the same failing keys (useUrlFilters drops those and reads again).
describe('jobListFilters follows jobListQuery', () => {
  const uuid = '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
  const long = 'x'.repeat(200);
  const inputs: Record<string, string>[] = [
    {},
    { q: ' roof top ', type: ' PM ', serviceLine: 'HVAC', office: ' Main Office ' },
    { q: '   ', type: '', serviceLine: '\t', office: ' ' },
    { q: long },
    { q: `${long}x` },
    { type: 'x'.repeat(20) },
    { type: 'x'.repeat(21) },
    { serviceLine: ` ${'y'.repeat(20)} ` },
    { serviceLine: 'y'.repeat(21) },
    { office: 'o'.repeat(100) },
    { office: 'o'.repeat(101) },
    ...['scheduled', 'unscheduled', 'completed', 'cancelled', '', 'Scheduled', ' scheduled', 'open'].map((status) => ({
      status,
    })),
    ...['unassigned', ' unassigned ', uuid, ` ${uuid} `, '', ' ', 'Unassigned', 'abc'].map((technicianId) => ({
      technicianId,
    })),
    ...['companyId', 'locationId', 'unitId'].flatMap((key) =>
      [uuid, ` ${uuid}`, '', 'abc', '3f1c2a4e-5b6d-1e7f-8a9b-0c1d2e3f4a5b'].map((v): Record<string, string> => ({
        [key]: v,
      })),
    ),
    ...['due', 'schedule', 'created', 'quote-sent', '', 'Due', 'updated'].map((dateField) => ({ dateField })),
    ...['2026-11-29', ' 2026-11-29 ', '', ' ', '2026-02-30', '2026-1-5', '29/11/2026'].flatMap(
      (day): Record<string, string>[] => [{ from: day }, { to: day }],
    ),
    { from: '2026-11-01', to: '2026-11-30' },
    { from: '2026-11-30', to: '2026-11-30' },
    { from: '2026-11-30', to: '2026-11-01' },
    { from: '2026-11-30', to: '2026-11-01', status: 'open' },
    { from: 'bad', to: '2026-11-01' },
    { from: '2026-11-30', to: 'bad' },
    { from: ' 2026-11-30 ', to: '2026-11-01 ' },
    { from: '2026-11-30', to: '2026-11-01', sort: 'name' },
    { from: '2026-11-30', to: '2026-11-01', dateField: 'x', q: `${long}x` },
    { from: '2026-11-30', to: '2026-11-01', page: 'abc' },
    { from: '2026-11-30', to: '2026-11-01', page: '0' },
    { from: '2026-11-30', to: '2026-11-01', pageSize: '7' },
    { from: '2026-11-30', to: '2026-11-01', pageSize: 'x' },
    { from: '2026-11-30', to: '2026-11-01', companyId: 'abc', q: `${long}x` },
    { from: '2026-11-30', to: '2026-11-01', technicianId: 'nobody' },
    ...['overdue', 'submitted-quotes', 'to-invoice', '', 'Overdue', 'all'].map((queue) => ({ queue })),
    ...['number', 'created', 'due', 'schedule', '', 'name'].map((sort) => ({ sort })),
    ...['asc', 'desc', '', 'ASC', 'up'].map((dir) => ({ dir })),
    ...['1', '2', ' 3 ', '0', '-1', '1.5', 'abc', '', '1e2', '0x10', 'Infinity', '9007199254740993'].map((page) => ({
      page,
    })),
    ...['25', '50', '100', ' 50', '10', '0', '', 'abc', '25.0', '2.5e1'].map((pageSize) => ({ pageSize })),
    { q: 'a', status: 'open', page: '0', pageSize: '7', companyId: 'abc', other: 'ignored' },
    { queue: 'overdue', sort: 'due', dir: 'asc', page: '2', pageSize: '100', technicianId: 'unassigned' },
  ];
  const keys = (issues: readonly { path: readonly PropertyKey[] }[]) =>
    [...new Set(issues.map((i) => String(i.path[0])))].sort();

  it.each(inputs)('reads %j as the schema does', (input) => {
    const schema = jobListQuery.safeParse(input);
    const plain = jobListFilters.safeParse(input);
    expect(plain.success).toBe(schema.success);
    if (schema.success && plain.success) expect(plain.data).toEqual(schema.data);
    if (!schema.success && !plain.success) expect(keys(plain.error.issues)).toEqual(keys(schema.error.issues));
  });

  it('parse gives the defaults and refuses what safeParse refuses', () => {
    expect(jobListFilters.parse({})).toEqual(jobListQuery.parse({}));
    expect(jobListFilters.parse({})).toMatchObject({ dateField: 'due', sort: 'created', dir: 'desc', page: 1 });
    expect(() => jobListFilters.parse({ page: '0' })).toThrow();
    expect(() => jobListFilters.parse({ from: '2026-11-30', to: '2026-11-01' })).toThrow();
  });

  it('gives the screen the type the schema gives the API', () => {
    expectTypeOf<JobListFilterValues>().toEqualTypeOf<JobListQuery>();
  });
});
