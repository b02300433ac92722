import {
  OPPORTUNITY_KIND_LABELS,
  replacementReasonText,
  type OpportunityKind,
} from '../../../domain/opportunity-rules';
import type { Opportunity } from '../../../domain/opportunities';
import { DECLINE_REASON_LABELS, type DeclineReason } from '../../../domain/quote-decline';
import type { BadgeTone } from '../../ui/badge';

export const KIND_TONES: Record<OpportunityKind, BadgeTone> = {
  unquoted_repair: 'amber',
  awaiting_customer: 'blue',
  declined_quote: 'red',
  replacement: 'purple',
};

/** "Job #1042 · Unit RTU-4": what the row is about, for dialogs and labels. */
export function opportunityTitle(o: Opportunity): string {
  const parts = [OPPORTUNITY_KIND_LABELS[o.kind]];
  if (o.kind !== 'replacement' && o.jobNumber !== null) parts.push(`Job #${o.jobNumber}`);
  if (o.unitNumber) parts.push(`Unit ${o.unitNumber}`);
  return parts.join(' · ');
}

/** The row's detail line: the option, the quote, the reason declined, why replace. */
export function opportunityDetailText(o: Opportunity): string {
  switch (o.kind) {
    case 'unquoted_repair':
      return o.optionLabel ? `${o.optionLabel} priced, never quoted` : 'Priced, never quoted';
    case 'awaiting_customer':
      return `Quote ${o.quoteNumber ?? ''} (${o.quoteType ?? ''}) awaiting the customer`;
    case 'declined_quote': {
      const reason = o.declineReason
        ? (DECLINE_REASON_LABELS[o.declineReason as DeclineReason] ?? o.declineReason)
        : null;
      return [`Quote ${o.quoteNumber ?? ''} declined`, reason, o.declineComment].filter(Boolean).join(': ');
    }
    case 'replacement':
      return o.replacementReason ? replacementReasonText(o.replacementReason, o.unitAgeYears) : '';
  }
}

export const ageText = (days: number) => (days === 1 ? '1 day' : `${days} days`);
