import type { SQL } from 'drizzle-orm';
import type { Database } from '../src/server/db/client.js';

export type DatabaseKind = 'pglite' | 'postgres';

export interface BenchContext {
  db: Database;
  kind: DatabaseKind;
  /** first row of a query, e.g. to pick an id to request */
  one<T>(query: SQL): Promise<T>;
}

export interface BenchRequest {
  method: 'GET' | 'POST';
  url: string;
  payload?: unknown;
}

/**
 * One API call measured on the large data set. Areas add their cases in bench/cases/<area>.ts
 * and list them in bench/cases/index.ts.
 */
export interface BenchCase {
  name: string;
  area: string;
  request(ctx: BenchContext): Promise<BenchRequest> | BenchRequest;
  /** p95 targets in milliseconds; omit for a figure that is reported but not checked */
  targetsMs?: Record<DatabaseKind, number>;
  /** the SQL behind the call, shown with EXPLAIN so the plans prove index use */
  explain?(ctx: BenchContext): Promise<SQL[]> | SQL[];
  /** big tables that must not be read with a sequential scan by the explained queries */
  noSeqScanOn?: string[];
  /**
   * Another way to get the same answer (e.g. the spec's original approach), measured in the same
   * run on the same database: the case's p95 must be at least `minSpeedup` times faster than its.
   */
  compareWith?: { name: string; run(ctx: BenchContext): Promise<unknown>; minSpeedup: number; iterations?: number };
}
