import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  effectiveQuoteStatus,
  isDecidedQuoteStatus,
  isOpenQuoteAt,
  QUOTE_STATUSES,
  type QuoteStatus,
} from '../../domain/quotes';
import { homeRules } from '../../domain/home';
import { openRepair, quoteDecided, quoteOpenAt, quoteStatusAt } from './views';

/** Every SQL twin of a quote rule says what its TypeScript rule says, for every status and expiry. */
const client = new PGlite();
const db = drizzle(client);
beforeAll(() => client.waitReady, 60_000);
afterAll(() => client.close());

const now = new Date('2026-11-27T12:00:00Z');
const EXPIRIES = [
  '2026-11-27T11:59:59.999Z',
  '2026-11-27T12:00:00Z',
  '2026-11-27T12:00:00.001Z',
  '2027-01-01T00:00:00Z',
];
const cases = QUOTE_STATUSES.flatMap((status) => EXPIRIES.map((expiresAt) => ({ status, expiresAt })));

describe('the quote rules and their SQL twins (db/views.ts) agree', () => {
  it.each(cases)('$status, expiring $expiresAt', async ({ status, expiresAt }) => {
    const quote = { status: sql`${status}::varchar`, expiresAt: sql`${expiresAt}::timestamptz` };
    const { rows } = await db.execute<{ decided: boolean; open: boolean; status: QuoteStatus }>(
      sql`select ${quoteDecided(quote.status)} as decided, (${quoteOpenAt(quote, now)}) as open, ${quoteStatusAt(quote, now)} as status`,
    );
    expect(rows[0]).toEqual({
      decided: isDecidedQuoteStatus(status),
      open: isOpenQuoteAt({ status, expiresAt }, now),
      status: effectiveQuoteStatus({ status, expiresAt }, now),
    });
  });
});

/** The open-repair rule (homeRules.openDeficiency, decision 044) and its SQL twin, for every quote status and settlement. */
describe('the open-repair rule and its SQL twin openRepair agree', () => {
  const repairCases = [null, ...QUOTE_STATUSES].flatMap((quoteStatus) =>
    [0, 125_000].flatMap((totalCents) =>
      [
        { resolvedAt: null, carriedToRepairId: null },
        { resolvedAt: '2026-11-20T10:00:00Z', carriedToRepairId: null },
        { resolvedAt: null, carriedToRepairId: '0b6c6f5e-4a33-4b6e-9a53-8f2f8a0e7f11' },
      ].map((settled) => ({ quoteStatus, totalCents, ...settled })),
    ),
  );
  it.each(repairCases)(
    'quote $quoteStatus, total $totalCents, resolved $resolvedAt, carried $carriedToRepairId',
    async ({ quoteStatus, totalCents, resolvedAt, carriedToRepairId }) => {
      const repair = {
        totalCost: sql`${(totalCents / 100).toFixed(2)}::numeric(12,2)`,
        resolvedAt: sql`${resolvedAt}::timestamptz`,
        carriedToRepairId: sql`${carriedToRepairId}::uuid`,
      };
      const { rows } = await db.execute<{ open: boolean }>(
        sql`select ${openRepair(repair, sql`${quoteStatus}::varchar`)} as open`,
      );
      expect(rows[0]!.open).toBe(
        homeRules.openDeficiency({ totalCents, resolvedAt, carriedToRepairId }, { quoteStatus }),
      );
    },
  );
});
