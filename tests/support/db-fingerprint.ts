import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../src/server/db/client.js';

/**
 * A digest of every row of the given tables (row count and md5 of the rows' text), so a test can
 * assert that a refused request changed nothing at all: take it before, call, and expect the same
 * after. Every API test fingerprints the database this way; the table sets below name what each
 * area's refusals must leave alone.
 */
export async function tableFingerprint(db: Executor, tables: readonly string[]): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const table of tables) {
    const [row] = await queryRows<{ digest: string | null; n: string | number }>(
      db,
      sql`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest, count(*) as n from ${sql.identifier(table)} t`,
    );
    result[table] = `${row?.n}:${row?.digest}`;
  }
  return result;
}

/** The customer tables (and the jobs that hold them). */
export const customerFingerprint = (db: Executor) =>
  tableFingerprint(db, ['companies', 'locations', 'units', 'jobs', 'customer_counts']);

/** The job tables, with the quotes and invoices that hang on a job. */
export const jobsFingerprint = (db: Executor) =>
  tableFingerprint(db, [
    'jobs',
    'job_technicians',
    'job_items',
    'job_presets',
    'job_changes',
    'job_inspections',
    'job_repairs',
    'job_quotes',
    'job_invoices',
  ]);

/** The tables the inspections module writes, and the stored files. */
export const inspectionFingerprint = (db: Executor) =>
  tableFingerprint(db, [
    'job_inspections',
    'job_repairs',
    'job_repair_lines',
    'job_inspection_photos',
    'job_inspection_changes',
    'stored_files',
  ]);

/** An invoice, its lines, its status history and the e-mails it queued. */
export const invoiceFingerprint = (db: Executor) =>
  tableFingerprint(db, [
    'job_invoices',
    'job_invoice_lines',
    'job_invoice_status_changes',
    'job_invoice_payments',
    'outbox',
  ]);

/** The three price tables. */
export const priceBookFingerprint = (db: Executor) =>
  tableFingerprint(db, ['job_part_prices', 'job_labor_prices', 'job_item_prices']);
