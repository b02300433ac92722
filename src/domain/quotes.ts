/**
 * What a quote shows and what it adds up to (part 2 sections 3, 4 and 9): the data a quote PDF is
 * printed from, the three repair options with their totals, and the grand total per quote type.
 */
import { sumCents } from './money.js';
import type { QuoteType } from './quote-templates.js';
import { REPAIR_PHASE_LABELS, REPAIR_PHASES, repairTotalCents, type RepairPhase } from './repairs.js';

/** Charged when a customer declines the repairs (section 9). */
export const INSPECTION_FEE_CENTS = 18_000;

export interface QuoteRepair {
  options: { phase: RepairPhase; label: string; description: string; costCents: number }[];
  selectedPhase: RepairPhase;
  laborCents: number;
  refrigerationRecoveryCents: number;
  startUpCents: number;
  thermostatStartupCents: number;
  removalCents: number;
  permitCents: number;
  accessories: { name: string; costCents: number }[];
  additionalItems: { name: string; costCents: number }[];
  needsCrane: boolean;
  warranty: string | null;
}

export interface QuoteInspection {
  id: string;
  modelNumber: string | null;
  serialNumber: string | null;
  age: number | null;
  tonnage: string | null;
  unitType: string | null;
  systemType: string | null;
  repair: QuoteRepair | null;
}

export interface QuoteItem {
  code: string;
  name: string;
  type: 'part' | 'labor' | 'item';
  quantity: number;
  unitCostCents: number;
  totalCents: number;
}

export interface QuoteDocumentData {
  quoteType: QuoteType;
  /** null in a preview made before a number is chosen */
  quoteNumber: string | null;
  /** yyyy-mm-dd in the company's time zone */
  date: string;
  company: { name: string; addressLines: string[]; phone: string };
  job: { id: string; number: number; name: string; description: string; customerPo: string | null; contactName: string | null; contactEmail: string | null; contactPhone: string | null };
  customerCompany: string;
  location: { name: string; buildingName: string | null; address: string; city: string; state: string; zip: string };
  unit: { unitNumber: string } | null;
  /** completed inspections, oldest first, each with its repair record */
  inspections: QuoteInspection[];
  items: QuoteItem[];
  /** the customer page's links; null in a preview (no token yet) */
  links: { approveUrl: string; denyUrl: string } | null;
}

/** Each option's price: the repair total (section 9) as if that option were chosen. */
export function repairOptionTotals(repair: QuoteRepair): Record<RepairPhase, number> {
  const phaseCents = Object.fromEntries(repair.options.map((o) => [o.phase, o.costCents])) as Record<RepairPhase, number>;
  for (const phase of REPAIR_PHASES) phaseCents[phase] ??= 0;
  const base = {
    phaseCents,
    laborCents: repair.laborCents,
    refrigerationRecoveryCents: repair.refrigerationRecoveryCents,
    startUpCents: repair.startUpCents,
    thermostatStartupCents: repair.thermostatStartupCents,
    removalCents: repair.removalCents,
    permitCents: repair.permitCents,
    accessoriesCents: repair.accessories.map((a) => a.costCents),
    additionalItemsCents: repair.additionalItems.map((a) => a.costCents),
  };
  return Object.fromEntries(REPAIR_PHASES.map((phase) => [phase, repairTotalCents({ ...base, selectedPhase: phase })])) as Record<RepairPhase, number>;
}

/** The chosen options' totals, summed over the inspections. */
export function chosenRepairsTotalCents(inspections: readonly QuoteInspection[]): number {
  return sumCents(inspections.map((i) => (i.repair ? repairOptionTotals(i.repair)[i.repair.selectedPhase] : 0)));
}

export function itemsTotalCents(items: readonly QuoteItem[]): number {
  return sumCents(items.map((i) => i.totalCents));
}

/**
 * The grand total a quote shows: the chosen repair options for inspection, repair and replacement
 * quotes (an inspection quote also states the $180.00 fee charged if the repairs are declined);
 * the job's items for other quotes.
 */
export function quoteGrandTotalCents(data: Pick<QuoteDocumentData, 'quoteType' | 'inspections' | 'items'>): number {
  return data.quoteType === 'other' ? itemsTotalCents(data.items) : chosenRepairsTotalCents(data.inspections);
}

export const QUOTE_TITLES: Record<QuoteType, string> = {
  inspection: 'INSPECTION QUOTE',
  repair: 'REPAIR QUOTE',
  replacement: 'REPLACEMENT QUOTE',
  other: 'QUOTE',
};

/** The customer page's links (issue 13): the answer is only preselected, the customer's click decides. */
export function quoteConfirmLinks(publicUrl: string, token: string): { approveUrl: string; denyUrl: string } {
  const base = `${publicUrl.replace(/\/$/, '')}/quote/confirm/${encodeURIComponent(token)}`;
  return { approveUrl: `${base}?approve=true`, denyUrl: `${base}?approve=false` };
}

/** Download name of a quote PDF (part 2, "Quote preview"). */
export function quotePdfFileName(jobId: string, quoteType: QuoteType): string {
  return `quote-${jobId}-${quoteType}.pdf`;
}

/** A repair record's phase label ("Standard Option") and its own description when it says more. */
export function optionLabel(phase: RepairPhase): string {
  return REPAIR_PHASE_LABELS[phase];
}

/** "03/07/2026" from "2026-03-07" (dates are shown in US format). */
export function usDate(isoDate: string): string {
  const [y, m, d] = isoDate.split('-');
  return `${m}/${d}/${y}`;
}
