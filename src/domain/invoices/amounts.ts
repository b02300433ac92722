import { addDays } from '../dates.js';
import { sumCents } from '../money.js';
import {
  INSPECTION_FEE_CENTS,
  INSPECTION_FEE_CODE,
  INSPECTION_FEE_NAME,
  INVOICE_NET_DAYS,
  type InvoiceItemType,
  type InvoiceType,
} from './constants.js';

// Amount rules by type (section 9)

/** A job item as an invoice reads it. */
export interface BillableItem {
  /** The job item's id (job_items.id). */
  id: string;
  code: string;
  name: string;
  type: InvoiceItemType;
  quantity: number;
  unitCents: number;
  totalCents: number;
}

/** A repair record as an invoice reads it: its total and the option the customer chose. */
export interface BillableRepair {
  totalCents: number;
  label: string;
}

/** A line about to be written to an invoice. */
export interface InvoiceLineDraft {
  code: string;
  name: string;
  itemType: InvoiceItemType | null;
  quantity: number;
  /** The job item the line is copied from; null for a typed, fee or repair line. */
  jobItemId: string | null;
  unitCents: number;
  totalCents: number;
}

export const isInspectionFee = (item: Pick<BillableItem, 'code'>): boolean =>
  item.code.trim().toUpperCase() === INSPECTION_FEE_CODE;

/** The job items an invoice of `type` bills: standard all but the fee; replacement the parts; repair labor and other items but the fee; inspection none (its fee is fixed). */
export function itemsForType(type: InvoiceType, items: readonly BillableItem[]): BillableItem[] {
  switch (type) {
    case 'standard':
      return items.filter((i) => !isInspectionFee(i));
    case 'replacement':
      return items.filter((i) => i.type === 'part' && !isInspectionFee(i));
    case 'repair':
      return items.filter((i) => (i.type === 'labor' || i.type === 'item') && !isInspectionFee(i));
    case 'inspection':
      return [];
  }
}

export const inspectionFeeLine = (): InvoiceLineDraft => ({
  code: INSPECTION_FEE_CODE,
  name: INSPECTION_FEE_NAME,
  itemType: 'item',
  quantity: 1,
  jobItemId: null,
  unitCents: INSPECTION_FEE_CENTS,
  totalCents: INSPECTION_FEE_CENTS,
});

export type InvoicePlan = { ok: true; lines: InvoiceLineDraft[]; amountCents: number } | { ok: false; reason: string };

const NOTHING_TO_BILL: Record<Exclude<InvoiceType, 'inspection'>, string> = {
  standard: 'The job has no items to bill',
  replacement: 'The job has no part items to bill',
  repair: 'The job has no labor or other items and no repair totals to bill',
};

/**
 * The lines and amount of a new invoice of `type` for a job: its items per the type rule, the fixed
 * $180.00 fee for an inspection invoice, and for a repair invoice whose items total zero, one line
 * per repair record with a total. Nothing to bill is refused with the reason the Create Invoice
 * dialog shows.
 */
export function planInvoice(
  type: InvoiceType,
  items: readonly BillableItem[],
  repairs: readonly BillableRepair[] = [],
): InvoicePlan {
  if (type === 'inspection') return { ok: true, lines: [inspectionFeeLine()], amountCents: INSPECTION_FEE_CENTS };
  let lines: InvoiceLineDraft[] = itemsForType(type, items).map((i) => ({
    code: i.code,
    name: i.name,
    itemType: i.type,
    quantity: i.quantity,
    jobItemId: i.id,
    unitCents: i.unitCents,
    totalCents: i.totalCents,
  }));
  let amountCents = sumCents(lines.map((l) => l.totalCents));
  if (amountCents === 0 && type === 'repair') {
    lines = repairs
      .filter((r) => r.totalCents > 0)
      .map((r) => ({
        code: 'REPAIR',
        name: `Repair: ${r.label}`,
        itemType: null,
        quantity: 1,
        jobItemId: null,
        unitCents: r.totalCents,
        totalCents: r.totalCents,
      }));
    amountCents = sumCents(lines.map((l) => l.totalCents));
  }
  if (amountCents === 0) return { ok: false, reason: NOTHING_TO_BILL[type] };
  return { ok: true, lines, amountCents };
}

/** quantity x unit price, to the cent (quantities have at most 2 decimals). */
export function lineTotalCents(quantity: number, unitCents: number): number {
  const hundredths = Math.round(quantity * 100);
  return Math.round((hundredths * unitCents) / 100);
}

/** The invoice's amount: the sum of its lines. */
export function invoiceAmountCents(lines: readonly Pick<InvoiceLineDraft, 'totalCents'>[]): number {
  return sumCents(lines.map((l) => l.totalCents));
}

/** JOB-{jobNumber}-INV-{4 random digits}; `random` returns [0, 1). */
export function invoiceNumber(jobNumber: number, random: () => number = Math.random): string {
  const digits = String(Math.floor(random() * 10_000)).padStart(4, '0');
  return `JOB-${jobNumber}-INV-${digits}`;
}

/** Due 30 days after creation (terms Net 30); `createdOn` is the creation date in the company's time zone. */
export const dueDateFor = (createdOn: string): string => addDays(createdOn, INVOICE_NET_DAYS);

/**
 * On send the issue date is today; a draft kept past its due date would then be due before it was
 * issued, so its due date moves to Net 30 from the issue date.
 */
export function dueDateOnSend(dueDate: string | null, issuedOn: string): string {
  return dueDate && dueDate >= issuedOn ? dueDate : addDays(issuedOn, INVOICE_NET_DAYS);
}
