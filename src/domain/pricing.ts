/**
 * The part flat-rate formula, in integer cents.
 *
 *   adjusted rate    = labor rate, + 50 per hour when more than one technician is needed
 *   labor            = estimated hours x complexity x adjusted rate, rounded to the cent
 *   base             = parts cost + labor + truck fee + roof access fee (when included)
 *   non-contract     = base x 1.35, rounded to the whole dollar (half up)
 *   PM contract      = non-contract x 0.9, rounded to the whole dollar (half up)
 *   unit cost        = the non-contract flat rate (what the price book and job items charge)
 *
 * Why whole dollars: both flat rates and the repair total are "rounded"
 * (src/domain/repairs.ts), the original product rounded the dollar figure with Math.round, and a
 * flat-rate price book quotes customers whole-dollar prices. The base stays exact to the cent, so the
 * "why this price" line can be checked by hand: $170.00 x 1.35 = $229.50, rounded to $230.
 *
 * All arithmetic is done on integers (cents and hundredths) with BigInt, so no binary floating
 * point can move a price across a rounding boundary (7000 x 1.35 is 9450.000000000002 in doubles).
 * Hours and the complexity multiplier carry at most 2 decimals (numeric(6,2) and numeric(4,2)).
 *
 * This one function serves the browser (the live figures in the Part tab) and the server (which
 * stores what it computes and ignores any figure the browser sends).
 */
export const PRICING_DEFAULTS = {
  laborRateCents: 6000,
  truckFeeCents: 1000,
  roofAccessFeeCents: 7500,
  multiTechnicianMarkupCents: 5000,
  nonContractMultiplier: 1.35,
  pmContractMultiplier: 0.9,
  complexityMultiplier: 1,
} as const;

/** The multipliers as exact fractions (numerator / denominator) for the integer arithmetic. */
const NON_CONTRACT = { num: 135n, den: 100n } as const;
const PM_CONTRACT = { num: 9n, den: 10n } as const;

export interface PartPriceInput {
  partsCostCents: number;
  /** at most 2 decimals */
  estimatedHours: number;
  /** at most 2 decimals */
  complexityMultiplier: number;
  laborRateCents: number;
  multiTechnician: boolean;
  truckFeeCents: number;
  includeRoofAccess: boolean;
  roofAccessFeeCents: number;
}

export interface PartPrice {
  /** labor rate plus the multi-technician markup when it applies (stored as adjusted_labor_cost) */
  adjustedLaborRateCents: number;
  /** hours x complexity x adjusted rate, rounded to the cent */
  laborCents: number;
  /** the roof access fee counted in the base: the fee when included, else 0 */
  roofAccessCents: number;
  totalBaseCents: number;
  flatRateNonContractCents: number;
  flatRatePmContractCents: number;
  unitCostCents: number;
}

/** numerator / denominator rounded half away from zero, exactly. */
function divRound(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const q = (2n * n + d) / (2n * d);
  return negative ? -q : q;
}

/** A decimal with at most 2 places as an exact count of hundredths (1.25 -> 125). */
function hundredths(value: number): bigint {
  if (!Number.isFinite(value)) throw new RangeError(`Not a number: ${value}`);
  return BigInt(Math.round(value * 100));
}

function wholeCents(value: number, what: string): bigint {
  if (!Number.isInteger(value)) throw new RangeError(`${what} must be whole cents: ${value}`);
  return BigInt(value);
}

/** Rounds cents to the nearest whole dollar (half away from zero: $229.50 -> $230). */
export function roundToDollar(cents: number): number {
  return Number(divRound(wholeCents(cents, 'Amount'), 100n) * 100n);
}

/** cents x (num / den), rounded to the whole dollar. */
function multiplyToDollar(cents: bigint, factor: { num: bigint; den: bigint }): bigint {
  return divRound(cents * factor.num, factor.den * 100n) * 100n;
}

export function computePartPrice(input: PartPriceInput): PartPrice {
  const rate =
    wholeCents(input.laborRateCents, 'Labor rate') +
    (input.multiTechnician ? BigInt(PRICING_DEFAULTS.multiTechnicianMarkupCents) : 0n);
  const labor = divRound(hundredths(input.estimatedHours) * hundredths(input.complexityMultiplier) * rate, 10_000n);
  const roof = input.includeRoofAccess ? wholeCents(input.roofAccessFeeCents, 'Roof access fee') : 0n;
  const base =
    wholeCents(input.partsCostCents, 'Parts cost') + labor + wholeCents(input.truckFeeCents, 'Truck fee') + roof;
  const nonContract = multiplyToDollar(base, NON_CONTRACT);
  const pmContract = multiplyToDollar(nonContract, PM_CONTRACT);
  return {
    adjustedLaborRateCents: Number(rate),
    laborCents: Number(labor),
    roofAccessCents: Number(roof),
    totalBaseCents: Number(base),
    flatRateNonContractCents: Number(nonContract),
    flatRatePmContractCents: Number(pmContract),
    unitCostCents: Number(nonContract),
  };
}

/** "$1,234.50" without depending on Intl data (the same text on server and browser). */
function usd(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

/** An exact amount given in 1/10^scale dollars, with 2 to `scale` decimals: "$106.0965", "$229.50". */
function exactDollars(units: bigint, scale: number): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const factor = 10n ** BigInt(scale);
  const whole = (abs / factor).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = (abs % factor).toString().padStart(scale, '0').replace(/0+$/, '').padEnd(2, '0');
  return `${negative ? '-' : ''}$${whole}.${fraction}`;
}

/** 1.5 -> "1.5", 2 -> "2", 0.25 -> "0.25" (a multiplier or hour count as typed). */
function plain(value: number): string {
  return String(Math.round(value * 100) / 100);
}

/**
 * The "why this price" lines under the Part tab's figures: each step of the formula with the
 * numbers that went into it, so a person can check the price by hand.
 */
export function explainPartPrice(input: PartPriceInput, price: PartPrice = computePartPrice(input)): string[] {
  const rate = input.multiTechnician
    ? `(${usd(input.laborRateCents)} labor rate + ${usd(PRICING_DEFAULTS.multiTechnicianMarkupCents)} multi-technician markup) = ${usd(price.adjustedLaborRateCents)}/hr`
    : `${usd(price.adjustedLaborRateCents)}/hr`;
  const baseTerms = [
    `${usd(input.partsCostCents)} parts`,
    `${usd(price.laborCents)} labor`,
    `${usd(input.truckFeeCents)} truck fee`,
  ];
  if (input.includeRoofAccess) baseTerms.push(`${usd(price.roofAccessCents)} roof access`);
  // The unrounded products, exact: base x 135 is in 1/10,000 dollars, non-contract x 9 in 1/1,000.
  const nonContractExact = exactDollars(BigInt(price.totalBaseCents) * NON_CONTRACT.num, 4);
  const pmExact = exactDollars(BigInt(price.flatRateNonContractCents) * PM_CONTRACT.num, 3);
  return [
    `Labor = ${plain(input.estimatedHours)} h x ${plain(input.complexityMultiplier)} complexity x ${rate} = ${usd(price.laborCents)}`,
    `Base = ${baseTerms.join(' + ')} = ${usd(price.totalBaseCents)}`,
    `Non-contract flat rate = ${usd(price.totalBaseCents)} x 1.35 = ${nonContractExact}, rounded to ${usd(price.flatRateNonContractCents)}`,
    `PM contract flat rate = ${usd(price.flatRateNonContractCents)} x 0.9 = ${pmExact}, rounded to ${usd(price.flatRatePmContractCents)}`,
    `Unit cost = the non-contract flat rate, ${usd(price.unitCostCents)}`,
  ];
}
