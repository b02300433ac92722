/**
 * Agreement billing's texts without its schemas, so a screen that shows them (Home's Deferred Revenue
 * card) loads no zod on its first paint (decision 057).
 */

/** The report's texts (the financial report's style). */
export const DEFERRED_REVENUE_TEXTS = {
  title: 'Deferred Revenue',
  description:
    'Agreement invoices billed in advance are deferred and earned visit by visit, when each visit’s job is completed.',
  billed: 'Billed in Advance',
  earned: 'Earned',
  deferred: 'Deferred at Month End',
  empty: 'No agreement invoices billed in advance in this range',
  homeCard: 'Deferred Revenue',
  homeHint: 'Billed in advance, not yet earned',
} as const;
