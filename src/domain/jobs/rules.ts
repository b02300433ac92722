import { lineTotalCents } from '../invoices/amounts.js';
import { type JobStatus } from '../home.js';
import { sumCents } from '../money.js';
import { DURATION_STEP_MINUTES, FORM_DURATION_LIMITS, type JobItemType, NON_CONTRACT } from './constants.js';

// Rules

/** A new job is scheduled when both schedule date and time are given, otherwise unscheduled. */
export function statusFromSchedule(
  scheduleDate: string | null | undefined,
  scheduleTime: string | null | undefined,
): 'scheduled' | 'unscheduled' {
  return scheduleDate && scheduleTime ? 'scheduled' : 'unscheduled';
}

export function isOnDurationGrid(minutes: number): boolean {
  return Number.isInteger(minutes) && minutes % DURATION_STEP_MINUTES === 0;
}

/** The durations a picker offers, in minutes: 60, 90, ... 240 by default. */
export function durationChoices(limits: { min: number; max: number } = FORM_DURATION_LIMITS): number[] {
  const out: number[] = [];
  for (let m = limits.min; m <= limits.max; m += DURATION_STEP_MINUTES) out.push(m);
  return out;
}

/** Minutes -> "h:mm" (90 -> "1:30"). */
export function formatDurationHm(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${h}:${String(m).padStart(2, '0')}`;
}

/** "h:mm" -> minutes ("1:30" -> 90); null when it is not h:mm. */
export function parseDurationHm(text: string): number | null {
  const match = /^(\d{1,2}):([0-5]\d)$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 60 + Number(match[2]);
}

/** A line's total: quantity (at most 2 decimals: labor hours) x unit price, in cents, half up. */
export function itemTotalCents(quantity: number, unitCostCents: number): number {
  if (!Number.isInteger(unitCostCents)) throw new RangeError('Unit cost must be a whole number of cents');
  return lineTotalCents(quantity, unitCostCents);
}

/** The job's cost badge and grand total: the sum of its items' totals. */
export function jobCostTotalCents(items: readonly { totalCents: number }[]): number {
  return sumCents(items.map((i) => i.totalCents));
}

/** Totals per item type (the three tables on the Items tab) and the grand total. */
export function itemTotalsByType(
  items: readonly { type: JobItemType; totalCents: number }[],
): Record<JobItemType | 'all', number> {
  const out = { part: 0, labor: 0, item: 0, all: 0 };
  for (const i of items) {
    out[i.type] += i.totalCents;
    out.all += i.totalCents;
  }
  return out;
}

/** A job has a service contract when one of the six contracts is chosen (not empty, not Non-Contract). */
export function hasServiceContract(serviceContract: string | null | undefined): boolean {
  return Boolean(serviceContract) && serviceContract !== NON_CONTRACT;
}

/**
 * A part's unit price on a job: its PM-contract flat rate when the job has a service contract,
 * its non-contract flat rate otherwise. Labor and other items charge their unit cost.
 */
export function partUnitPriceCents(
  part: { flatRateNonContractCents: number; flatRatePmContractCents: number },
  serviceContract: string | null | undefined,
): number {
  return hasServiceContract(serviceContract) ? part.flatRatePmContractCents : part.flatRateNonContractCents;
}

/** Dollars as typed (2 decimals) -> cents. */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** The first technician chosen is primary. */
export function technicianRows(technicianIds: readonly string[]): { technicianId: string; isPrimary: boolean }[] {
  return technicianIds.map((technicianId, index) => ({ technicianId, isPrimary: index === 0 }));
}

/** Complete is offered (and allowed) only when the job is neither completed nor cancelled. */
export function canComplete(status: JobStatus): boolean {
  return status !== 'completed' && status !== 'cancelled';
}
export function canCancel(status: JobStatus): boolean {
  return status !== 'completed' && status !== 'cancelled';
}
