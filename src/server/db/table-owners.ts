/**
 * Who writes each table (docs/decisions/028): a path under src/server, a module folder or an
 * adapter. Code elsewhere asks the owner (its service, or a repo function passed in as a
 * dependency, with the caller's transaction); `local/table-owners` in eslint.config.js refuses a
 * write to a table from a file outside its owner. `db` marks tables kept only by triggers (the
 * migrations): no code writes them. The seeds, the migrations and the rest of src/server/db, and
 * the tests, are exempt.
 *
 * Keep one `table: 'owner',` per line: the lint rule reads this file as text.
 * table-owners.test.ts checks that every table of the schema is listed and every owner exists.
 */
export const TABLE_OWNERS = {
  users: 'modules/users',
  sessions: 'modules/auth',
  auth_throttle: 'modules/auth',
  settings: 'modules/settings',
  tax_groups: 'modules/settings',
  service_lines: 'modules/reference-types',
  job_types: 'modules/reference-types',
  companies: 'modules/companies',
  tags: 'modules/companies',
  company_tags: 'modules/companies',
  locations: 'modules/locations',
  units: 'modules/units',
  contacts: 'modules/contacts',
  technicians: 'modules/technicians',
  technician_skills: 'modules/technicians',
  technician_certifications: 'modules/technicians',
  technician_availability: 'modules/technicians',
  technician_territories: 'modules/technicians',
  job_part_prices: 'modules/price-book',
  job_labor_prices: 'modules/price-book',
  job_item_prices: 'modules/price-book',
  jobs: 'modules/jobs',
  job_technicians: 'modules/jobs',
  job_items: 'modules/jobs',
  job_presets: 'modules/jobs',
  job_changes: 'modules/jobs',
  job_inspections: 'modules/inspections',
  job_inspection_photos: 'modules/inspections',
  job_inspection_changes: 'modules/inspections',
  job_repairs: 'modules/inspections',
  job_repair_lines: 'modules/inspections',
  quote_templates: 'modules/quote-templates',
  job_quotes: 'modules/quotes',
  job_invoices: 'modules/invoices',
  job_invoice_discounts: 'modules/invoices',
  job_invoice_lines: 'modules/invoices',
  job_invoice_status_changes: 'modules/invoices',
  opportunity_follow_ups: 'modules/opportunities',
  job_invoice_payments: 'modules/invoices',
  field_time_events: 'modules/field',
  field_notes: 'modules/field',
  field_checklist_marks: 'modules/field',
  field_signatures: 'modules/field',
  field_conflicts: 'modules/field',
  field_idempotency: 'modules/field',
  field_photos: 'modules/field',
  outbox: 'outbox',
  stored_files: 'storage',
  rate_limits: 'plugins/rate-limit.ts',
  unit_numbers: 'db',
  customer_counts: 'db',
  home_job_facts: 'db',
  home_counts: 'db',
  home_future_counts: 'db',
  job_counts: 'db',
  job_assigned_count: 'db',
  job_open_due_counts: 'db',
  job_latest_quotes: 'db',
  invoice_month_totals: 'db',
  invoice_company_totals: 'db',
  invoice_due_totals: 'db',
  invoice_paid_totals: 'db',
  invoice_search: 'db',
} as const;

export type TableName = keyof typeof TABLE_OWNERS;
