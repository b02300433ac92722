/**
 * What the full data export holds (decision 050): every table people's work fills, one CSV file
 * each, in this order (parents before children), and the reason each other table is left out.
 *
 * The plan is typed over every table of `TABLE_OWNERS` that code writes (the trigger-kept tables
 * owned by `db` are copies and counters of these, and stay out): a new table does not compile until
 * it is given a line here, so nothing new leaks out, and nothing new is silently missing.
 * Secrets never leave: password hashes, sessions, calendar feed hashes, quote link tokens (in
 * job_quotes.token and in the bodies of the e-mails that carried them), and any later API token
 * hash or webhook secret belongs in `skip` or `omit`. `export-plan.test.ts` checks every exported
 * column's name against the words secrets go by.
 */
import { getTableColumns, getTableName, is } from 'drizzle-orm';
import { PgTable, type PgColumn, getTableConfig } from 'drizzle-orm/pg-core';
import * as schema from '../../db/schema.js';
import type { TABLE_OWNERS, TableName } from '../../db/table-owners.js';

type KeptByTriggers = { [K in TableName]: (typeof TABLE_OWNERS)[K] extends 'db' ? K : never }[TableName];
/** The tables the application writes (what people entered, and what the system recorded for them). */
export type EnteredTable = Exclude<TableName, KeptByTriggers>;

export type TablePlan =
  /** Exported; `omit` names database columns left out (search_text columns are always left out: derived). */
  | { omit?: readonly string[]; why?: string }
  /** Left out, and why. */
  | { skip: string };

export const EXPORT_PLAN: Record<EnteredTable, TablePlan> = {
  settings: {},
  tax_groups: {},
  service_lines: {},
  job_types: {},
  users: { omit: ['password_hash'], why: 'password hashes never leave' },
  technicians: {},
  technician_skills: {},
  technician_certifications: {},
  technician_availability: {},
  technician_territories: {},
  companies: {},
  tags: {},
  company_tags: {},
  locations: {},
  units: {},
  contacts: {},
  job_part_prices: {},
  job_labor_prices: {},
  job_item_prices: {},
  job_presets: {},
  jobs: {},
  job_technicians: {},
  job_items: {},
  job_changes: {},
  job_inspections: {},
  job_inspection_photos: {},
  job_inspection_changes: {},
  job_repairs: {},
  job_repair_lines: {},
  quote_templates: {},
  job_quotes: { omit: ['token'], why: "the customer's quote link token answers for the customer" },
  // before job_invoices: an agreement's invoice names its agreement (decision 052)
  agreements: {},
  agreement_units: {},
  agreement_visits: {},
  job_invoices: {},
  job_invoice_lines: {},
  job_invoice_discounts: {},
  job_invoice_status_changes: {},
  job_invoice_payments: {},
  agreement_revenue_shares: {},
  opportunity_follow_ups: {},
  outbox: {
    omit: ['text_body', 'html_body', 'claim_token', 'claimed_by', 'lease_expires_at'],
    why: "the e-mails' bodies carry live quote links; the delivery lease is the worker's",
  },
  stored_files: { omit: ['bytes'], why: 'the files themselves are under files/ (zip_path)' },
  sessions: { skip: 'sign-in sessions (hashes of live session tokens)' },
  auth_throttle: { skip: 'failed sign-in counters' },
  rate_limits: { skip: 'request counters' },
  calendar_feeds: { skip: 'calendar feed access (hashes of the feed URLs); make new feeds in the new system' },
  api_tokens: { skip: 'API token access (hashes of live tokens); make new tokens in the new system' },
  webhook_endpoints: { omit: ['secret'], why: 'a signing secret forges deliveries' },
  webhook_events: {},
  webhook_deliveries: { skip: "the webhook worker's queue (each event is in webhook_events)" },
  webhook_attempts: { skip: "the webhook worker's attempts log" },
  accounting_settings: {},
  accounting_exports: {},
  accounting_export_items: {},
  accounting_export_files: {},
  agreement_generator_runs: { skip: "the visit generator's run log" },
  field_time_events: {},
  field_notes: {},
  field_checklist_marks: {},
  field_signatures: {},
  field_photos: {},
  field_conflicts: {},
  field_idempotency: { skip: "answers kept for a phone's resends (Idempotency-Key)" },
};

/** Columns that are copies kept by triggers for searching: never exported. */
const DERIVED_COLUMNS = new Set(['search_text']);

export interface ExportTable {
  name: string;
  table: PgTable;
  /** The exported columns, by database name, in the table's order. */
  columns: { name: string; column: PgColumn }[];
  /** The primary key, which the batches walk (keyset). */
  keys: PgColumn[];
}

const tablesByName = new Map<string, PgTable>(
  (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => [getTableName(table), table]),
);

function keyColumns(table: PgTable): PgColumn[] {
  const config = getTableConfig(table);
  const single = config.columns.filter((c) => c.primary);
  if (single.length) return single;
  const composite = config.primaryKeys[0]?.columns;
  if (composite?.length) return composite;
  throw new Error(`${config.name} has no primary key: the export cannot walk it in batches`);
}

/** The exported tables, in the plan's order, with their columns and keys. */
export function exportTables(): ExportTable[] {
  return Object.entries(EXPORT_PLAN).flatMap(([name, plan]): ExportTable[] => {
    if ('skip' in plan) return [];
    const table = tablesByName.get(name);
    if (!table) throw new Error(`the export plan names ${name}, which is not a table of the schema`);
    const omit = new Set([...(plan.omit ?? []), ...DERIVED_COLUMNS]);
    const columns = Object.values(getTableColumns(table))
      .filter((column) => !omit.has(column.name))
      .map((column) => ({ name: column.name, column: column as PgColumn }));
    return [{ name, table, columns, keys: keyColumns(table) }];
  });
}

/** The tables left out, with why (the export's README says so). */
export const skippedTables = (): { name: string; why: string }[] =>
  Object.entries(EXPORT_PLAN).flatMap(([name, plan]) => ('skip' in plan ? [{ name, why: plan.skip }] : []));

/** The columns left out on purpose, with why. */
export const omittedColumns = (): { table: string; columns: readonly string[]; why: string }[] =>
  Object.entries(EXPORT_PLAN).flatMap(([table, plan]) =>
    'skip' in plan || !plan.omit?.length ? [] : [{ table, columns: plan.omit, why: plan.why ?? '' }],
  );
