/**
 * Views made by hand-written migrations, declared as table shapes so repos can read them through
 * the query builder and the typed raw-query helpers (tableAlias, from, selection). This file lies
 * outside ./schema/, so drizzle-kit never tries to create them as tables.
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { pgTable, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { DECIDED_QUOTE_STATUSES, type QuoteStatus } from '../../domain/quotes.js';
import { money } from './schema/columns.js';

/**
 * The job's latest quote (by send time), migration 0015, decision 018. The job's quote badges, the
 * home counts and the lists derive from it; a job with no row has never sent a quote. Its status is
 * the stored one: read it through quoteStatusAt, so a sent quote past its expiry counts as expired.
 */
export const jobLatestQuotes = pgTable('job_latest_quotes', {
  jobId: uuid('job_id').notNull(),
  quoteId: uuid('quote_id').notNull(),
  quoteNumber: varchar('quote_number', { length: 40 }).notNull(),
  quoteType: varchar('quote_type', { length: 20 }).notNull(),
  status: varchar('status', { length: 12 }).notNull(),
  amount: money('amount').notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull(),
  decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/*
 * The quote rules of src/domain/quotes.ts in SQL: one twin each, for queries that decide in the
 * database (views.test.ts checks every twin against its TypeScript rule). The trigger of migration
 * 0027 keeps only facts (a sent quote's expiry), never the rule: home.repo compares them at `now`.
 */

/** SQL twin of isDecidedQuoteStatus: the customer approved or declined (`status in ('approved', 'declined')`). */
export function quoteDecided(status: SQLWrapper): SQL<boolean> {
  return sql<boolean>`${status} in (${sql.raw(DECIDED_QUOTE_STATUSES.map((s) => `'${s}'`).join(', '))})`;
}

/** SQL twin of isOpenQuoteAt: sent and not past its expiry at `now` (the app's clock). */
export function quoteOpenAt(quote: { status: SQLWrapper; expiresAt: SQLWrapper }, now: Date): SQL<boolean> {
  return sql<boolean>`${quote.status} = 'sent' and ${quote.expiresAt} > ${now.toISOString()}::timestamptz`;
}

/** SQL twin of effectiveQuoteStatus: a quote's status at `now`; an unanswered quote past its expiry is expired. */
export function quoteStatusAt(quote: { status: unknown; expiresAt: unknown }, now: Date): SQL<QuoteStatus> {
  return sql<QuoteStatus>`(case when ${quote.status} = 'sent' and ${quote.expiresAt} <= ${now.toISOString()}::timestamptz then 'expired' else ${quote.status} end)`;
}

/**
 * SQL twin of homeRules.openDeficiency (src/domain/home.ts, decision 044): a repair record with a
 * total, not marked resolved, not added to a later job, whose job's latest quote (`latestStatus`,
 * null when none) is not answered. The Home list, the company asset report, the unit's open
 * recommendations and (with its own "not quoted" narrowing) the service opportunities use it; the
 * Home counters' trigger (migrations 0027, 0047) keeps a frozen copy, checked by home-counters.test.ts.
 */
export function openRepair(
  repair: { totalCost: SQLWrapper; resolvedAt: SQLWrapper; carriedToRepairId: SQLWrapper },
  latestStatus: SQLWrapper,
): SQL<boolean> {
  return sql<boolean>`(${repair.totalCost} > 0 and ${repairUnsettled(repair)} and ${latestStatus} is distinct from 'approved' and ${latestStatus} is distinct from 'declined')`;
}

/** Nobody settled the repair another way: not marked resolved, not added to a later job (part of openRepair). */
export function repairUnsettled(repair: { resolvedAt: SQLWrapper; carriedToRepairId: SQLWrapper }): SQL<boolean> {
  return sql<boolean>`(${repair.resolvedAt} is null and ${repair.carriedToRepairId} is null)`;
}
