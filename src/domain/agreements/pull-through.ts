/**
 * An agreement's pull-through (issue 29 item 4, decision 053): visits done against planned, the
 * repairs quoted and approved on its jobs, the repair revenue, and its profitability. Every amount
 * is integer cents; each is computed by one function here. Its one SQL twin is the trigger function
 * `agreement_figures_apply` (migration 0062, decision 060), which keeps each agreement's figures and
 * profit for the report's sorts; tests/api/agreement-figures.test.ts compares the two.
 */
import { visitDates, type VisitRule } from './recurrence.js';

/**
 * The agreement's own revenue: the contract value of its term (its price). One function, so the
 * billing work can switch it to the invoiced amounts of the agreement without touching the report.
 */
export function agreementRevenueCents(agreement: { priceCents: number }): number {
  return agreement.priceCents;
}

/** The cost of `minutes` of work at `rateCentsPerHour`, rounded half up to the cent. */
export function laborCostCents(minutes: number, rateCentsPerHour: number): number {
  if (!Number.isInteger(minutes) || minutes < 0) throw new RangeError(`Not a number of minutes: ${minutes}`);
  if (!Number.isInteger(rateCentsPerHour) || rateCentsPerHour < 0)
    throw new RangeError(`Not a rate in cents: ${rateCentsPerHour}`);
  return Math.floor((minutes * rateCentsPerHour + 30) / 60);
}

export interface ProfitInputs {
  agreementRevenueCents: number;
  repairRevenueCents: number;
  laborMinutes: number;
  laborRateCents: number;
  partsCostCents: number;
}

export interface Profitability {
  agreementRevenueCents: number;
  repairRevenueCents: number;
  laborMinutes: number;
  laborCostCents: number;
  partsCostCents: number;
  profitCents: number;
  /** Profit as a share of the revenue, in tenths of a percent (-123 = -12.3 %); null with no revenue. */
  marginPermille: number | null;
}

/** Agreement revenue + repair revenue - the hours at the labor rate - the parts' cost. */
export function agreementProfitability(inputs: ProfitInputs): Profitability {
  const labor = laborCostCents(inputs.laborMinutes, inputs.laborRateCents);
  const revenue = inputs.agreementRevenueCents + inputs.repairRevenueCents;
  const profit = revenue - labor - inputs.partsCostCents;
  return {
    agreementRevenueCents: inputs.agreementRevenueCents,
    repairRevenueCents: inputs.repairRevenueCents,
    laborMinutes: inputs.laborMinutes,
    laborCostCents: labor,
    partsCostCents: inputs.partsCostCents,
    profitCents: profit,
    // Half away from zero, in integers.
    marginPermille:
      revenue === 0 ? null : Math.sign(profit) * Math.floor((Math.abs(profit) * 1000 + revenue / 2) / revenue),
  };
}

/** 123 -> "12.3 %", -5 -> "-0.5 %". */
export function formatPermille(permille: number): string {
  const sign = permille < 0 ? '-' : '';
  const abs = Math.abs(permille);
  return `${sign}${Math.floor(abs / 10)}.${abs % 10} %`;
}

export interface PlannedVisitsInput {
  rule: VisitRule;
  startDate: string;
  endDate: string;
  /** Plan dates before this follow an earlier plan (or were before the agreement was entered). */
  planFrom: string;
  /** How many locations the agreement covers: a visit is one job per location. */
  locations: number;
  /** The visits already made before `planFrom`: all of them, and those dated on or before today. */
  madeBeforePlanFrom: { total: number; toDate: number };
  today: string;
}

/**
 * Visits planned: over the whole term and up to today. Before `planFrom` the visits made count (an
 * earlier plan, or none when the agreement was entered late); from it on, the plan's dates times
 * the covered locations. A cancelled agreement plans nothing after its cancellation, which the
 * caller says by passing the cancellation date as `endDate`.
 */
export function plannedVisits(input: PlannedVisitsInput): { termToDate: number; wholeTerm: number } {
  const from = input.planFrom > input.startDate ? input.planFrom : input.startDate;
  const count = (to: string) =>
    to < from ? 0 : visitDates(input.rule, input.startDate, from, to).length * input.locations;
  const toDate = input.today < input.endDate ? input.today : input.endDate;
  return {
    wholeTerm: input.madeBeforePlanFrom.total + count(input.endDate),
    termToDate: input.madeBeforePlanFrom.toDate + count(toDate),
  };
}
