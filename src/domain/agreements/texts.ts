import { formatCents } from '../money.js';

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

/**
 * What a visit's technician may repair without a new approval: the agreement's not-to-exceed, as
 * the visit job's description and the job page's agreement note say it.
 */
export function repairLimitText(notToExceedCents: number | null): string {
  return notToExceedCents === null
    ? "Every repair needs the customer's approval."
    : `Repairs up to ${formatCents(notToExceedCents)} need no new approval.`;
}
