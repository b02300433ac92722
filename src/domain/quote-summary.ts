/**
 * What a quote is for and what it adds up to (issue 26, decision 031): the one computation behind
 * the quote's PDF, e-mail, customer page, the job's Quotes card and job_quotes.amount.
 *
 *   units       each completed inspection's repair options that have a price, and the chosen one
 *   items       the job's items of the quote's type (parts and labor for an inspection, repair or
 *               replacement quote; every item for an "other" quote); never the inspection fee
 *   grand total the chosen options + those items
 *   decline fee the $180.00 inspection fee, stated as what declining costs (not part of the total)
 *
 * An option is offered when it has a price of its own (its option cost is not zero); a repair
 * record with no priced option but other costs offers its selected option alone. A quote with no
 * offered option and no priced item has nothing to approve and is not sent (decision 031).
 */
import { INSPECTION_FEE_CODE } from './invoices/constants.js';
import { formatCents, sumCents } from './money.js';
import type { QuoteType } from './quote-templates.js';
import {
  INSPECTION_FEE_CENTS,
  quoteStatesDeclineFee,
  repairOptionTotals,
  type PublicQuoteView,
  type QuoteInspection,
  type QuoteItem,
} from './quotes.js';
import type { RepairPhase } from './repairs.js';

/** Which of the job's items a quote of each type lists (and whose addition asks for an update). */
export const QUOTE_ITEM_TYPES: Record<QuoteType, readonly QuoteItem['type'][]> = {
  inspection: ['part', 'labor'],
  repair: ['part', 'labor'],
  replacement: ['part', 'labor'],
  other: ['part', 'labor', 'item'],
};

export const isInspectionFeeItem = (item: Pick<QuoteItem, 'code'>): boolean =>
  item.code.trim().toUpperCase() === INSPECTION_FEE_CODE;

/** The job's items a quote of `type` lists, in the job's order. */
export function quoteItemsOf<T extends Pick<QuoteItem, 'code' | 'type'>>(type: QuoteType, items: readonly T[]): T[] {
  return items.filter((i) => QUOTE_ITEM_TYPES[type].includes(i.type) && !isInspectionFeeItem(i));
}

export interface QuoteSummaryOption {
  phase: RepairPhase;
  label: string;
  description: string;
  /** the repair total had this option been chosen */
  totalCents: number;
}

export interface QuoteSummaryUnit {
  inspectionId: string;
  /** the options offered to the customer (empty: nothing priced for this unit) */
  options: QuoteSummaryOption[];
  /** the selected option if offered, else the first offered one; null when none is offered */
  chosenPhase: RepairPhase | null;
  chosenTotalCents: number;
}

export interface QuoteSummary {
  quoteType: QuoteType;
  /** one per completed inspection, in the quote's order (none on an "other" quote) */
  units: QuoteSummaryUnit[];
  repairsTotalCents: number;
  items: QuoteItem[];
  itemsTotalCents: number;
  grandTotalCents: number;
  /** charged if the customer declines (null: an "other" quote states no fee) */
  declineFeeCents: number | null;
  /** something on the quote has a price: it can be sent for approval */
  priced: boolean;
}

/** The options of one repair record a customer is offered, with their totals. */
export function offeredOptions(inspection: QuoteInspection): QuoteSummaryOption[] {
  const repair = inspection.repair;
  if (!repair) return [];
  const totals = repairOptionTotals(repair);
  const all = repair.options.map((o) => ({
    phase: o.phase,
    label: o.label,
    description: o.description.trim() && o.description.trim() !== o.label ? o.description.trim() : '',
    totalCents: totals[o.phase],
  }));
  const priced = all.filter((o, n) => repair.options[n]!.costCents > 0 && o.totalCents > 0);
  if (priced.length) return priced;
  // Only the shared costs are priced (labor, permit...): the selected option alone, at that total.
  return all.filter((o) => o.phase === repair.selectedPhase && o.totalCents > 0);
}

/** The one amount function: what the quote lists and adds up to. */
export function quoteSummary(data: {
  quoteType: QuoteType;
  inspections: readonly QuoteInspection[];
  items: readonly QuoteItem[];
}): QuoteSummary {
  const units: QuoteSummaryUnit[] =
    data.quoteType === 'other'
      ? []
      : data.inspections.map((inspection) => {
          const options = offeredOptions(inspection);
          const chosen = options.find((o) => o.phase === inspection.repair?.selectedPhase) ?? options[0] ?? null;
          return {
            inspectionId: inspection.id,
            options,
            chosenPhase: chosen?.phase ?? null,
            chosenTotalCents: chosen?.totalCents ?? 0,
          };
        });
  const items = quoteItemsOf(data.quoteType, data.items);
  const repairsTotalCents = sumCents(units.map((u) => u.chosenTotalCents));
  const itemsTotalCents = sumCents(items.map((i) => i.totalCents));
  const grandTotalCents = repairsTotalCents + itemsTotalCents;
  return {
    quoteType: data.quoteType,
    units,
    repairsTotalCents,
    items,
    itemsTotalCents,
    grandTotalCents,
    declineFeeCents: quoteStatesDeclineFee(data.quoteType) ? INSPECTION_FEE_CENTS : null,
    priced: grandTotalCents > 0,
  };
}

/** Why a quote cannot be sent for approval: nothing on it has a price. */
export const NOTHING_PRICED_MESSAGE: Record<QuoteType, string> = {
  inspection:
    'Nothing on this quote has a price yet. Enter the repair options’ costs (or add priced parts or labor) before sending it for approval.',
  repair:
    'Nothing on this quote has a price yet. Enter the repair options’ costs (or add priced parts or labor) before sending it for approval.',
  replacement:
    'Nothing on this quote has a price yet. Enter the replacement options’ costs (or add priced parts or labor) before sending it for approval.',
  other: 'Nothing on this quote has a price yet. Add priced items before sending it for approval.',
};

export interface QuoteLine {
  label: string;
  amount: string;
}

/** "Inspection 1" (the customer page, e-mail and card name units this way). */
export const unitName = (index: number) => `Inspection ${index + 1}`;

/**
 * The quote's lines as text, for the e-mail and the Quotes card: each offered option (the chosen
 * one marked), each item, the total, and what declining costs.
 */
export function quoteSummaryLines(summary: QuoteSummary): {
  lines: QuoteLine[];
  total: string;
  declineFee: string | null;
} {
  const lines: QuoteLine[] = [];
  summary.units.forEach((unit, n) => {
    for (const option of unit.options) {
      lines.push({
        label: `${unitName(n)}: ${option.label}${option.phase === unit.chosenPhase ? ' (selected)' : ''}`,
        amount: formatCents(option.totalCents),
      });
    }
  });
  for (const item of summary.items) {
    lines.push({ label: `${item.name} x ${item.quantity}`, amount: formatCents(item.totalCents) });
  }
  return {
    lines,
    total: formatCents(summary.grandTotalCents),
    declineFee: summary.declineFeeCents === null ? null : formatCents(summary.declineFeeCents),
  };
}

/** The customer page's total for the options chosen there (unchosen units keep the quote's choice), plus the items. */
export function publicQuoteTotalCents(
  view: Pick<PublicQuoteView, 'inspections' | 'items'>,
  chosen: ReadonlyMap<string, RepairPhase>,
): number {
  const options = sumCents(
    view.inspections.map((i) => {
      const phase = chosen.get(i.id) ?? i.selectedPhase;
      return i.options?.find((o) => o.phase === phase)?.totalCents ?? 0;
    }),
  );
  return options + sumCents(view.items.map((i) => i.totalCents));
}

/** The words of a quote's customer page, by type (its e-mail's default wording says the same). */
export interface QuoteWording {
  title: string;
  approve: string;
  deny: string;
  /** "repairs" / "replacement" / "quote": what is approved */
  subject: string;
  optionLegend: string;
  approvedTitle: string;
  declinedTitle: string;
}

export const QUOTE_WORDING: Record<QuoteType, QuoteWording> = {
  inspection: {
    title: 'Inspection Quote',
    approve: 'Approve Repairs',
    deny: 'Deny Repairs',
    subject: 'repairs',
    optionLegend: 'Repair option',
    approvedTitle: 'Repairs Approved',
    declinedTitle: 'Repairs Declined',
  },
  repair: {
    title: 'Repair Quote',
    approve: 'Approve Repairs',
    deny: 'Deny Repairs',
    subject: 'repairs',
    optionLegend: 'Repair option',
    approvedTitle: 'Repairs Approved',
    declinedTitle: 'Repairs Declined',
  },
  replacement: {
    title: 'Replacement Quote',
    approve: 'Approve Replacement',
    deny: 'Deny Replacement',
    subject: 'replacement',
    optionLegend: 'Replacement option',
    approvedTitle: 'Replacement Approved',
    declinedTitle: 'Replacement Declined',
  },
  other: {
    title: 'Quote',
    approve: 'Approve Quote',
    deny: 'Decline Quote',
    subject: 'quote',
    optionLegend: 'Option',
    approvedTitle: 'Quote Approved',
    declinedTitle: 'Quote Declined',
  },
};
