import { sql } from 'drizzle-orm';
import type { BenchCase } from '../types.js';

export const foundationCases: BenchCase[] = [
  {
    name: 'home daily schedule',
    area: 'home',
    request: () => ({ method: 'GET', url: '/api/home/schedule?date=2025-06-10' }),
    targetsMs: { postgres: 50, pglite: 150 },
    explain: () => [
      sql`select j.id from jobs j where j.schedule_start >= timestamptz '2025-06-10 04:00Z' and j.schedule_start < timestamptz '2025-06-11 04:00Z' order by j.schedule_start limit 100`,
    ],
    noSeqScanOn: ['jobs'],
  },
  {
    name: 'header search',
    area: 'search',
    request: () => ({ method: 'GET', url: '/api/search?q=peachtree%20medical%2042' }),
    targetsMs: { postgres: 100, pglite: 300 },
    explain: () => [sql`select id from companies where name ilike '%peachtree medical 42%' order by name limit 5`],
    noSeqScanOn: ['companies'],
  },
];
