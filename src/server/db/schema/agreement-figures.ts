/**
 * The pull-through report at scale (decision 060, migration agreement-figures): each agreement's
 * figures (decision 053), kept by statement-level triggers on the tables they come from in the same
 * transaction as the change, so the report sorts by a figure through an index instead of
 * aggregating every agreement's visits, quotes, invoices, parts and hours on each request.
 */
import { bigint, index, integer, pgTable, uuid } from 'drizzle-orm/pg-core';
import { agreements } from './agreements.js';

const cents = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/**
 * One row per agreement. visits_done: its visit jobs completed; quoted / approved: the repair and
 * replacement quotes on its jobs (the visit jobs and the jobs holding repairs carried from them),
 * not superseded or withdrawn / approved; repair_revenue: their issued and paid invoices less tax
 * (not the agreement's own billing); parts_cost and labor_minutes: the parts and hours of those
 * jobs; revenue: the agreement's revenue (agreementRevenueCents: the price); labor_rate: the
 * company's labor cost per hour the row was priced at; labor_cost and profit: the domain's
 * laborCostCents and agreementProfitability of those (SQL twin: agreement_figures_apply).
 */
export const agreementFigures = pgTable(
  'agreement_figures',
  {
    agreementId: uuid('agreement_id')
      .primaryKey()
      .references(() => agreements.id, { onDelete: 'cascade' }),
    visitsDone: integer('visits_done').notNull().default(0),
    quotedCount: integer('quoted_count').notNull().default(0),
    quotedCents: cents('quoted_cents'),
    approvedCount: integer('approved_count').notNull().default(0),
    approvedCents: cents('approved_cents'),
    repairRevenueCents: cents('repair_revenue_cents'),
    partsCostCents: cents('parts_cost_cents'),
    laborMinutes: cents('labor_minutes'),
    revenueCents: cents('revenue_cents'),
    laborRateCents: cents('labor_rate_cents'),
    laborCostCents: cents('labor_cost_cents'),
    profitCents: cents('profit_cents'),
  },
  (t) => [
    // The report's sorts by a figure: walked in either direction, the agreement's id breaking ties.
    index('agreement_figures_visits_done_idx').on(t.visitsDone, t.agreementId),
    index('agreement_figures_approved_idx').on(t.approvedCents, t.agreementId),
    index('agreement_figures_repair_revenue_idx').on(t.repairRevenueCents, t.agreementId),
    index('agreement_figures_profit_idx').on(t.profitCents, t.agreementId),
  ],
);
