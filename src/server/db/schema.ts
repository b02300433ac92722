/**
 * The whole data model, one file per area under ./schema/ (this file gathers them for drizzle and
 * the repos).
 *
 * Conventions:
 * - ids are uuid v4 (gen_random_uuid()), job numbers come from an identity sequence starting at 1001;
 * - money is numeric(12,2) (drizzle hands it over as a string; repos turn it into integer cents);
 * - every enumerated value and length limit the API enforces is also a check constraint or a
 *   varchar length, so the database refuses what the API would refuse;
 * - every filter and ordering a list uses has an index; case-insensitive "contains" filters use
 *   trigram (pg_trgm) GIN indexes, created by the extensions migration that runs first;
 * - structure below a company cascades (company -> locations -> units) but everything that holds
 *   business history (jobs, quotes, invoices) restricts, so a delete can never silently lose it.
 */

export { DB_ENUMS } from './schema/columns.js';
export * from './schema/customers.js';
export * from './schema/contacts.js';
export * from './schema/tags.js';
export * from './schema/users.js';
export * from './schema/api-tokens.js';
export * from './schema/technicians.js';
export * from './schema/reference.js';
export * from './schema/jobs.js';
export * from './schema/price-book.js';
export * from './schema/inspections.js';
export * from './schema/quotes.js';
export * from './schema/invoices.js';
export * from './schema/outbox.js';
export * from './schema/webhooks.js';
export * from './schema/files.js';
export * from './schema/rate-limits.js';
export * from './schema/home.js';
export * from './schema/scorecard.js';
export * from './schema/opportunities.js';
export * from './schema/calendar-feeds.js';
export * from './schema/accounting.js';
export * from './schema/field.js';
export * from './views.js';
export * from './schema/agreements.js';
export * from './schema/agreement-billing.js';
export * from './schema/agreement-figures.js';
