/**
 * Deferred revenue of service agreements (issue 29 item 3, decision 052): one row per visit an
 * advance invoice is earned on. The invoice's pre-tax amount is split over its rows in equal parts,
 * the remainder on the last (shareCents in src/domain/agreements/billing.ts; the report's SQL is its
 * twin), so a discount added to a draft changes every part without rewriting them. `earned_on` is
 * the day the visit's job was completed (company time zone), kept by the trigger
 * `jobs_agreement_revenue_earned` (migration 0056) and set when the row is written.
 * Owned by modules/agreements.
 */
import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, primaryKey, smallint, uuid } from 'drizzle-orm/pg-core';
import { agreements } from './agreements.js';
import { locations } from './customers.js';
import { jobInvoices } from './invoices.js';

export const agreementRevenueShares = pgTable(
  'agreement_revenue_shares',
  {
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => jobInvoices.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    shareCount: smallint('share_count').notNull(),
    agreementId: uuid('agreement_id')
      .notNull()
      .references(() => agreements.id, { onDelete: 'cascade' }),
    // The visit's plan date and month (agreement_visits.period) and location; null date: a plan with
    // no visit in the term, earned at the period's end.
    visitDate: date('visit_date', { mode: 'string' }),
    period: date('period', { mode: 'string' }),
    locationId: uuid('location_id').references(() => locations.id, { onDelete: 'set null' }),
    earnedOn: date('earned_on', { mode: 'string' }),
  },
  (t) => [
    primaryKey({ name: 'agreement_revenue_shares_pkey', columns: [t.invoiceId, t.position] }),
    check('agreement_revenue_shares_position_check', sql`${t.position} between 1 and ${t.shareCount}`),
    // The trigger finds a completed visit's parts by its agreement, month and location.
    index('agreement_revenue_shares_visit_idx').on(t.agreementId, t.period, t.locationId),
    // The report: parts earned by date.
    index('agreement_revenue_shares_earned_idx')
      .on(t.earnedOn)
      .where(sql`${t.earnedOn} is not null`),
  ],
);
