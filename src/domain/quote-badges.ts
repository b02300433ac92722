/**
 * The job page's decision badges, without zod (decision 062): the page draws its Summary card
 * before the code of its quote, inspection and invoice cards has loaded; quotes.ts re-exports these.
 */
import type { QuoteType } from './quote-templates.js';

/** A quote type as a person names it (the job's badges). */
export const QUOTE_TYPE_NAMES: Record<QuoteType, string> = {
  inspection: 'Inspection Quote',
  repair: 'Repair Quote',
  replacement: 'Replacement Quote',
  other: 'Quote',
};

/** "Repair Approved (Inspection Quote)", "Repair Declined (Replacement Quote, Repair Quote)": what each badge stands for. */
export function decisionBadgeText(decision: 'approved' | 'declined', types: readonly QuoteType[]): string {
  const head = decision === 'approved' ? 'Repair Approved' : 'Repair Declined';
  return types.length ? `${head} (${types.map((t) => QUOTE_TYPE_NAMES[t]).join(', ')})` : head;
}
